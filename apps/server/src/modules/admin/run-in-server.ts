import type { Database } from '@spreadscope/db';
// The admin CLI's own commands, run on the server's open database: one implementation of each command,
// whichever process holds the data directory.
import { runAdmin, USAGE, UsageError } from '../../../../../scripts/admin.ts';
import type { AdminCommandResult } from './admin-endpoint.ts';

export async function runAdminInServer(argv: string[], database: Database): Promise<AdminCommandResult> {
  const lines: string[] = [];
  try {
    const code = await runAdmin(
      argv,
      process.env,
      { log: (line) => lines.push(line) },
      () => {
        throw new UsageError('the CLI sends the password itself; --password-stdin is read on its side');
      },
      database,
    );
    return { code, lines };
  } catch (error) {
    if (error instanceof UsageError) return { code: 2, lines: [...lines, error.message, USAGE] };
    throw error;
  }
}
