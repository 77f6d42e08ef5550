import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { REPO_ROOT, type ServerProcess } from './server-process.ts';

const run = promisify(execFile);

/**
 * `npm run admin -- …` as an operator runs it, against a running e2e server: the CLI finds the server's
 * embedded database locked and hands the command to that server over loopback.
 */
export async function adminCli(server: ServerProcess, ...argv: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...argv], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: server.dataDir,
      LOG_LEVEL: 'silent',
    },
    timeout: 60_000,
  });
  return stdout;
}
