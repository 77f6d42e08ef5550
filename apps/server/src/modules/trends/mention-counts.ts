import { DAY_MS, HOUR_MS } from '@spreadscope/core';

export interface MentionCount {
  readonly base: string;
  readonly rank: number;
  readonly h1: number;
  readonly h24: number;
  readonly d7: number;
  readonly change: number | null;
}

/**
 * Per-token counts of posts mentioning it over the last hour, day and week, ranked by the day (then the
 * week, then the hour, then the ticker, so ties rank the same way every time).
 */
export function countMentions(
  posts: readonly { publishedAt: number; tokens: readonly string[] }[],
  now: number,
): MentionCount[] {
  const counts = new Map<string, { h1: number; h24: number; d7: number }>();
  for (const post of posts) {
    const age = now - post.publishedAt;
    if (age < 0 || age >= 7 * DAY_MS) continue;
    for (const base of post.tokens) {
      let c = counts.get(base);
      if (!c) {
        c = { h1: 0, h24: 0, d7: 0 };
        counts.set(base, c);
      }
      c.d7++;
      if (age < DAY_MS) c.h24++;
      if (age < HOUR_MS) c.h1++;
    }
  }
  return [...counts.entries()]
    .map(([base, c]) => {
      const usual = (c.d7 - c.h24) / 6;
      return { base, ...c, change: usual > 0 ? c.h24 / usual : null };
    })
    .sort((a, b) => b.h24 - a.h24 || b.d7 - a.d7 || b.h1 - a.h1 || a.base.localeCompare(b.base))
    .map((c, i) => ({ ...c, rank: i + 1 }));
}
