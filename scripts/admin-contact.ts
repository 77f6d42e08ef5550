/**
 * `npm run admin -- inquiries [--limit N] [--json]`: the contact form's inquiries, the latest first, with
 * whether each was mailed to CONTACT_TO (one that was not is only here).
 */
import { parseArgs } from 'node:util';
import { createContactRepository, type Database } from '@spreadscope/db';

export const CONTACT_USAGE = '  npm run admin -- inquiries [--limit N] [--json]';

export class ContactUsageError extends Error {
  override readonly name = 'ContactUsageError';
}

export async function runInquiries(
  args: readonly string[],
  open: () => Promise<{ database: Database; owned: boolean } | number>,
  out: { log(line: string): void },
): Promise<number> {
  let values: { limit?: string; json?: boolean };
  try {
    values = parseArgs({
      args: [...args],
      options: { limit: { type: 'string' }, json: { type: 'boolean' } },
      strict: true,
    }).values;
  } catch (error) {
    throw new ContactUsageError((error as Error).message);
  }
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
    throw new ContactUsageError('--limit must be a whole number from 1 to 10000');
  const opened = await open();
  if (typeof opened === 'number') return opened;
  try {
    const inquiries = await createContactRepository(opened.database).list(limit);
    if (values.json) {
      for (const inquiry of inquiries) out.log(JSON.stringify(inquiry));
      return 0;
    }
    if (inquiries.length === 0) out.log('no inquiries yet');
    for (const inquiry of inquiries) {
      const mailed = inquiry.mailedAt === null ? 'NOT MAILED' : 'mailed';
      const telegram = inquiry.telegram ? ` @${inquiry.telegram}` : '';
      out.log(
        `${new Date(inquiry.receivedAt).toISOString()}  ${inquiry.email}${telegram}  [${inquiry.language}, ${mailed}]  ${inquiry.id}`,
      );
      for (const line of inquiry.inquiry.split('\n')) out.log(`    ${line}`);
    }
    return 0;
  } finally {
    if (opened.owned) await opened.database.close();
  }
}
