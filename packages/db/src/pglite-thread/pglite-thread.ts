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

/**
 * How long a thread that died waits before it is started again: doubling from the first to the last while the
 * threads die young (a fault on every start must not become a loop of starts), the first again once one has
 * served for HEALTHY_AFTER_MS.
 */
const RESTART_FIRST_MS = 250;
const RESTART_MAX_MS = 30_000;
const HEALTHY_AFTER_MS = 60_000;

export interface PgliteThreadOptions {
  /** Told when the thread died unasked and when it serves again (the log's business, not this module's). */
  readonly onRestart?: ((event: PgliteRestartEvent) => void) | undefined;
  /** Each thread started, the first and every restart (tests end one to stand in for a crash). */
  readonly onWorker?: ((worker: Worker) => void) | undefined;
}

export type PgliteRestartEvent =
  | { readonly kind: 'died'; readonly exitCode: number; readonly retryInMs: number }
  | { readonly kind: 'restarted'; readonly attempt: number }
  | { readonly kind: 'failed'; readonly message: string; readonly retryInMs: number };

/** One thread's life: its ready (or failed) start, then its exit. */
interface Spawned {
  readonly worker: Worker;
  readonly started: Promise<PgliteThreadReply | null>;
  readonly exit: Promise<number>;
  readonly next: () => Promise<PgliteThreadReply>;
}

function spawn(data: PgliteThreadData, options: PgliteThreadOptions): Spawned {
  const { entry, eval: isEval } = workerEntry();
  const worker = new Worker(entry, { eval: isEval, workerData: data });
  options.onWorker?.(worker);
  const exit = new Promise<number>((resolve) => worker.once('exit', resolve));
  // A failure after start shows as the pool's refused connections until the thread is back.
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
  const started = Promise.race([next(), exit.then(() => null)]).catch((error: unknown) => {
    throw error instanceof Error ? error : new Error(String(error));
  });
  return { worker, started, exit, next };
}

/**
 * Starts PGlite on its own thread, serving the PostgreSQL protocol on an owner-only Unix socket. A thread that
 * dies unasked (PGlite aborting on a WASM fault, an uncaught error) is started again on the same files and the
 * same socket, backing off while it keeps failing: the pool's next connection finds it there, and the server
 * answers from its database again instead of refusing every query until someone restarts the process. Postgres
 * replays its WAL on start, so what was committed before the fault is kept.
 */
export async function startPgliteThread(
  dataDir: string,
  template: string | undefined,
  options: PgliteThreadOptions = {},
): Promise<PgliteThread> {
  // mkdtemp makes the directory 0700: only this user reaches the socket. The temp folder keeps the path under
  // the 107 bytes a Unix socket's name may have, wherever the data directory is.
  const host = mkdtempSync(join(tmpdir(), 'spreadscope-pglite-'));
  const data: PgliteThreadData = { dataDir, template, socketPath: join(host, `.s.PGSQL.${SOCKET_PORT}`) };
  let current = spawn(data, options);
  const started = await current.started;
  if (started?.kind !== 'ready') {
    await current.worker.terminate();
    await current.exit;
    rmSync(host, { recursive: true, force: true });
    throw new Error(
      `PGlite did not start: ${started?.kind === 'failed' ? started.message : 'its thread exited'}`,
    );
  }
  // The template seeded the first start; a restart opens the cluster the first one wrote (in memory, nothing
  // outlives the thread: it starts from the template again).
  const again: PgliteThreadData = {
    dataDir,
    template: dataDir.startsWith('memory://') ? template : undefined,
    socketPath: data.socketPath,
  };
  let serving = true;
  let closing: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;

  const supervise = (spawned: Spawned, delayMs: number, attempt: number): void => {
    const servingSince = Date.now();
    void spawned.exit.then((exitCode) => {
      serving = false;
      if (closing !== undefined) return;
      const healthy = Date.now() - servingSince >= HEALTHY_AFTER_MS;
      const wait = healthy ? RESTART_FIRST_MS : delayMs;
      options.onRestart?.({ kind: 'died', exitCode, retryInMs: wait });
      retry = setTimeout(() => restart(wait, healthy ? 1 : attempt + 1), wait).unref();
    });
  };
  const restart = async (delayMs: number, attempt: number): Promise<void> => {
    if (closing !== undefined) return;
    current = spawn(again, options);
    const reply = await current.started.catch((error: unknown) => ({
      kind: 'failed' as const,
      message: error instanceof Error ? error.message : String(error),
    }));
    if (closing !== undefined) return;
    const nextDelay = Math.min(delayMs * 2, RESTART_MAX_MS);
    if (reply?.kind === 'ready') {
      serving = true;
      options.onRestart?.({ kind: 'restarted', attempt });
      supervise(current, nextDelay, attempt);
      return;
    }
    options.onRestart?.({
      kind: 'failed',
      message: reply?.kind === 'failed' ? reply.message : 'its thread exited',
      retryInMs: nextDelay,
    });
    await current.worker.terminate();
    await current.exit;
    if (closing !== undefined) return;
    retry = setTimeout(() => restart(nextDelay, attempt + 1), nextDelay).unref();
  };
  supervise(current, RESTART_FIRST_MS, 0);

  return {
    host,
    port: SOCKET_PORT,
    alive: () => serving && closing === undefined,
    close() {
      closing ??= (async () => {
        clearTimeout(retry);
        const { worker, exit, next } = current;
        if (serving) {
          const closed = next().catch(() => undefined);
          worker.postMessage({ kind: 'close' });
          await Promise.race([
            closed,
            exit,
            new Promise((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref()),
          ]);
        }
        await worker.terminate();
        await exit;
        rmSync(host, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}
