import type { ListingRecord } from '@spreadscope/db';
import { z } from 'zod';
import { flag } from './public-params.ts';

/** What the paid API reads of the listings (modules/listing's service). */
export interface ListingsView {
  stored(limit: number): Promise<ListingRecord[]>;
}

/** The newest listings an answer carries; the SDK pages nothing here. */
const HISTORY_ROWS = 1_000;

export const listingsHistoricalQuery = z.object({
  /** The registry's "refresh the cache": the answer is always read from the store, so it changes nothing. */
  refresh: flag(false),
});

/**
 * §2.15 `/listings/historical`: every listing the Korean venues announced, newest first, in snake_case with
 * epoch-ms times. Deposit and trade times are the ones observed on the venue, else the ones the notice
 * scheduled (null when neither is known). `quote` is ours: one notice can list a token on several markets.
 */
export async function listingsHistoricalAnswer(listings: ListingsView) {
  const rows = await listings.stored(HISTORY_ROWS);
  return {
    data: rows.map((r) => ({
      exchange: r.venue,
      base: r.base,
      quote: r.quote,
      network: r.networks[0] ?? null,
      announced_at: r.announcedAt,
      deposit_at: r.depositOpenedAt ?? r.depositAt,
      trade_at: r.tradingStartedAt ?? r.tradingAt,
      url: r.noticeUrl,
    })),
  };
}

/** The `/announcement/listing` WebSocket message (§3.5 Listing). */
export function listingMessage(r: ListingRecord): Record<string, unknown> {
  return { e: r.venue, b: r.base, q: r.quote, u: r.noticeUrl, d: r.announcedAt };
}
