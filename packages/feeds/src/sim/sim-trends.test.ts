import { DAY_MS, HOUR_MS, mentionMatcher } from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { simulatedChannels, simulatedPosts, simulatedSearchSeries } from './sim-trends.ts';

const NOW = Date.UTC(2026, 10, 26, 4);

describe('simulated trends', () => {
  it('gives the same posts for a window however it is split, so a reader stores each once', () => {
    const whole = simulatedPosts(7, NOW - DAY_MS, NOW);
    const halves = [
      ...simulatedPosts(7, NOW - DAY_MS, NOW - 12 * HOUR_MS),
      ...simulatedPosts(7, NOW - 12 * HOUR_MS, NOW),
    ];
    expect(halves.map((p) => `${p.channel}/${p.messageId}`).sort()).toEqual(
      whole.map((p) => `${p.channel}/${p.messageId}`).sort(),
    );
    expect(whole.length).toBeGreaterThan(150);
  });

  it('posts that name tokens the mention counter finds, in every channel', () => {
    const posts = simulatedPosts(7, NOW - DAY_MS, NOW, ['BTC', 'ETH', 'XRP', 'SOL', 'DOGE']);
    const matcher = mentionMatcher(['BTC', 'ETH', 'XRP', 'SOL', 'DOGE']);
    const named = posts.filter((p) => matcher.mentions(p.text).length > 0);
    expect(named.length / posts.length).toBeGreaterThan(0.9);
    expect(new Set(posts.map((p) => p.channel)).size).toBe(simulatedChannels(7).length);
  });

  it('daily search series end today, one point a day, within 0–100', () => {
    const series = simulatedSearchSeries(7, NOW, ['BTC', 'ETH'], 'naver', 30);
    const btc = series.get('BTC') ?? [];
    expect(btc).toHaveLength(30);
    expect(btc.at(-1)?.d).toBe(Date.UTC(2026, 10, 26));
    expect(btc.every((p) => p.v >= 0 && p.v <= 100)).toBe(true);
  });
});
