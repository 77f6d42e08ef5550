import { forex, quote } from '@spreadscope/core/testing';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from './market-engine.ts';
import { premiumFilter } from './test-events.ts';
import type { PersistedCloses } from './warm-up.ts';

const M0 = 1_763_700_000_000 - (1_763_700_000_000 % 60_000);
const MIN = 60_000;
const LAST = 300; // five hours of history, so every window up to 4 h has a value

const filter = premiumFilter({ search: 'BTC' });

/** A premium that wanders, Upbit quiet some minutes, the rate moving: every path of the rings is used. */
const rateAt = (i: number) => 1_400 + (i % 37);
const premiumAt = (i: number) => (i < 200 ? 1 + (i % 11) / 10 : 3 + (i % 5) / 100);
const upbitQuiet = (i: number) => i % 13 === 5;

function livePrices(engine: MarketEngine, i: number): void {
  const t = M0 + i * MIN + 1_000;
  engine.apply(forex(t, rateAt(i)));
  engine.apply(quote(t + 1, 'binance', 'BTC', 'USDT', 100_000 + i));
  if (!upbitQuiet(i))
    engine.apply(quote(t + 2, 'upbit', 'BTC', 'KRW', (100_000 + i) * rateAt(i) * (1 + premiumAt(i) / 100)));
}

/** The minute bars a running engine would have persisted for minutes 0 … LAST − 1. */
function history(): { markets: PersistedCloses[]; forex: { minutes: number[]; closes: number[] } } {
  const engine = new MarketEngine();
  for (let i = 0; i < LAST; i++) livePrices(engine, i);
  engine.closeBefore(M0 + LAST * MIN);
  const { bars, forex: fx } = engine.bars.drain();
  const byMarket = new Map<string, PersistedCloses & { minutes: number[]; closes: number[] }>();
  for (const bar of bars) {
    const k = `${bar.venue}|${bar.base}|${bar.quote}`;
    const entry = byMarket.get(k) ?? { ...bar, minutes: [], closes: [] };
    entry.minutes.push(bar.minute);
    entry.closes.push(bar.close);
    byMarket.set(k, entry);
  }
  return {
    markets: [...byMarket.values()],
    forex: { minutes: fx.map((b) => b.minute), closes: fx.map((b) => b.close) },
  };
}

describe('minute rings refilled from history at start-up', () => {
  const now = M0 + (LAST + 2) * MIN + 20_000;
  /** An engine that never stopped: it saw every minute live. */
  const unbroken = new MarketEngine();
  for (let i = 0; i <= LAST + 2; i++) livePrices(unbroken, i);
  const expected = unbroken.premium(filter, now).data[0];

  it('answers the look-back windows and the premium duration as an engine that never restarted', () => {
    const { markets, forex: fx } = history();
    const restarted = new MarketEngine();
    restarted.restoreForexCloses(fx.minutes, fx.closes);
    restarted.restoreCloses(markets);
    expect(restarted.restoresWaiting).toBe(2); // nothing quoted yet: Binance and Upbit BTC wait (forex is apart)
    for (let i = LAST; i <= LAST + 2; i++) livePrices(restarted, i);
    expect(restarted.restoresWaiting).toBe(0);
    const row = restarted.premium(filter, now).data[0];
    expect(expected?.gapAgo['4h']).not.toBeNull();
    for (const w of ['5m', '15m', '30m', '1h', '4h'] as const)
      expect(row?.gapAgo[w], w).toBeCloseTo(expected?.gapAgo[w] ?? Number.NaN, 4);
    expect(row?.gapAgo['24h']).toBeNull();
    expect(row?.durationSince).toBe(expected?.durationSince);
    expect(now - (row?.durationSince ?? now)).toBeGreaterThan(90 * MIN);
  });

  it('fills markets that quoted before the history was read, under their live minutes', () => {
    const { markets, forex: fx } = history();
    const restarted = new MarketEngine();
    for (let i = LAST; i <= LAST + 2; i++) livePrices(restarted, i);
    restarted.closeBefore(M0 + (LAST + 2) * MIN);
    restarted.restoreForexCloses(fx.minutes, fx.closes);
    restarted.restoreCloses(markets);
    expect(restarted.restoresWaiting).toBe(0);
    const row = restarted.premium(filter, now).data[0];
    for (const w of ['5m', '1h', '4h'] as const)
      expect(row?.gapAgo[w], w).toBeCloseTo(expected?.gapAgo[w] ?? Number.NaN, 4);
    expect(row?.durationSince).toBe(expected?.durationSince);
  });

  it('drops waiting closes once they fall out of the rings’ reach', () => {
    const { markets } = history();
    const engine = new MarketEngine({ windowMinutes: 60 });
    engine.restoreCloses(markets);
    engine.closeBefore(M0 + LAST * MIN);
    expect(engine.restoresWaiting).toBe(2);
    engine.closeBefore(M0 + (LAST + 62) * MIN);
    expect(engine.restoresWaiting).toBe(0);
  });
});
