import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

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
  const args = options.bundle ? [BUNDLE] : ['--import', 'tsx', MAIN];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      VISITOR_GATED_ROWS: '0',
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
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s:\n${log}`)), 60_000);
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
      reject(new Error(`${name} exited with ${code} before starting:\n${log}`));
    });
  });
  const done = () => rmSync(dataDir, { recursive: true, force: true });
  return {
    name,
    url,
    pid: child.pid ?? -1,
    output: () => log,
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
