import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { storableText } from '@spreadscope/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/errors.ts';

/**
 * While a server holds the embedded database, the admin CLI cannot open it (one process per data
 * directory), so it asks the server to run the command instead. The door is narrow: only connections from
 * this machine's loopback, never a proxied request, and only with the token the server writes into the data
 * directory at start (owner-only file, so only whoever may read the database may use it). Anything else
 * is told the route does not exist.
 */
export const ADMIN_ENDPOINT_FILE = 'admin-endpoint.json';
export const ADMIN_COMMAND_PATH = '/api/v1/admin/command';

export interface AdminCommandResult {
  readonly code: number;
  readonly lines: readonly string[];
}
export type AdminCommandRunner = (argv: string[]) => Promise<AdminCommandResult>;

export const newAdminToken = () => randomBytes(32).toString('base64url');

const bodySchema = z.object({ argv: z.array(storableText(4096)).min(1).max(32) });

export function registerAdminEndpoint(app: FastifyInstance, token: string, run: AdminCommandRunner): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(ADMIN_COMMAND_PATH, { schema: { hide: true, body: bodySchema } }, async (request) => {
      const local = isLoopback(request.raw.socket.remoteAddress);
      const proxied =
        request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
      if (!local || proxied || !sameSecret(request.headers.authorization, `Bearer ${token}`)) {
        throw new ApiError(404, 'not_found', 'error.notFound');
      }
      return run(request.body.argv);
    });
}

/** Tells the CLI where the server listens and the token; returns a function that withdraws it. */
export async function publishAdminEndpoint(
  dataDir: string,
  host: string,
  port: number,
  token: string,
): Promise<() => Promise<void>> {
  const path = join(dataDir, ADMIN_ENDPOINT_FILE);
  const url = `http://${loopbackFor(host)}:${port}`;
  await writeFile(path, `${JSON.stringify({ url, token, pid: process.pid })}\n`, { mode: 0o600 });
  return () => rm(path, { force: true });
}

/** Where the server is reachable from this machine; a server bound to one outside address is not. */
function loopbackFor(host: string): string {
  if (host === '::' || host === '::1') return '[::1]';
  return '127.0.0.1';
}

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

function sameSecret(given: string | undefined, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison takes the same time whatever was sent.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}
