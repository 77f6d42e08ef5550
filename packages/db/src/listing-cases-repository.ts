import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database, Drizzle } from './database.ts';
import { type ListingCasePostRow, listingCases } from './schema-listing-cases.ts';
import { assertMode, type ModeOption, type SourceMode } from './source-modes.ts';

export type { ListingCasePostRow } from './schema-listing-cases.ts';

/** A stored listing case; times in epoch ms, prices in the market's quote. */
export interface ListingCaseRecord {
  readonly key: string;
  readonly venue: string;
  readonly quote: string;
  readonly base: string;
  readonly name: string | null;
  readonly type: 'default' | 'global_simultaneous' | 'first_domestic';
  readonly announcedAt: number;
  readonly listedAt: number | null;
  readonly deposit: { readonly amount: number; readonly krw: number | null } | null;
  readonly listingPrice: number | null;
  readonly high24h: number | null;
  readonly low24h: number | null;
  readonly peakPremium: { pct: number; at: number } | null;
  readonly marketCapChange24hPct: number | null;
  readonly posts: readonly ListingCasePostRow[];
  readonly origin: 'recorded' | 'imported';
  readonly updatedAt: number;
}

export interface ListingCaseRepository {
  readonly mode: SourceMode;
  forMode(mode: ModeOption): ListingCaseRepository;
  /**
   * Writes the cases keyed by market key (this source's) in one transaction: all or none. Returns how many
   * were new.
   */
  upsert(rows: readonly ListingCaseRecord[]): Promise<{ inserted: number; updated: number }>;
  /** Up to `limit` cases, newest announcement first. */
  list(limit: number): Promise<ListingCaseRecord[]>;
  /** Which of these keys are stored. */
  known(keys: readonly string[]): Promise<Set<string>>;
}

const ms = (d: Date | null) => d?.getTime() ?? null;
const date = (n: number | null) => (n === null ? null : new Date(n));

function toRecord(row: typeof listingCases.$inferSelect): ListingCaseRecord {
  return {
    key: row.key,
    venue: row.venue,
    quote: row.quote,
    base: row.base,
    name: row.name,
    type: row.type,
    announcedAt: row.announcedAt.getTime(),
    listedAt: ms(row.listedAt),
    deposit: row.depositAmount === null ? null : { amount: row.depositAmount, krw: row.depositKrw },
    listingPrice: row.listingPrice,
    high24h: row.high24h,
    low24h: row.low24h,
    peakPremium: row.peakPremium ?? null,
    marketCapChange24hPct: row.marketCapChange24hPct,
    posts: row.posts,
    origin: row.origin,
    updatedAt: row.updatedAt.getTime(),
  };
}

function toValues(row: ListingCaseRecord, mode: SourceMode) {
  return {
    sourceMode: mode,
    key: row.key,
    venue: row.venue,
    quote: row.quote,
    base: row.base,
    name: row.name,
    type: row.type,
    announcedAt: new Date(row.announcedAt),
    listedAt: date(row.listedAt),
    depositAmount: row.deposit?.amount ?? null,
    depositKrw: row.deposit?.krw ?? null,
    listingPrice: row.listingPrice,
    high24h: row.high24h,
    low24h: row.low24h,
    peakPremium: row.peakPremium,
    marketCapChange24hPct: row.marketCapChange24hPct,
    posts: [...row.posts],
    origin: row.origin,
    updatedAt: new Date(row.updatedAt),
  };
}

/** Closed listing cases per source mode (recorded by the listing service, imported by the operator). */
export function createListingCaseRepository(
  database: Pick<Database, 'db'>,
  options: { mode?: ModeOption } = {},
): ListingCaseRepository {
  return repository(database.db, options.mode ?? 'live');
}

function repository(db: Drizzle, modeOf: ModeOption): ListingCaseRepository {
  const current = (): SourceMode => assertMode(typeof modeOf === 'function' ? modeOf() : modeOf);
  return {
    get mode() {
      return current();
    },
    forMode: (mode) => repository(db, mode),
    async upsert(rows) {
      if (rows.length === 0) return { inserted: 0, updated: 0 };
      const mode = current();
      return db.transaction(async (tx) => {
        const existing = await tx
          .select({ key: listingCases.key })
          .from(listingCases)
          .where(
            and(
              eq(listingCases.sourceMode, mode),
              inArray(
                listingCases.key,
                rows.map((r) => r.key),
              ),
            ),
          );
        const had = new Set(existing.map((r) => r.key));
        for (const row of rows) {
          const { sourceMode: _m, key: _k, ...update } = toValues(row, mode);
          await tx
            .insert(listingCases)
            .values(toValues(row, mode))
            .onConflictDoUpdate({ target: [listingCases.sourceMode, listingCases.key], set: update });
        }
        const keys = new Set(rows.map((r) => r.key));
        const updated = [...keys].filter((k) => had.has(k)).length;
        return { inserted: keys.size - updated, updated };
      });
    },
    async list(limit) {
      const rows = await db
        .select()
        .from(listingCases)
        .where(eq(listingCases.sourceMode, current()))
        .orderBy(desc(listingCases.announcedAt), desc(listingCases.id))
        .limit(limit);
      return rows.map(toRecord);
    },
    async known(keys) {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ key: listingCases.key })
        .from(listingCases)
        .where(and(eq(listingCases.sourceMode, current()), inArray(listingCases.key, [...keys])));
      return new Set(rows.map((r) => r.key));
    },
  };
}
