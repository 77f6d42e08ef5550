import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer } from './spawn-server.ts';

const BUNDLE = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface RoleProcess {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  readonly output: () => string;
  /** Ends the process at once, as a crash would (SIGKILL: no shutdown, no lock release). */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the server from source (`node --import tsx src/main.ts`, one process: its pid is the server's) or,
 * with `bundle`, the built `dist/main.js` (cheaper to start), on a free loopback port with its own data folder,
 * resolving once it prints "Spreadscope is running at <url>".
 */
export async function startRoleProcess(
  name: string,
  env: Record<string, string>,
  options: { bundle?: boolean } = {},
): Promise<RoleProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), `spreadscope-${name}-`));
  const server = spawnServer(
    { DATA_DIR: dataDir, LOG_LEVEL: 'info', VISITOR_GATED_ROWS: '0', ...env },
    options.bundle ? [BUNDLE] : undefined,
  );
  const { child } = server;
  const log = server.output;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const timeout = new Promise<never>((_, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s:\n${log()}`)), 60_000);
    void server.url.finally(() => clearTimeout(timer)).catch(() => undefined);
  });
  const url = await Promise.race([
    server.url.catch((error: Error) => Promise.reject(new Error(`${name}: ${error.message}`))),
    timeout,
  ]);
  const done = () => rmSync(dataDir, { recursive: true, force: true });
  return {
    name,
    url,
    pid: child.pid ?? -1,
    output: log,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      done();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      done();
    },
  };
}
