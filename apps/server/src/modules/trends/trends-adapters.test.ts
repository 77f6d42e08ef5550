import { describe, expect, it, vi } from 'vitest';
import type { MentionCount } from './mention-counts.ts';
import { trendRanksFrom } from './trends-adapters.ts';
import type { TrendsLookup } from './trends-service.ts';

const count = (base: string, rank: number): MentionCount => ({
  base,
  rank,
  h1: 0,
  h24: 10 - rank,
  d7: 20,
  change: null,
});

describe('trend ranks for the token list', () => {
  it('reads the mention ranking in the background and serves it for a minute', async () => {
    let clock = 0;
    const ranking = vi.fn(async () => [count('BTC', 1), count('XRP', 2)]);
    const lookup = { mentionRanking: ranking } as unknown as TrendsLookup;
    const ranks = trendRanksFrom(lookup, () => clock);
    // The first build after a start has no ranks yet; the read it started fills them.
    expect(ranks().rankOf('BTC')).toBeNull();
    await vi.waitFor(() => expect(ranks().rankOf('XRP')).toBe(2));
    expect(ranks().rankOf('ETH')).toBeNull();
    expect(ranking).toHaveBeenCalledTimes(1);
    clock = 61_000;
    ranks();
    expect(ranking).toHaveBeenCalledTimes(2);
  });
});
