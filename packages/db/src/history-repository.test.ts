import type { ForexMinuteBar, MinuteBar } from '@spreadscope/core';
import { HISTORY_RETENTION_MS } from '@spreadscope/core';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createHistoryRepository } from './history-repository.ts';
import { instruments, priceMinutes } from './schema.ts';
import { forEachDatabase } from './test-databases.ts';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 2, 1, 9, 0);

function bar(overrides: Partial<MinuteBar> = {}): MinuteBar {
  return {
    venue: 'upbit',
    market: 'spot',
    base: 'BTC',
    quote: 'KRW',
    minute: T0,
    open: 140_000_000.5,
    high: 140_100_000,
    low: 139_900_000,
    close: 140_050_000.25,
    volume24h: 123_456_789_012.75,
    ...overrides,
  };
}

function fx(overrides: Partial<ForexMinuteBar> = {}): ForexMinuteBar {
  return { pair: 'USD/KRW', minute: T0, open: 1450.1, high: 1451, low: 1449.5, close: 1450.7, ...overrides };
}

forEachDatabase('history repository', (getDb) => {
  it('reads back what it wrote, ascending, with the exact float values', async () => {
    const repo = createHistoryRepository(getDb());
    const bars = [2, 0, 1].map((i) =>
      bar({ venue: 'roundtrip', minute: T0 + i * MINUTE, close: 0.1 + i / 3 }),
    );
    expect(await repo.writeMinuteBars(bars)).toBe(3);
    const read = await repo.readMinuteBars({ ...bar({ venue: 'roundtrip' }), from: T0, to: T0 + 3 * MINUTE });
    expect(read).toEqual([...bars].sort((a, b) => a.minute - b.minute));
  });

  it('keeps a missing 24h volume as null', async () => {
    const repo = createHistoryRepository(getDb());
    await repo.writeMinuteBars([bar({ venue: 'novolume', volume24h: null })]);
    const [read] = await repo.readMinuteBars({ ...bar({ venue: 'novolume' }), from: T0, to: T0 + MINUTE });
    expect(read?.volume24h).toBeNull();
  });

  it('keeps spot and perp of the same pair apart', async () => {
    const repo = createHistoryRepository(getDb());
    await repo.writeMinuteBars([
      bar({ venue: 'split', market: 'spot', close: 1 }),
      bar({ venue: 'split', market: 'perp', close: 2 }),
    ]);
    const range = { from: T0, to: T0 + MINUTE };
    const spot = await repo.readMinuteBars({ ...bar({ venue: 'split', market: 'spot' }), ...range });
    const perp = await repo.readMinuteBars({ ...bar({ venue: 'split', market: 'perp' }), ...range });
    expect(spot.map((b) => b.close)).toEqual([1]);
    expect(perp.map((b) => b.close)).toEqual([2]);
  });

  it('rewrites idempotently: the latest values replace the row, no duplicates', async () => {
    const repo = createHistoryRepository(getDb());
    const first = [bar({ venue: 'rewrite', close: 1 }), bar({ venue: 'rewrite', minute: T0 + MINUTE })];
    await repo.writeMinuteBars(first);
    await repo.writeMinuteBars(first);
    await repo.writeMinuteBars([bar({ venue: 'rewrite', close: 2, volume24h: null })]);
    const read = await repo.readMinuteBars({ ...bar({ venue: 'rewrite' }), from: T0, to: T0 + 2 * MINUTE });
    expect(read.map((b) => [b.minute, b.close, b.volume24h])).toEqual([
      [T0, 2, null],
      [T0 + MINUTE, bar().close, bar().volume24h],
    ]);

    await repo.writeForexBars([fx({ pair: 'REWRITE', close: 1 })]);
    await repo.writeForexBars([fx({ pair: 'REWRITE', close: 2 })]);
    expect(await repo.readForexBars({ pair: 'REWRITE', from: T0, to: T0 + MINUTE })).toEqual([
      fx({ pair: 'REWRITE', close: 2 }),
    ]);
  });

  it('takes the last bar when one batch repeats a key', async () => {
    const repo = createHistoryRepository(getDb());
    expect(
      await repo.writeMinuteBars([bar({ venue: 'dupes', close: 1 }), bar({ venue: 'dupes', close: 3 })]),
    ).toBe(1);
    expect(
      await repo.writeForexBars([fx({ pair: 'DUPES', close: 1 }), fx({ pair: 'DUPES', close: 3 })]),
    ).toBe(1);
    const range = { from: T0, to: T0 + MINUTE };
    expect((await repo.readMinuteBars({ ...bar({ venue: 'dupes' }), ...range })).map((b) => b.close)).toEqual(
      [3],
    );
    expect((await repo.readForexBars({ pair: 'DUPES', ...range })).map((b) => b.close)).toEqual([3]);
  });

  it('reads [from, to): from inclusive, to exclusive, infinite bounds open', async () => {
    const repo = createHistoryRepository(getDb());
    const minutes = [0, 1, 2, 3].map((i) => T0 + i * MINUTE);
    await repo.writeMinuteBars(minutes.map((minute) => bar({ venue: 'bounds', minute })));
    await repo.writeForexBars(minutes.map((minute) => fx({ pair: 'BOUNDS', minute })));
    const key = bar({ venue: 'bounds' });
    const minutesIn = async (from: number, to: number) => ({
      price: (await repo.readMinuteBars({ ...key, from, to })).map((b) => (b.minute - T0) / MINUTE),
      forex: (await repo.readForexBars({ pair: 'BOUNDS', from, to })).map((b) => (b.minute - T0) / MINUTE),
    });
    expect(await minutesIn(T0 + MINUTE, T0 + 3 * MINUTE)).toEqual({ price: [1, 2], forex: [1, 2] });
    expect(await minutesIn(T0 + MINUTE + 1, T0 + 3 * MINUTE + 1)).toEqual({ price: [2, 3], forex: [2, 3] });
    expect(await minutesIn(T0 + MINUTE, T0 + MINUTE)).toEqual({ price: [], forex: [] });
    expect(await minutesIn(-Infinity, Infinity)).toEqual({ price: [0, 1, 2, 3], forex: [0, 1, 2, 3] });
  });

  it('returns nothing for an instrument or pair never written', async () => {
    const repo = createHistoryRepository(getDb());
    const range = { from: -Infinity, to: Infinity };
    expect(await repo.readMinuteBars({ ...bar({ venue: 'never' }), ...range })).toEqual([]);
    expect(await repo.readForexBars({ pair: 'NEVER', ...range })).toEqual([]);
  });

  it('rejects a minute that is not a whole minute, writing nothing', async () => {
    const repo = createHistoryRepository(getDb());
    await expect(
      repo.writeMinuteBars([bar({ venue: 'misaligned' }), bar({ venue: 'misaligned', minute: T0 + 1 })]),
    ).rejects.toThrow(RangeError);
    await expect(repo.writeForexBars([fx({ minute: Number.NaN })])).rejects.toThrow(RangeError);
    expect(
      await repo.readMinuteBars({ ...bar({ venue: 'misaligned' }), from: -Infinity, to: Infinity }),
    ).toEqual([]);
  });

  it('resolves instruments created by another repository or a concurrent write', async () => {
    const a = createHistoryRepository(getDb());
    const b = createHistoryRepository(getDb());
    const batch = (close: number) =>
      Array.from({ length: 50 }, (_, i) =>
        bar({ venue: 'race', base: `C${i}`, close, minute: T0 + close * MINUTE }),
      );
    await Promise.all([
      a.writeMinuteBars(batch(1)),
      b.writeMinuteBars(batch(2)),
      a.writeMinuteBars(batch(3)),
    ]);
    const [row] = await getDb()
      .db.select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(instruments)
      .where(sql`${instruments.venue} = 'race'`);
    expect(row?.n).toBe(50);
    const read = await b.readMinuteBars({
      ...bar({ venue: 'race', base: 'C7' }),
      from: T0,
      to: T0 + 4 * MINUTE,
    });
    expect(read.map((r) => r.close)).toEqual([1, 2, 3]);
  });

  it('prunes rows before the cutoff from both tables and keeps the rest', async () => {
    const repo = createHistoryRepository(getDb());
    // Far in the past so the rows written by other tests of this suite stay out of the way.
    const old = T0 - 2 * HISTORY_RETENTION_MS;
    const minutes = [0, 1, 2].map((i) => old + i * MINUTE);
    await repo.writeMinuteBars(minutes.map((minute) => bar({ venue: 'prune', minute })));
    await repo.writeForexBars(minutes.map((minute) => fx({ pair: 'PRUNE', minute })));

    expect(await repo.pruneBefore(old + MINUTE)).toBe(2);
    expect(await repo.pruneBefore(old + MINUTE)).toBe(0);
    const all = { from: -Infinity, to: Infinity };
    expect((await repo.readMinuteBars({ ...bar({ venue: 'prune' }), ...all })).map((b) => b.minute)).toEqual(
      minutes.slice(1),
    );
    expect((await repo.readForexBars({ pair: 'PRUNE', ...all })).map((b) => b.minute)).toEqual(
      minutes.slice(1),
    );

    // The instrument survives pruning, so the repository's cached id still works.
    expect(await repo.pruneBefore(old + 3 * MINUTE)).toBe(4);
    await repo.writeMinuteBars([bar({ venue: 'prune', minute: old })]);
    expect(await repo.readMinuteBars({ ...bar({ venue: 'prune' }), ...all })).toHaveLength(1);
  });

  it('writes thousands of bars across statement batches and rewrites them in place', async () => {
    // Write speed is measured by `npm run bench` (bench/results/history-write.json), not asserted here.
    const repo = createHistoryRepository(getDb());
    const minuteOf = (k: number) =>
      Array.from({ length: 5_000 }, (_, i) =>
        bar({ venue: 'bulk', base: `T${i}`, minute: T0 + k * MINUTE, close: i + k / 7 }),
      );
    for (let k = 0; k < 3; k++) expect(await repo.writeMinuteBars(minuteOf(k))).toBe(5_000);
    await repo.writeMinuteBars(minuteOf(0).map((b) => ({ ...b, close: -1 })));
    const [row] = await getDb()
      .db.select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(priceMinutes)
      .innerJoin(instruments, sql`${instruments.id} = ${priceMinutes.instrumentId}`)
      .where(sql`${instruments.venue} = 'bulk'`);
    expect(row?.n).toBe(15_000);
    const t42 = await repo.readMinuteBars({
      ...bar({ venue: 'bulk', base: 'T42' }),
      from: T0,
      to: T0 + 3 * MINUTE,
    });
    expect(t42.map((b) => b.close)).toEqual([-1, 42 + 1 / 7, 42 + 2 / 7]);
  });
});

forEachDatabase('history repository: recent closes for the in-memory rings', (getDb) => {
  it('hands every market’s closes in the range over in batches, ascending, and leaves quiet markets out', async () => {
    const repo = createHistoryRepository(getDb());
    const venue = 'warm';
    await repo.writeMinuteBars([
      bar({ venue, base: 'A', minute: T0 + 2 * MINUTE, close: 3 }),
      bar({ venue, base: 'A', minute: T0, close: 1 }),
      bar({ venue, base: 'A', minute: T0 + MINUTE, close: 2 }),
      bar({ venue, base: 'B', minute: T0 - MINUTE, close: 9 }), // before the range
      bar({ venue, base: 'C', market: 'perp', quote: 'USDT', minute: T0 + MINUTE, close: 0.125 }),
    ]);
    const batches = [];
    for await (const batch of repo.readRecentCloses({ from: T0, to: T0 + 3 * MINUTE }, 1))
      batches.push(batch);
    const ours = batches.flat().filter((m) => m.venue === venue);
    expect(ours).toEqual([
      {
        venue,
        market: 'spot',
        base: 'A',
        quote: 'KRW',
        minutes: [T0, T0 + MINUTE, T0 + 2 * MINUTE],
        closes: [1, 2, 3],
      },
      { venue, market: 'perp', base: 'C', quote: 'USDT', minutes: [T0 + MINUTE], closes: [0.125] },
    ]);
    // One market per batch was asked for: no batch holds two.
    expect(batches.every((b) => b.length === 1)).toBe(true);
  });

  it('knows which markets it has ever stored', async () => {
    const repo = createHistoryRepository(getDb());
    await repo.writeMinuteBars([bar({ venue: 'known' })]);
    expect(await repo.hasInstrument({ venue: 'known', market: 'spot', base: 'BTC', quote: 'KRW' })).toBe(
      true,
    );
    expect(await repo.hasInstrument({ venue: 'known', market: 'perp', base: 'BTC', quote: 'KRW' })).toBe(
      false,
    );
  });
});

forEachDatabase('history repository: writes that keep what is stored', (getDb) => {
  it('adds missing bars and leaves stored ones as they are (a back-fill never overwrites the live run)', async () => {
    const repo = createHistoryRepository(getDb(), { mode: 'simulated' });
    const live = bar({ venue: 'keep', minute: T0 + MINUTE, close: 7 });
    await repo.writeMinuteBars([live]);
    const backfill = [0, 1, 2].map((i) => bar({ venue: 'keep', minute: T0 + i * MINUTE, close: 100 + i }));
    await repo.writeMinuteBars(backfill, { keepExisting: true });
    const read = await repo.readMinuteBars({ ...bar({ venue: 'keep' }), from: T0, to: T0 + 3 * MINUTE });
    expect(read.map((b) => b.close)).toEqual([100, 7, 102]);
    await repo.writeForexBars([fx({ minute: T0, close: 1400 })]);
    await repo.writeForexBars([fx({ minute: T0, close: 1300 }), fx({ minute: T0 + MINUTE, close: 1301 })], {
      keepExisting: true,
    });
    const rates = await repo.readForexBars({ pair: 'USD/KRW', from: T0, to: T0 + 2 * MINUTE });
    expect(rates.map((b) => b.close)).toEqual([1400, 1301]);
  });

  it('counts the bars of several markets in a range, of its own source only', async () => {
    const repo = createHistoryRepository(getDb(), { mode: 'simulated' });
    const keys = [bar({ venue: 'count-a' }), bar({ venue: 'count-b' })];
    await repo.writeMinuteBars(
      keys.flatMap((k) => [0, 1, 2].map((i) => ({ ...k, minute: T0 + i * MINUTE }))),
    );
    await createHistoryRepository(getDb(), { mode: 'live' }).writeMinuteBars([
      bar({ venue: 'count-a', minute: T0 + 3 * MINUTE }),
    ]);
    const range = { from: T0 + MINUTE, to: T0 + 10 * MINUTE };
    expect(await repo.countMinuteBars(keys, range)).toBe(4);
    expect(await repo.countMinuteBars([bar({ venue: 'count-never' })], range)).toBe(0);
  });
});
