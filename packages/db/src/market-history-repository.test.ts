import { expect, it } from 'vitest';
import { createHistoryRepository } from './history-repository.ts';
import { createMarketHistoryRepository } from './market-history-repository.ts';
import { flatBar, forEachDatabase } from './test-databases.ts';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 2, 1, 9, 0); // on the hour

const bar = flatBar;

forEachDatabase('market history repository', (getDb) => {
  it('keeps settled fundings per perpetual, upserting a repeated one', async () => {
    const repo = createMarketHistoryRepository(getDb());
    const row = {
      venue: 'fundtest',
      base: 'BTC',
      quote: 'USDT',
      rate: 0.0001,
      intervalHours: 8,
      markPrice: 100_000,
    };
    await repo.writeFundingSettlements([
      { ...row, fundingTime: T0 },
      { ...row, fundingTime: T0 + 8 * 3_600_000, rate: 0.0002, markPrice: null },
    ]);
    await repo.writeFundingSettlements([{ ...row, fundingTime: T0, rate: 0.00015 }]);
    const read = await repo.readFundingSettlements({
      venue: 'fundtest',
      base: 'BTC',
      quote: 'USDT',
      from: T0,
      to: T0 + 86_400_000,
    });
    expect(read.map((r) => [r.fundingTime, r.rate, r.markPrice])).toEqual([
      [T0, 0.00015, 100_000],
      [T0 + 8 * 3_600_000, 0.0002, null],
    ]);
    expect(
      await repo.readFundingSettlements({ venue: 'nobody', base: 'BTC', quote: 'USDT', from: 0, to: T0 }),
    ).toEqual([]);
  });

  it('stores funding minutes', async () => {
    const repo = createMarketHistoryRepository(getDb());
    const rows = [0, 1].map((i) => ({
      venue: 'fundmin',
      base: 'ETH',
      quote: 'USDT',
      minute: T0 + i * MINUTE,
      rate: 0.0001 * (i + 1),
      intervalHours: 4,
      nextFundingTime: T0 + 4 * 3_600_000,
      markPrice: null,
    }));
    expect(await repo.writeFundingMinutes(rows)).toBe(2);
    expect(await repo.writeFundingMinutes(rows)).toBe(2);
    await expect(repo.writeFundingMinutes([{ ...rows[0], minute: T0 + 1 } as never])).rejects.toThrow(
      RangeError,
    );
  });

  it('sums funding minutes per perpetual and hour for the heatmap, annualized', async () => {
    const repo = createMarketHistoryRepository(getDb());
    const HOUR = 3_600_000;
    const minute = (venue: string, at: number, rate: number, intervalHours: number) => ({
      venue,
      base: 'HEAT',
      quote: 'USDT',
      minute: at,
      rate,
      intervalHours,
      nextFundingTime: null,
      markPrice: null,
    });
    await repo.writeFundingMinutes([
      minute('heatx', T0 - HOUR, 0.0005, 8), // before the range
      minute('heatx', T0, 0.0001, 8), // 10.95 %
      minute('heatx', T0 + 30 * MINUTE, 0.0003, 8), // 32.85 %
      minute('heatx', T0 + HOUR + MINUTE, 0.0001, 1), // 87.6 %
      minute('heaty', T0 + 5 * MINUTE, -0.0001, 4), // −21.9 %
      minute('heatx', T0 + 2 * HOUR, 0.0002, 8), // at the end of the range: out
    ]);
    const rows = (await repo.readFundingHeat({ from: T0, to: T0 + 2 * HOUR })).filter(
      (r) => r.base === 'HEAT',
    );
    const hour = T0 / HOUR;
    expect(rows.map((r) => [r.venue, r.hour, r.minutes])).toEqual([
      ['heatx', hour, 2],
      ['heatx', hour + 1, 1],
      ['heaty', hour, 1],
    ]);
    expect(rows[0]?.annualizedSum).toBeCloseTo(10.95 + 32.85, 9);
    expect(rows[1]?.annualizedSum).toBeCloseTo(87.6, 9);
    expect(rows[2]?.annualizedSum).toBeCloseTo(-21.9, 9);
  });

  it('reads the index per bucket as its last minute', async () => {
    const repo = createMarketHistoryRepository(getDb());
    const base = {
      conversionBase: 'USDT' as const,
      btcPremium: 2,
      btcPriceKrw: 1.4e8,
      btcPriceUsd: 1e5,
      constituents: 10,
    };
    await repo.writePremiumIndex(
      [0, 1, 2, 5, 6].map((i) => ({
        ...base,
        minute: T0 + i * MINUTE,
        value: i,
        btcPremium: i === 6 ? null : 2,
      })),
    );
    const read = await repo.readPremiumIndex({
      conversionBase: 'USDT',
      from: T0,
      to: T0 + 10 * MINUTE,
      stepMs: 5 * MINUTE,
    });
    expect(read.map((r) => [r.minute, r.value, r.btcPremium, r.constituents])).toEqual([
      [T0, 2, 2, 10],
      [T0 + 5 * MINUTE, 6, null, 10],
    ]);
    expect(
      await repo.readPremiumIndex({ conversionBase: 'USD', from: T0, to: T0 + 10 * MINUTE, stepMs: MINUTE }),
    ).toEqual([]);
  });

  it('builds candles from the minute bars of a market', async () => {
    const history = createHistoryRepository(getDb());
    const repo = createMarketHistoryRepository(getDb());
    await history.writeMinuteBars([
      bar('candles', 'SOL', 'USDT', T0, 10, { open: 9, high: 11, low: 8 }),
      bar('candles', 'SOL', 'USDT', T0 + MINUTE, 12, { open: 10, high: 13, low: 9.5 }),
      bar('candles', 'SOL', 'USDT', T0 + 5 * MINUTE, 7, { open: 12, high: 12, low: 6 }),
    ]);
    const read = await repo.readCandles({
      venue: 'candles',
      market: 'spot',
      base: 'SOL',
      quote: 'USDT',
      from: T0,
      to: T0 + 10 * MINUTE,
      stepMs: 5 * MINUTE,
    });
    // Volume only for whole days (see the next test): null here.
    expect(read).toEqual([
      { t: T0, o: 9, h: 13, l: 8, c: 12, v: null },
      { t: T0 + 5 * MINUTE, o: 12, h: 12, l: 6, c: 7, v: null },
    ]);
  });

  it('gives whole-day candles the base volume of the day: 24 h volume at its last minute ÷ mean close', async () => {
    const history = createHistoryRepository(getDb());
    const repo = createMarketHistoryRepository(getDb());
    const DAY = 86_400_000;
    const D0 = T0 - (T0 % DAY);
    const last = D0 + DAY - MINUTE;
    await history.writeMinuteBars([
      bar('vol', 'SOL', 'USDT', D0, 100, { volume24h: 1e6 }),
      bar('vol', 'SOL', 'USDT', last, 300, { volume24h: 4e6 }), // the rolling 24 h = the day, in USDT
      // The next day has not ended: its volume is not known yet.
      bar('vol', 'SOL', 'USDT', D0 + DAY, 200, { volume24h: 9e6 }),
    ]);
    const key = { venue: 'vol', market: 'spot' as const, base: 'SOL', quote: 'USDT' };
    const days = await repo.readCandles({ ...key, from: D0, to: D0 + 2 * DAY, stepMs: DAY });
    // Mean close 200: 4,000,000 USDT ≈ 20,000 SOL.
    expect(days.map((c) => c.v)).toEqual([20_000, null]);
    // In another currency the bucket's prices convert; its volume, in SOL, does not.
    await history.writeForexBars([
      { pair: 'USD/KRW', minute: D0 - MINUTE, open: 1_400, high: 1_400, low: 1_400, close: 1_400 },
    ]);
    const krw = await repo.readCandles({
      ...key,
      from: D0,
      to: D0 + 2 * DAY,
      stepMs: DAY,
      convert: { exponent: 1, conversionBase: 'USD' },
    });
    expect(krw.map((c) => [c.c, c.v])).toEqual([
      [300 * 1_400, 20_000],
      [200 * 1_400, null],
    ]);
    const hours = await repo.readCandles({ ...key, from: D0, to: D0 + DAY, stepMs: 3_600_000 });
    expect(hours.every((c) => c.v === null)).toBe(true);
  });

  it('sums the minutes’ traded volume into any candle where the source reports its trades', async () => {
    const history = createHistoryRepository(getDb());
    const repo = createMarketHistoryRepository(getDb());
    await history.writeMinuteBars([
      bar('traded', 'ETH', 'KRW', T0, 5_000_000, { volume: 1.5 }),
      bar('traded', 'ETH', 'KRW', T0 + MINUTE, 5_010_000, { volume: 2.25 }),
      bar('traded', 'ETH', 'KRW', T0 + 5 * MINUTE, 5_020_000, { volume: 4 }),
      // A source without trades (a live venue's rolling 24 h volume only): no volume for short candles.
      bar('untraded', 'ETH', 'KRW', T0, 5_000_000),
    ]);
    const key = { market: 'spot' as const, base: 'ETH', quote: 'KRW', from: T0, to: T0 + 10 * MINUTE };
    const minutes = await repo.readCandles({ ...key, venue: 'traded', stepMs: MINUTE });
    expect(minutes.map((c) => c.v)).toEqual([1.5, 2.25, 4]);
    const fives = await repo.readCandles({ ...key, venue: 'traded', stepMs: 5 * MINUTE });
    expect(fives.map((c) => c.v)).toEqual([3.75, 4]);
    await history.writeForexBars([
      { pair: 'USD/KRW', minute: T0 - MINUTE, open: 1_400, high: 1_400, low: 1_400, close: 1_400 },
    ]);
    const usd = await repo.readCandles({
      ...key,
      venue: 'traded',
      stepMs: 5 * MINUTE,
      convert: { exponent: -1, conversionBase: 'USD' },
    });
    expect(usd.map((c) => c.v)).toEqual([3.75, 4]);
    const none = await repo.readCandles({ ...key, venue: 'untraded', stepMs: MINUTE });
    expect(none.map((c) => c.v)).toEqual([null]);
  });

  it('gives 1-minute premium candles their wicks from the pair’s own minute bars, either way round', async () => {
    const history = createHistoryRepository(getDb());
    const repo = createMarketHistoryRepository(getDb());
    const upbit = { venue: 'wickk', market: 'spot' as const, base: 'BTC', quote: 'KRW' };
    const binance = { venue: 'wicko', market: 'spot' as const, base: 'BTC', quote: 'USDT' };
    await history.writeMinuteBars([
      bar('wickk', 'BTC', 'KRW', T0, 141_400_000),
      bar('wickk', 'BTC', 'KRW', T0 + MINUTE, 142_800_000),
      bar('wicko', 'BTC', 'USDT', T0, 100_000),
      bar('wicko', 'BTC', 'USDT', T0 + MINUTE, 100_000),
    ]);
    await history.writeForexBars([
      { pair: 'USD/KRW', minute: T0, open: 1_400, high: 1_400, low: 1_400, close: 1_400 },
    ]);
    // Minute 0 swung from 1 % to 4 % and back down to 0.5 % before closing at 1 % (ratios in KRW per USDT).
    await repo.writeGapMinutes([
      { first: upbit, second: binance, minute: T0, open: 1_414, high: 1_456, low: 1_407, close: 1_414 },
    ]);
    const pct = (ratio: number) => (ratio / 1_400 - 1) * 100;
    const query = {
      source: upbit,
      target: binance,
      exponent: -1 as const,
      conversionBase: 'USD' as const,
      from: T0,
      to: T0 + 2 * MINUTE,
      stepMs: MINUTE,
    };
    const candles = await repo.readGapCandles(query);
    expect(candles[0]?.o).toBeCloseTo(pct(1_414), 9);
    expect(candles[0]?.h).toBeCloseTo(pct(1_456), 9);
    expect(candles[0]?.l).toBeCloseTo(pct(1_407), 9);
    expect(candles[0]?.c).toBeCloseTo(pct(1_414), 9);
    // Minute 1 has no bar of its own: its close, flat, as before.
    expect([candles[1]?.o, candles[1]?.h, candles[1]?.l]).toEqual([
      candles[1]?.c,
      candles[1]?.c,
      candles[1]?.c,
    ]);
    expect(candles[1]?.c).toBeCloseTo(2, 9);
    // Read the other way round, the reciprocal: Binance over Upbit, highs and lows swapped.
    const back = await repo.readGapCandles({ ...query, source: binance, target: upbit, exponent: 1 });
    const inverse = (ratio: number) => ((1 / ratio) * 1_400 - 1) * 100;
    expect(back[0]?.h).toBeCloseTo(inverse(1_407), 9);
    expect(back[0]?.l).toBeCloseTo(inverse(1_456), 9);
    // A 2-minute bucket spans both: the wick of minute 0, the close of minute 1.
    const wide = await repo.readGapCandles({ ...query, stepMs: 2 * MINUTE });
    expect(wide[0]?.h).toBeCloseTo(pct(1_456), 9);
    expect(wide[0]?.c).toBeCloseTo(2, 9);
  });

  it('builds premium candles with the rate as of each minute', async () => {
    const history = createHistoryRepository(getDb());
    const repo = createMarketHistoryRepository(getDb());
    await history.writeMinuteBars([
      bar('gapk', 'BTC', 'KRW', T0, 141_400_000),
      bar('gapk', 'BTC', 'KRW', T0 + MINUTE, 144_200_000),
      bar('gapk', 'BTC', 'KRW', T0 + 2 * MINUTE, 140_000_000),
      bar('gapo', 'BTC', 'USDT', T0, 100_000),
      bar('gapo', 'BTC', 'USDT', T0 + MINUTE, 100_000),
      bar('gapo', 'BTC', 'USDT', T0 + 2 * MINUTE, 100_000),
    ]);
    // Forex closed only at the first minute: later minutes read it as of then.
    await history.writeForexBars([
      { pair: 'USD/KRW', minute: T0, open: 1_400, high: 1_400, low: 1_400, close: 1_400 },
    ]);
    const read = await repo.readGapCandles({
      source: { venue: 'gapk', market: 'spot', base: 'BTC', quote: 'KRW' },
      target: { venue: 'gapo', market: 'spot', base: 'BTC', quote: 'USDT' },
      exponent: -1,
      conversionBase: 'USD',
      from: T0,
      to: T0 + 3 * MINUTE,
      stepMs: 3 * MINUTE,
    });
    expect(read).toHaveLength(1);
    expect(read[0]?.t).toBe(T0);
    expect(read[0]?.o).toBeCloseTo(1, 10);
    expect(read[0]?.h).toBeCloseTo(3, 10);
    expect(read[0]?.l).toBeCloseTo(0, 10);
    expect(read[0]?.c).toBeCloseTo(0, 10);
    const same = await repo.readGapCandles({
      source: { venue: 'gapo', market: 'spot', base: 'BTC', quote: 'USDT' },
      target: { venue: 'gapo', market: 'spot', base: 'BTC', quote: 'USDT' },
      exponent: 0,
      conversionBase: 'USD',
      from: T0,
      to: T0 + 3 * MINUTE,
      stepMs: MINUTE,
    });
    expect(same.map((c) => c.c)).toEqual([0, 0, 0]);
  });

  it('converts each bar by the rate as of its own minute, not today’s', async () => {
    const history = createHistoryRepository(getDb());
    const repo = createMarketHistoryRepository(getDb());
    await history.writeMinuteBars([
      bar('conv', 'ETH', 'USDT', T0 - MINUTE, 2_000), // before any USDT/KRW rate: left out
      bar('conv', 'ETH', 'USDT', T0, 2_000, { open: 1_990, high: 2_010, low: 1_980 }),
      bar('conv', 'ETH', 'USDT', T0 + MINUTE, 2_100),
      bar('conv', 'ETH', 'USDT', T0 + 3 * MINUTE, 2_200),
      // Upbit USDT/KRW, the USDT conversion base: 1,400 then 1,500 from minute 2.
      bar('upbit', 'USDT', 'KRW', T0, 1_400),
      bar('upbit', 'USDT', 'KRW', T0 + 2 * MINUTE, 1_500),
    ]);
    const key = { venue: 'conv', market: 'spot' as const, base: 'ETH', quote: 'USDT' };
    const range = { from: T0 - 5 * MINUTE, to: T0 + 5 * MINUTE, stepMs: MINUTE };
    const krw = await repo.readCandles({
      ...key,
      ...range,
      convert: { exponent: 1, conversionBase: 'USDT' },
    });
    expect(krw).toEqual([
      { t: T0, o: 1_990 * 1_400, h: 2_010 * 1_400, l: 1_980 * 1_400, c: 2_000 * 1_400, v: null },
      { t: T0 + MINUTE, o: 2_100 * 1_400, h: 2_100 * 1_400, l: 2_100 * 1_400, c: 2_100 * 1_400, v: null },
      // Minute 3 has no rate bar of its own: minute 2's 1,500 holds.
      { t: T0 + 3 * MINUTE, o: 2_200 * 1_500, h: 2_200 * 1_500, l: 2_200 * 1_500, c: 2_200 * 1_500, v: null },
    ]);
    // A bucket over the rate change: each minute converted by its own rate before open, high, low, close.
    const wide = await repo.readCandles({
      ...key,
      from: T0,
      to: T0 + 5 * MINUTE,
      stepMs: 5 * MINUTE,
      convert: { exponent: 1, conversionBase: 'USDT' },
    });
    expect(wide).toEqual([
      { t: T0, o: 1_990 * 1_400, h: 2_200 * 1_500, l: 1_980 * 1_400, c: 2_200 * 1_500, v: null },
    ]);
    // Dividing: a KRW market in dollars by the forex rate of each minute.
    await history.writeMinuteBars([
      bar('convk', 'ETH', 'KRW', T0, 2_800_000),
      bar('convk', 'ETH', 'KRW', T0 + MINUTE, 3_000_000),
    ]);
    await history.writeForexBars([
      { pair: 'USD/KRW', minute: T0 - 2 * 86_400_000, open: 1_400, high: 1_400, low: 1_400, close: 1_400 },
      { pair: 'USD/KRW', minute: T0 + MINUTE, open: 1_500, high: 1_500, low: 1_500, close: 1_500 },
    ]);
    const usd = await repo.readCandles({
      venue: 'convk',
      market: 'spot',
      base: 'ETH',
      quote: 'KRW',
      ...range,
      convert: { exponent: -1, conversionBase: 'USD' },
    });
    expect(usd.map((c) => c.c)).toEqual([2_000, 2_000]);
  });

  it('carries a leg without a bar forward in premium candles, for at most six hours', async () => {
    const history = createHistoryRepository(getDb());
    const repo = createMarketHistoryRepository(getDb());
    await history.writeMinuteBars([
      // The source trades at minutes 0 and 2 only; the target every minute.
      bar('carrys', 'BTC', 'USDT', T0, 101),
      bar('carrys', 'BTC', 'USDT', T0 + 2 * MINUTE, 103),
      ...[0, 1, 2, 3].map((i) => bar('carryt', 'BTC', 'USDT', T0 + i * MINUTE, 100)),
      // A source that last traded seven hours before: too old to carry.
      bar('stale', 'BTC', 'USDT', T0 - 7 * 3_600_000, 150),
    ]);
    const leg = (venue: string) => ({ venue, market: 'spot' as const, base: 'BTC', quote: 'USDT' });
    const read = await repo.readGapCandles({
      source: leg('carrys'),
      target: leg('carryt'),
      exponent: 0,
      conversionBase: 'USD',
      from: T0,
      to: T0 + 4 * MINUTE,
      stepMs: MINUTE,
    });
    expect(read.map((c) => [c.t, c.c])).toEqual([
      [T0, expect.closeTo(1, 10)],
      [T0 + MINUTE, expect.closeTo(1, 10)], // the source's minute-0 close, carried
      [T0 + 2 * MINUTE, expect.closeTo(3, 10)],
      [T0 + 3 * MINUTE, expect.closeTo(3, 10)],
    ]);
    const stale = await repo.readGapCandles({
      source: leg('stale'),
      target: leg('carryt'),
      exponent: 0,
      conversionBase: 'USD',
      from: T0,
      to: T0 + 4 * MINUTE,
      stepMs: MINUTE,
    });
    expect(stale).toEqual([]);
  });

  it('prunes minutes by the retention and settlements by their own', async () => {
    const repo = createMarketHistoryRepository(getDb());
    await repo.writeFundingSettlements([
      {
        venue: 'prune',
        base: 'BTC',
        quote: 'USDT',
        fundingTime: T0 - 10 * 86_400_000,
        rate: 0,
        intervalHours: 8,
        markPrice: null,
      },
    ]);
    await repo.writeFundingMinutes([
      {
        venue: 'prune',
        base: 'BTC',
        quote: 'USDT',
        minute: T0 - 10 * 86_400_000,
        rate: 0,
        intervalHours: 8,
        nextFundingTime: null,
        markPrice: null,
      },
    ]);
    // Minutes older than 5 days go; settlements are kept for 30.
    expect(await repo.pruneBefore(T0 - 5 * 86_400_000, T0 - 30 * 86_400_000)).toBeGreaterThanOrEqual(1);
    expect(
      await repo.readFundingSettlements({ venue: 'prune', base: 'BTC', quote: 'USDT', from: 0, to: T0 }),
    ).toHaveLength(1);
    await repo.pruneBefore(T0 - 5 * 86_400_000, T0);
    expect(
      await repo.readFundingSettlements({ venue: 'prune', base: 'BTC', quote: 'USDT', from: 0, to: T0 }),
    ).toHaveLength(0);
  });
});

forEachDatabase('market history repository: writes that keep what is stored', (getDb) => {
  it('adds missing funding, gap and index rows and leaves stored ones (a back-fill never overwrites the live run)', async () => {
    const repo = createMarketHistoryRepository(getDb(), { mode: 'simulated' });
    const perp = { venue: 'keepfund', base: 'BTC', quote: 'USDT', intervalHours: 8, markPrice: 1 };
    const minute = (i: number, rate: number) => ({
      ...perp,
      minute: T0 + i * MINUTE,
      rate,
      nextFundingTime: T0 + 8 * 3_600_000,
    });
    await repo.writeFundingMinutes([minute(1, 0.5)]);
    await repo.writeFundingMinutes([minute(0, 0.1), minute(1, 0.2)], { keepExisting: true });
    const heat = await repo.readFundingHeat({ from: T0, to: T0 + 3_600_000 });
    const mine = heat.find((h) => h.venue === 'keepfund');
    expect(mine?.minutes).toBe(2);
    expect(mine?.annualizedSum).toBeCloseTo(((0.1 + 0.5) * 8760 * 100) / 8, 6);

    await repo.writeFundingSettlements([{ ...perp, fundingTime: T0, rate: 0.3 }]);
    await repo.writeFundingSettlements([{ ...perp, fundingTime: T0, rate: 0.4 }], { keepExisting: true });
    const settled = await repo.readFundingSettlements({ ...perp, from: T0, to: T0 + MINUTE });
    expect(settled.map((s) => s.rate)).toEqual([0.3]);

    const index = (value: number) => ({
      minute: T0,
      conversionBase: 'USD' as const,
      value,
      btcPremium: null,
      btcPriceKrw: null,
      btcPriceUsd: null,
      constituents: 10,
    });
    await repo.writePremiumIndex([index(2.5)]);
    await repo.writePremiumIndex([index(9)], { keepExisting: true });
    const read = await repo.readPremiumIndex({
      conversionBase: 'USD',
      from: T0,
      to: T0 + MINUTE,
      stepMs: MINUTE,
    });
    expect(read.map((r) => r.value)).toEqual([2.5]);

    const a = { venue: 'keepgapk', market: 'spot' as const, base: 'BTC', quote: 'KRW' };
    const b = { venue: 'keepgapo', market: 'spot' as const, base: 'BTC', quote: 'USDT' };
    const history = createHistoryRepository(getDb(), { mode: 'simulated' });
    await history.writeMinuteBars([
      bar('keepgapk', 'BTC', 'KRW', T0, 1_414),
      bar('keepgapo', 'BTC', 'USDT', T0, 1),
    ]);
    await history.writeForexBars([
      { pair: 'USD/KRW', minute: T0, open: 1_400, high: 1_400, low: 1_400, close: 1_400 },
    ]);
    const gap = (high: number) => ({
      first: a,
      second: b,
      minute: T0,
      open: 1_414,
      high,
      low: 1_400,
      close: 1_414,
    });
    await repo.writeGapMinutes([gap(1_456)]);
    await repo.writeGapMinutes([gap(1_500)], { keepExisting: true });
    const [candle] = await repo.readGapCandles({
      source: a,
      target: b,
      exponent: -1,
      conversionBase: 'USD',
      from: T0,
      to: T0 + MINUTE,
      stepMs: MINUTE,
    });
    expect(candle?.h).toBeCloseTo((1_456 / 1_400 - 1) * 100, 9);
  });
});
