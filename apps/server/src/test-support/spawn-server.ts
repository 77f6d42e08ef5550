import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root: server processes run from there, as `npm start` does. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** The server's entry under tsx (one process: its pid is the server's). */
export const SERVER_MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface SpawnedServer {
  readonly child: ChildProcess;
  /** The URL it prints once it serves; rejects with its output if it exits before. */
  readonly url: Promise<string>;
  /** Everything it printed so far, stdout and stderr. */
  readonly output: () => string;
}

/**
 * Starts a real server process on a free loopback port with only the environment given (plus PATH and HOME),
 * capturing its output and reading the "Spreadscope is running at <url>" line it prints when it serves.
 */
export function spawnServer(
  env: Record<string, string>,
  args: readonly string[] = ['--import', 'tsx', SERVER_MAIN],
): SpawnedServer {
  const child = spawn(process.execPath, [...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', () => {
      const match = /Spreadscope is running at (http:\/\/\S+)/.exec(log);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before serving:\n${log}`)));
  });
  // A caller that only waits for the exit (a refused start) must not leave the rejection unhandled.
  url.catch(() => undefined);
  return { child, url, output: () => log };
}
