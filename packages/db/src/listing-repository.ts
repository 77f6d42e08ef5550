import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import {
  type ListingTimelineEntry,
  listingEvents,
  listingInvites,
  listingSettings,
} from './schema-listing.ts';
import { assertMode, type ModeOption, type SourceMode } from './source-modes.ts';

export type { ListingTimelineEntry } from './schema-listing.ts';

/** A listing event as stored; times in epoch ms. */
export interface ListingRecord {
  readonly id: number;
  readonly venue: string;
  readonly quote: string;
  readonly base: string;
  readonly name: string | null;
  readonly type: 'default' | 'global_simultaneous' | 'first_domestic';
  readonly noticeUrl: string;
  readonly noticeTitle: string;
  readonly announcedAt: number;
  readonly depositAt: number | null;
  readonly sellAt: number | null;
  readonly tradingAt: number | null;
  readonly networks: readonly string[];
  readonly postponed: boolean;
  readonly depositOpenedAt: number | null;
  readonly tradingStartedAt: number | null;
  readonly peakPremium: { pct: number; at: number } | null;
  readonly timeline: readonly ListingTimelineEntry[];
  readonly updatedAt: number;
}

export type ListingUpsert = Omit<ListingRecord, 'id'>;

export type RedeemOutcome = 'redeemed' | 'already_yours' | 'invalid';
export type RevokeOutcome = 'revoked' | 'used' | 'missing';

export interface ListingRepository {
  readonly mode: SourceMode;
  forMode(mode: ModeOption): ListingRepository;
  /** Writes the event keyed by venue, quote and token (this source's), returning the stored row. */
  upsert(row: ListingUpsert): Promise<ListingRecord>;
  /** Events announced at or after `since`, newest first. */
  list(since: number, limit: number): Promise<ListingRecord[]>;
  issueInvite(code: string, now: number, note: string | null): Promise<boolean>;
  /** Binds an unused code to the user; the user's own code again is `already_yours`. */
  redeemInvite(code: string, userId: string, now: number): Promise<RedeemOutcome>;
  hasRedeemed(userId: string): Promise<boolean>;
  /** Deletes an unused code; a used one stays (spec §5: used codes cannot be revoked). */
  revokeInvite(code: string): Promise<RevokeOutcome>;
  listInvites(): Promise<{ code: string; createdAt: number; usedBy: string | null; usedAt: number | null }[]>;
  settings(userId: string): Promise<Record<string, unknown> | null>;
  saveSettings(userId: string, settings: Record<string, unknown>, now: number): Promise<void>;
}

const ms = (d: Date | null) => d?.getTime() ?? null;
const date = (n: number | null) => (n === null ? null : new Date(n));

function toRecord(row: typeof listingEvents.$inferSelect): ListingRecord {
  return {
    id: row.id,
    venue: row.venue,
    quote: row.quote,
    base: row.base,
    name: row.name,
    type: row.type,
    noticeUrl: row.noticeUrl,
    noticeTitle: row.noticeTitle,
    announcedAt: row.announcedAt.getTime(),
    depositAt: ms(row.depositAt),
    sellAt: ms(row.sellAt),
    tradingAt: ms(row.tradingAt),
    networks: row.networks,
    postponed: row.postponed,
    depositOpenedAt: ms(row.depositOpenedAt),
    tradingStartedAt: ms(row.tradingStartedAt),
    peakPremium: row.peakPremium ?? null,
    timeline: row.timeline,
    updatedAt: row.updatedAt.getTime(),
  };
}

/** Listing events (per source mode), invite codes and per-user listing settings. */
export function createListingRepository(
  database: Pick<Database, 'db'>,
  options: { mode?: ModeOption } = {},
): ListingRepository {
  const modeOf = options.mode ?? 'live';
  const current = (): SourceMode => assertMode(typeof modeOf === 'function' ? modeOf() : modeOf);
  const { db } = database;
  return {
    get mode() {
      return current();
    },
    forMode: (mode) => createListingRepository(database, { mode }),
    async upsert(row) {
      const values = {
        venue: row.venue,
        quote: row.quote,
        base: row.base,
        name: row.name,
        type: row.type,
        noticeUrl: row.noticeUrl,
        noticeTitle: row.noticeTitle,
        announcedAt: new Date(row.announcedAt),
        depositAt: date(row.depositAt),
        sellAt: date(row.sellAt),
        tradingAt: date(row.tradingAt),
        networks: [...row.networks],
        postponed: row.postponed,
        depositOpenedAt: date(row.depositOpenedAt),
        tradingStartedAt: date(row.tradingStartedAt),
        peakPremium: row.peakPremium,
        timeline: [...row.timeline],
        updatedAt: new Date(row.updatedAt),
        sourceMode: current(),
      };
      const { venue, quote, base, sourceMode, ...update } = values;
      const [stored] = await db
        .insert(listingEvents)
        .values(values)
        .onConflictDoUpdate({
          target: [listingEvents.sourceMode, listingEvents.venue, listingEvents.quote, listingEvents.base],
          set: update,
        })
        .returning();
      if (!stored) throw new Error('listing upsert returned no row');
      return toRecord(stored);
    },
    async list(since, limit) {
      const rows = await db
        .select()
        .from(listingEvents)
        .where(and(eq(listingEvents.sourceMode, current()), gte(listingEvents.announcedAt, new Date(since))))
        .orderBy(desc(listingEvents.announcedAt), desc(listingEvents.id))
        .limit(limit);
      return rows.map(toRecord);
    },
    async issueInvite(code, now, note) {
      const rows = await db
        .insert(listingInvites)
        .values({ code, createdAt: new Date(now), note })
        .onConflictDoNothing()
        .returning({ code: listingInvites.code });
      return rows.length > 0;
    },
    async redeemInvite(code, userId, now) {
      const claimed = await db
        .update(listingInvites)
        .set({ usedBy: userId, usedAt: new Date(now) })
        .where(and(eq(listingInvites.code, code), isNull(listingInvites.usedBy)))
        .returning({ code: listingInvites.code });
      if (claimed.length > 0) return 'redeemed';
      const [mine] = await db
        .select({ code: listingInvites.code })
        .from(listingInvites)
        .where(and(eq(listingInvites.code, code), eq(listingInvites.usedBy, userId)));
      return mine ? 'already_yours' : 'invalid';
    },
    async hasRedeemed(userId) {
      const [row] = await db
        .select({ n: sql<number>`1` })
        .from(listingInvites)
        .where(eq(listingInvites.usedBy, userId))
        .limit(1);
      return row !== undefined;
    },
    async revokeInvite(code) {
      const deleted = await db
        .delete(listingInvites)
        .where(and(eq(listingInvites.code, code), isNull(listingInvites.usedAt)))
        .returning({ code: listingInvites.code });
      if (deleted.length > 0) return 'revoked';
      const [exists] = await db
        .select({ code: listingInvites.code })
        .from(listingInvites)
        .where(eq(listingInvites.code, code));
      return exists ? 'used' : 'missing';
    },
    async listInvites() {
      const rows = await db.select().from(listingInvites).orderBy(desc(listingInvites.createdAt));
      return rows.map((r) => ({
        code: r.code,
        createdAt: r.createdAt.getTime(),
        usedBy: r.usedBy,
        usedAt: ms(r.usedAt),
      }));
    },
    async settings(userId) {
      const [row] = await db.select().from(listingSettings).where(eq(listingSettings.userId, userId));
      return row?.settings ?? null;
    },
    async saveSettings(userId, settings, now) {
      await db
        .insert(listingSettings)
        .values({ userId, settings, updatedAt: new Date(now) })
        .onConflictDoUpdate({ target: listingSettings.userId, set: { settings, updatedAt: new Date(now) } });
    },
  };
}
