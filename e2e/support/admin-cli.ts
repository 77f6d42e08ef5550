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

/** A verified account on a plan, made with the admin CLI as an operator would; returns the CLI's output. */
export function createVerifiedUser(
  server: ServerProcess,
  user: { email: string; password: string; plan: string; language?: 'ko' | 'en' },
): Promise<string> {
  return adminCli(
    server,
    'create-user',
    '--email',
    user.email,
    '--password',
    user.password,
    '--plan',
    user.plan,
    '--verified',
    ...(user.language ? ['--language', user.language] : []),
  );
}
