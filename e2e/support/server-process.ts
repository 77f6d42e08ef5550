import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUNDLE = join(REPO_ROOT, 'apps/server/dist/main.js');

/**
 * For a file that charts a simulated day: the back-fill of the majors (the premium index's constituents and
 * USDT/KRW; BTC's day lands within ~10 s), which a server skips unless asked.
 */
export const MAJORS_BACKFILL = { SIM_BACKFILL_TOKENS: '12' } as const;

export interface ServerProcess {
  readonly url: string;
  /** Its DATA_DIR: the admin CLI (`npm run admin`) reaches the running server through it. */
  readonly dataDir: string;
  readonly output: () => string;
  /** `kill -9`: the process dies mid-work and its data directory is kept (start another on it). */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the built product the way `npm start` does (node apps/server/dist/main.js) on a free port with its own
 * data folder, and resolves once it prints the line a user sees: "Spreadscope is running at <url>".
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  options: { startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const startTimeoutMs = options.startTimeoutMs ?? 120_000;
  const dataDir = mkdtempSync(join(tmpdir(), 'spreadscope-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [BUNDLE], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Visitors see whole tables unless a test is about gated rows ("Login to see") and sets it.
      VISITOR_GATED_ROWS: '0',
      // No back-filled day unless a file charts one (it sets SIM_BACKFILL_TOKENS): even the majors alone
      // (the index's 13 tokens) keep a server 1.3 cores busy for its first ~50 s, most of an e2e file's life.
      SIM_BACKFILL_TOKENS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start within ${startTimeoutMs / 1000} s:\n${log}`)),
      startTimeoutMs,
    );
    const check = () => {
      const match = /Spreadscope is running at (http:\/\/\S+)/.exec(log);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before starting:\n${log}`));
    });
  });
  const exited = () =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    dataDir: env.DATA_DIR ?? dataDir,
    output: () => log,
    async crash() {
      const done = exited();
      child.kill('SIGKILL');
      await done;
    },
    async stop() {
      const done = exited();
      child.kill('SIGTERM');
      await done;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
