import type { TokenTrendRanks } from '../tokens/trend-ranks.ts';
import type { TrendsLookup } from './trends-service.ts';

/** How long the token list's trend ranks serve before the ranking is read again. */
const RANKS_TTL_MS = 60_000;

/**
 * The token list's trend rank column from the Telegram mention ranking. The list is built synchronously, so
 * the ranking is read in the background and kept a minute: the first build after a start shows no ranks yet.
 */
export function trendRanksFrom(lookup: TrendsLookup, now: () => number = Date.now): () => TokenTrendRanks {
  let ranks = new Map<string, number>();
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | null = null;
  const ranked: TokenTrendRanks = { available: true, rankOf: (base) => ranks.get(base) ?? null };
  return () => {
    if (now() - readAt >= RANKS_TTL_MS && !reading) {
      readAt = now();
      reading = lookup
        .mentionRanking()
        .then((list) => {
          ranks = new Map(list.map((m) => [m.base, m.rank]));
        })
        .catch(() => undefined)
        .finally(() => {
          reading = null;
        });
    }
    return ranked;
  };
}
