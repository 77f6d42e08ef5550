import {
  LISTING_CASE_EXCERPT_MAX,
  LISTING_CASE_POSTS_MAX,
  type ListingCasePost,
} from '@spreadscope/contracts';
import { listingSlug } from '@spreadscope/core';
import type { HistoryRepository, ListingCaseRecord, ListingRecord } from '@spreadscope/db';

export const DAY_MS = 86_400_000;
/** Posts this long before the notice still count as talk about the coming listing. */
const POSTS_BEFORE_MS = DAY_MS;
/** The last stored minute must reach this close to the 24 h mark for a 24 h change to be told. */
const LATE_ENOUGH_MS = 3_600_000;

/** Where a case's figures come from, all stored data of the running source. */
export interface CaseSources {
  /** Minute bars of the running source (the listing market's first day). */
  readonly history: Pick<HistoryRepository, 'readMinuteBars'>;
  /** Tokens deposited into the venue before `until`; null when the tracker does not follow the listing. */
  readonly depositedBefore?: (key: string, until: number) => Promise<number | null>;
  /** Tracked Telegram channels' posts naming the token in [from, to), oldest first. */
  readonly posts?: (base: string, from: number, to: number) => Promise<ListingCasePost[]>;
  /** Circulating supply when known (operator's token list, or the simulator's). */
  readonly supply: (base: string) => number | null;
}

export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= LISTING_CASE_EXCERPT_MAX ? flat : `${flat.slice(0, LISTING_CASE_EXCERPT_MAX - 1)}…`;
}

/**
 * A listing's case figures from what the product stored: the listing market's minute bars from trading start
 * to 24 h after (first open, highest high, lowest low, the cap change when supply is known), the deposit
 * tracker's total before trading and the channels' posts around it. Whatever is not stored stays null.
 * `until` cuts an open case at now.
 */
export async function caseFigures(
  row: ListingRecord,
  sources: CaseSources,
  until: number,
): Promise<Omit<ListingCaseRecord, 'origin' | 'updatedAt'>> {
  const key = listingSlug(row.venue, row.quote, row.base);
  const start = row.tradingStartedAt;
  let listingPrice: number | null = null;
  let high24h: number | null = null;
  let low24h: number | null = null;
  let marketCapChange24hPct: number | null = null;
  let deposit: ListingCaseRecord['deposit'] = null;
  if (start !== null) {
    const end = Math.min(start + DAY_MS, until);
    const bars = await sources.history.readMinuteBars({
      venue: row.venue,
      market: 'spot',
      base: row.base,
      quote: row.quote,
      from: Math.floor(start / 60_000) * 60_000,
      to: end,
    });
    const first = bars[0];
    const last = bars.at(-1);
    if (first && last) {
      listingPrice = first.open;
      high24h = Math.max(...bars.map((b) => b.high));
      low24h = Math.min(...bars.map((b) => b.low));
      const supply = sources.supply(row.base);
      // With the supply fixed over the day the cap moves as the price does; told only for a full day.
      if (supply !== null && listingPrice > 0 && last.minute + 60_000 >= start + DAY_MS - LATE_ENOUGH_MS)
        marketCapChange24hPct = ((last.close - listingPrice) / listingPrice) * 100;
    }
    const amount = sources.depositedBefore ? await sources.depositedBefore(key, start) : null;
    if (amount !== null)
      deposit = { amount, krw: row.quote === 'KRW' && listingPrice !== null ? amount * listingPrice : null };
  }
  const postsTo = Math.min((start ?? row.announcedAt) + DAY_MS, until);
  const posts = sources.posts
    ? await sources.posts(row.base, row.announcedAt - POSTS_BEFORE_MS, postsTo)
    : [];
  return {
    key,
    venue: row.venue,
    quote: row.quote,
    base: row.base,
    name: row.name,
    type: row.type,
    announcedAt: row.announcedAt,
    listedAt: start,
    deposit,
    listingPrice,
    high24h,
    low24h,
    peakPremium: row.peakPremium,
    marketCapChange24hPct,
    posts: posts.slice(0, LISTING_CASE_POSTS_MAX).map((p) => ({ ...p, text: excerpt(p.text) })),
  };
}
