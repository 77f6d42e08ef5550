/**
 * `npm run admin -- listing import <file.json>`: past listing cases from a JSON array (docs/listing-import.md),
 * each checked before anything is written; any bad row stops the import with its index and reason. Rows are
 * upserted by market key ({exchange}-{quote}-{base}) among the live source's cases, in one transaction.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type ListingCaseImport, listingCaseImportSchema } from '@spreadscope/contracts';
import { listingSlug } from '@spreadscope/core';
import { createListingCaseRepository, type Database, type ListingCaseRecord } from '@spreadscope/db';
import { ListingUsageError } from './admin-listing.ts';

export const LISTING_IMPORT_USAGE =
  '  npm run admin -- listing import <file.json>   (docs/listing-import.md)';

/** Most rows one file may hold (a few years of Korean listings). */
const MAX_ROWS = 10_000;

/** The rows as stored, or the problems, each naming the row's index and field. */
export function parseListingCases(
  raw: unknown,
  now: number,
): { rows: ListingCaseRecord[] } | { problems: string[] } {
  if (!Array.isArray(raw)) return { problems: ['the file must hold a JSON array of cases'] };
  if (raw.length > MAX_ROWS) return { problems: [`at most ${MAX_ROWS} cases per file`] };
  const problems: string[] = [];
  const rows: ListingCaseRecord[] = [];
  const seen = new Map<string, number>();
  raw.forEach((item, index) => {
    const parsed = listingCaseImportSchema.safeParse(item);
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 3)) {
        const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
        problems.push(`row ${index}: ${where}${issue.message}`);
      }
      return;
    }
    const row = toRecord(parsed.data, now);
    const earlier = seen.get(row.key);
    if (earlier !== undefined) {
      problems.push(`row ${index}: ${row.key} is already row ${earlier}`);
      return;
    }
    seen.set(row.key, index);
    rows.push(row);
  });
  return problems.length > 0 ? { problems } : { rows };
}

function toRecord(c: ListingCaseImport, now: number): ListingCaseRecord {
  return {
    key: listingSlug(c.exchange, c.quote, c.base),
    venue: c.exchange,
    quote: c.quote,
    base: c.base.toUpperCase(),
    name: c.name,
    type: c.type,
    announcedAt: c.announcedAt,
    listedAt: c.listedAt,
    deposit: c.totalDepositBeforeTrading,
    listingPrice: c.listingPrice,
    high24h: c.high24h,
    low24h: c.low24h,
    peakPremium: c.peakPremium,
    marketCapChange24hPct: c.marketCapChange24hPct,
    posts: c.posts,
    origin: 'imported',
    updatedAt: now,
  };
}

export async function runListingCases(
  args: readonly string[],
  open: () => Promise<{ database: Database; owned: boolean } | number>,
  out: { log(line: string): void },
  now: () => number = Date.now,
): Promise<number> {
  const [action, file, ...extra] = args;
  if (action !== 'import' || !file || extra.length > 0)
    throw new ListingUsageError(`listing needs import and one file\n${LISTING_IMPORT_USAGE}`);
  const path = resolve(file);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    out.log(
      `${path}: ${code === 'ENOENT' ? 'file not found' : `not valid JSON (${(error as Error).message})`}`,
    );
    return 1;
  }
  const parsed = parseListingCases(raw, now());
  if ('problems' in parsed) {
    for (const line of parsed.problems) out.log(line);
    out.log('nothing imported');
    return 1;
  }
  const opened = await open();
  if (typeof opened === 'number') return opened;
  try {
    const { inserted, updated } = await createListingCaseRepository(opened.database, { mode: 'live' }).upsert(
      parsed.rows,
    );
    out.log(`imported ${parsed.rows.length} listing cases (${inserted} new, ${updated} updated)`);
    return 0;
  } finally {
    if (opened.owned) await opened.database.close();
  }
}
