import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export interface PgliteThreadData {
  readonly dataDir: string;
  /** A migrated cluster to seed an empty data directory from. */
  readonly template?: string | undefined;
  readonly socketPath: string;
}

export type PgliteThreadReply =
  | { readonly kind: 'ready' }
  | { readonly kind: 'closed' }
  | { readonly kind: 'failed'; readonly message: string };

/** node-postgres reaches a Unix socket as `<host>/.s.PGSQL.<port>`. */
const SOCKET_PORT = 5432;
/** How long close() waits for PGlite to write its last pages before the thread is stopped anyway. */
const CLOSE_TIMEOUT_MS = 30_000;

export interface PgliteThread {
  /** The socket's directory and port, as node-postgres takes them (`host`, `port`). */
  readonly host: string;
  readonly port: number;
  /** Whether the thread is still serving. */
  readonly alive: () => boolean;
  /** Closes PGlite (its files complete) and ends the thread. Idempotent. */
  close(): Promise<void>;
}

/**
 * The bundled file beside the server's bundle when it runs built (dist/pglite-worker.js); else the
 * TypeScript source through tsx (tests, the admin CLI, benchmarks from source).
 */
function workerEntry(): { entry: URL | string; eval: boolean } {
  const built = new URL('./pglite-worker.js', import.meta.url);
  if (existsSync(built)) return { entry: built, eval: false };
  // A worker does not inherit the hooks `--import tsx` installed in this thread: tsx's tsImport brings them.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(
    /index\.cjs$/,
    'index.mjs',
  );
  const source = JSON.stringify(new URL('./pglite-worker.ts', import.meta.url).href);
  return {
    entry: `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${source}, ${source}));`,
    eval: true,
  };
}

/** Starts PGlite on its own thread, serving the PostgreSQL protocol on an owner-only Unix socket. */
export async function startPgliteThread(
  dataDir: string,
  template: string | undefined,
): Promise<PgliteThread> {
  // mkdtemp makes the directory 0700: only this user reaches the socket. The temp folder keeps the path under
  // the 107 bytes a Unix socket's name may have, wherever the data directory is.
  const host = mkdtempSync(join(tmpdir(), 'spreadscope-pglite-'));
  const data: PgliteThreadData = { dataDir, template, socketPath: join(host, `.s.PGSQL.${SOCKET_PORT}`) };
  const { entry, eval: isEval } = workerEntry();
  const worker = new Worker(entry, { eval: isEval, workerData: data });
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      exited = true;
      rmSync(host, { recursive: true, force: true });
      resolve();
    });
  });
  // A failure after start shows as the pool's refused connections; before it, as start's error.
  worker.on('error', () => {});
  const next = () =>
    new Promise<PgliteThreadReply>((resolve, reject) => {
      const onMessage = (message: PgliteThreadReply) => {
        worker.off('error', onError);
        resolve(message);
      };
      const onError = (error: Error) => {
        worker.off('message', onMessage);
        reject(error);
      };
      worker.once('message', onMessage);
      worker.once('error', onError);
    });
  const started = await Promise.race([next(), exit.then(() => null)]).catch((error: unknown) => {
    throw error instanceof Error ? error : new Error(String(error));
  });
  if (started?.kind !== 'ready') {
    await worker.terminate();
    await exit;
    throw new Error(
      `PGlite did not start: ${started?.kind === 'failed' ? started.message : 'its thread exited'}`,
    );
  }
  let closing: Promise<void> | undefined;
  return {
    host,
    port: SOCKET_PORT,
    alive: () => !exited && closing === undefined,
    close() {
      closing ??= (async () => {
        if (exited) return;
        const closed = next().catch(() => undefined);
        worker.postMessage({ kind: 'close' });
        await Promise.race([
          closed,
          exit,
          new Promise((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref()),
        ]);
        await worker.terminate();
        await exit;
      })();
      return closing;
    },
  };
}
