/**
 * `npm run admin -- listing-invite issue [--count N] [--note TEXT] | list | revoke --code CODE`: the operator's
 * pre-launch invite codes for listing arbitrage (LISTING_INVITE_REQUIRED). An unused code can be handed to
 * anyone (it is not tied to an account until redeemed); a redeemed code is bound to its user and cannot be
 * revoked.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createListingRepository, type Database } from '@spreadscope/db';

export const LISTING_USAGE =
  '  npm run admin -- listing-invite issue [--count N] [--note TEXT] | list | revoke --code CODE';

export class ListingUsageError extends Error {
  override readonly name = 'ListingUsageError';
}

/** LIST-XXXX-XXXX from an alphabet without look-alikes (0/O, 1/I). */
export function newInviteCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `LIST-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

export async function runListingInvite(
  args: readonly string[],
  open: () => Promise<{ database: Database; owned: boolean } | number>,
  out: { log(line: string): void },
  now: () => number = Date.now,
): Promise<number> {
  const [action, ...rest] = args;
  let values: { count?: string; note?: string; code?: string };
  try {
    values = parseArgs({
      args: [...rest],
      options: { count: { type: 'string' }, note: { type: 'string' }, code: { type: 'string' } },
      strict: true,
    }).values;
  } catch (error) {
    throw new ListingUsageError((error as Error).message);
  }
  if (action !== 'issue' && action !== 'list' && action !== 'revoke') {
    throw new ListingUsageError(`listing-invite needs issue, list or revoke\n${LISTING_USAGE}`);
  }
  const count = values.count === undefined ? 1 : Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 500)
    throw new ListingUsageError('--count must be a whole number from 1 to 500');
  if (action === 'revoke' && !values.code) throw new ListingUsageError('--code is required');
  const opened = await open();
  if (typeof opened === 'number') return opened;
  const repository = createListingRepository(opened.database);
  try {
    if (action === 'issue') {
      for (let i = 0; i < count; i++) {
        let code = newInviteCode();
        while (!(await repository.issueInvite(code, now(), values.note ?? null))) code = newInviteCode();
        out.log(code);
      }
      return 0;
    }
    if (action === 'list') {
      for (const invite of await repository.listInvites()) {
        const used =
          invite.usedAt === null
            ? 'unused'
            : `used ${new Date(invite.usedAt).toISOString()} by ${invite.usedBy ?? '(deleted account)'}`;
        out.log(`${invite.code}  issued ${new Date(invite.createdAt).toISOString()}  ${used}`);
      }
      return 0;
    }
    const outcome = await repository.revokeInvite(values.code as string);
    if (outcome === 'revoked') {
      out.log(`revoked ${values.code}`);
      return 0;
    }
    out.log(
      outcome === 'used'
        ? `${values.code} has been used and cannot be revoked`
        : `no invite code ${values.code}`,
    );
    return 1;
  } finally {
    if (opened.owned) await opened.database.close();
  }
}
