import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createHistoryRepository } from './history-repository.ts';
import { createMarketHistoryRepository } from './market-history-repository.ts';
import { defaultMigrationsFolder } from './migrations-folder.ts';
import { openDatabase } from './open-database.ts';
import type { SourceMode } from './source-modes.ts';
import { createScratchDatabase, flatBar, forEachDatabase, testDatabaseKinds } from './test-databases.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 2, 1, 9, 0); // on the hour
const ALL = { from: -Infinity, to: Infinity };

const bar = flatBar;
const fx = (minute: number, close: number) => ({
  pair: 'USD/KRW',
  minute,
  open: close,
  high: close,
  low: close,
  close,
});

forEachDatabase('history by source mode', (getDb) => {
  it('keeps each source’s minute bars to itself, the same minute in both included', async () => {
    const live = createHistoryRepository(getDb(), { mode: 'live' });
    const sim = live.forMode('simulated');
    expect([live.mode, sim.mode]).toEqual(['live', 'simulated']);
    await sim.writeMinuteBars([
      bar('modes', 'BTC', 'KRW', T0, 1),
      bar('modes', 'BTC', 'KRW', T0 + MINUTE, 2),
    ]);
    await live.writeMinuteBars([bar('modes', 'BTC', 'KRW', T0 + MINUTE, 20)]);
    await sim.writeForexBars([fx(T0, 1_300)]);
    await live.writeForexBars([fx(T0, 1_400)]);
    const key = { venue: 'modes', market: 'spot' as const, base: 'BTC', quote: 'KRW', ...ALL };
    // The live write of minute 1 did not overwrite the simulated one, nor the other way round.
    expect((await sim.readMinuteBars(key)).map((b) => [b.minute - T0, b.close])).toEqual([
      [0, 1],
      [MINUTE, 2],
    ]);
    expect((await live.readMinuteBars(key)).map((b) => [b.minute - T0, b.close])).toEqual([[MINUTE, 20]]);
    expect(await live.forMode('replay').readMinuteBars(key)).toEqual([]);
    expect((await sim.readForexBars({ pair: 'USD/KRW', ...ALL })).map((b) => b.close)).toEqual([1_300]);
    expect((await live.readForexBars({ pair: 'USD/KRW', ...ALL })).map((b) => b.close)).toEqual([1_400]);

    // The start-up refill of the rings reads one source's closes only.
    const closes = async (mode: SourceMode) => {
      const out: [string, number[]][] = [];
      for await (const batch of live.forMode(mode).readRecentCloses(ALL))
        for (const m of batch) if (m.venue === 'modes') out.push([m.base, m.closes]);
      return out;
    };
    expect(await closes('simulated')).toEqual([['BTC', [1, 2]]]);
    expect(await closes('live')).toEqual([['BTC', [20]]]);
    expect(await closes('replay')).toEqual([]);
  });

  it('follows a running source when given a function', async () => {
    let mode: SourceMode = 'simulated';
    const follows = createHistoryRepository(getDb(), { mode: () => mode });
    await follows.writeMinuteBars([bar('follow', 'ETH', 'KRW', T0, 1)]);
    mode = 'live';
    expect(follows.mode).toBe('live');
    const key = { venue: 'follow', market: 'spot' as const, base: 'ETH', quote: 'KRW', ...ALL };
    expect(await follows.readMinuteBars(key)).toEqual([]);
    await follows.writeMinuteBars([bar('follow', 'ETH', 'KRW', T0, 2)]);
    expect((await follows.readMinuteBars(key)).map((b) => b.close)).toEqual([2]);
    mode = 'simulated';
    expect((await follows.readMinuteBars(key)).map((b) => b.close)).toEqual([1]);
  });

  it('rejects a mode that is not a source', async () => {
    const repo = createHistoryRepository(getDb(), { mode: 'untagged' as SourceMode });
    await expect(repo.writeMinuteBars([bar('bad', 'BTC', 'KRW', T0, 1)])).rejects.toThrow(RangeError);
  });

  it('serves candles, premium candles, the index and funding from the asked source only', async () => {
    const live = createMarketHistoryRepository(getDb(), { mode: 'live' });
    const sim = live.forMode('simulated');
    const liveBars = createHistoryRepository(getDb(), { mode: 'live' });
    const simBars = liveBars.forMode('simulated');
    // Simulated: a 10 % Kimchi premium; live: 2 %, one minute later and with its own forex.
    await simBars.writeMinuteBars([
      bar('mk', 'BTC', 'KRW', T0, 154_000_000),
      bar('mo', 'BTC', 'USDT', T0, 100_000),
    ]);
    await simBars.writeForexBars([fx(T0, 1_400)]);
    await liveBars.writeMinuteBars([
      bar('mk', 'BTC', 'KRW', T0 + MINUTE, 142_800_000),
      bar('mo', 'BTC', 'USDT', T0 + MINUTE, 100_000),
    ]);
    await liveBars.writeForexBars([fx(T0 + MINUTE, 1_400)]);
    const gap = (repo: typeof live) =>
      repo.readGapCandles({
        source: { venue: 'mk', market: 'spot', base: 'BTC', quote: 'KRW' },
        target: { venue: 'mo', market: 'spot', base: 'BTC', quote: 'USDT' },
        exponent: -1,
        conversionBase: 'USD',
        from: T0 - HOUR,
        to: T0 + HOUR,
        stepMs: MINUTE,
      });
    const simGap = await gap(sim);
    expect(simGap.map((c) => c.t)).toEqual([T0]);
    expect(simGap[0]?.c).toBeCloseTo(10, 9);
    const liveGap = await gap(live);
    expect(liveGap.map((c) => c.t)).toEqual([T0 + MINUTE]);
    expect(liveGap[0]?.c).toBeCloseTo(2, 9);

    // Stored gap minutes (the wicks) of one source do not dress the other's candles.
    await sim.writeGapMinutes([
      {
        first: { venue: 'mk', market: 'spot', base: 'BTC', quote: 'KRW' },
        second: { venue: 'mo', market: 'spot', base: 'BTC', quote: 'USDT' },
        minute: T0 + MINUTE,
        open: 1_540,
        high: 1_600,
        low: 1_500,
        close: 1_540,
      },
    ]);
    expect((await gap(live))[0]?.h).toBeCloseTo(2, 9);

    const candles = (repo: typeof live) =>
      repo.readCandles({
        venue: 'mo',
        market: 'spot',
        base: 'BTC',
        quote: 'USDT',
        from: T0 - HOUR,
        to: T0 + HOUR,
        stepMs: MINUTE,
        convert: { exponent: 1, conversionBase: 'USD' },
      });
    expect((await candles(sim)).map((c) => c.t)).toEqual([T0]);
    expect((await candles(live)).map((c) => [c.t, c.c])).toEqual([[T0 + MINUTE, 140_000_000]]);

    const index = (value: number, minute: number) => ({
      minute,
      conversionBase: 'USD' as const,
      value,
      btcPremium: value,
      btcPriceKrw: null,
      btcPriceUsd: null,
      constituents: 1,
    });
    await sim.writePremiumIndex([index(10, T0), index(11, T0 + MINUTE)]);
    await live.writePremiumIndex([index(2, T0 + MINUTE)]);
    const indexOf = async (repo: typeof live) =>
      (await repo.readPremiumIndex({ conversionBase: 'USD', from: T0, to: T0 + HOUR, stepMs: MINUTE })).map(
        (r) => [r.minute - T0, r.value],
      );
    expect(await indexOf(sim)).toEqual([
      [0, 10],
      [MINUTE, 11],
    ]);
    expect(await indexOf(live)).toEqual([[MINUTE, 2]]);

    const funding = { venue: 'mf', base: 'BTC', quote: 'USDT', intervalHours: 8, markPrice: null };
    await sim.writeFundingMinutes([{ ...funding, minute: T0, rate: 0.001, nextFundingTime: null }]);
    await live.writeFundingMinutes([{ ...funding, minute: T0, rate: 0.0001, nextFundingTime: null }]);
    await sim.writeFundingSettlements([{ ...funding, fundingTime: T0, rate: 0.001 }]);
    const heat = async (repo: typeof live) =>
      (await repo.readFundingHeat({ from: T0, to: T0 + HOUR }))
        .filter((r) => r.venue === 'mf')
        .map((r) => Math.round(r.annualizedSum * 100) / 100);
    expect(await heat(sim)).toEqual([109.5]);
    expect(await heat(live)).toEqual([10.95]);
    const settlements = { venue: 'mf', base: 'BTC', quote: 'USDT', ...ALL };
    expect((await sim.readFundingSettlements(settlements)).map((r) => r.rate)).toEqual([0.001]);
    expect(await live.readFundingSettlements(settlements)).toEqual([]);
  });
});

forEachDatabase('retention by source clock', (getDb) => {
  it('prunes live, simulated and untagged rows on the wall clock, and replay rows on tape time only', async () => {
    const database = getDb();
    const live = createHistoryRepository(database, { mode: 'live' });
    const market = createMarketHistoryRepository(database, { mode: 'live' });
    const old = T0 - 400 * 86_400_000;
    for (const mode of ['live', 'simulated', 'replay'] as const) {
      await live.forMode(mode).writeMinuteBars([bar('prune', 'BTC', 'KRW', old, 1)]);
      await market.forMode(mode).writeFundingMinutes([
        {
          venue: 'prune',
          base: 'BTC',
          quote: 'USDT',
          minute: old,
          rate: 0.0001,
          intervalHours: 8,
          nextFundingTime: null,
          markPrice: null,
        },
      ]);
    }
    // A row from before sources were recorded.
    await database.db.execute(
      sql`update price_minutes set source_mode = 'untagged' where source_mode = 'simulated'`,
    );
    const left = async () => {
      const result = await database.db.execute(
        sql`select source_mode::text as mode from price_minutes union all
            select source_mode::text from funding_minutes order by 1`,
      );
      return (result as unknown as { rows: { mode: string }[] }).rows.map((r) => r.mode);
    };
    expect(await left()).toEqual(['live', 'live', 'replay', 'replay', 'simulated', 'untagged']);

    const cutoff = old + MINUTE;
    expect(
      (await live.forMode('simulated').pruneBefore(cutoff)) + (await market.pruneBefore(cutoff, cutoff)),
    ).toBe(4);
    expect(await left()).toEqual(['replay', 'replay']);
    expect(
      (await live.forMode('replay').pruneBefore(cutoff)) +
        (await market.forMode('replay').pruneBefore(cutoff, cutoff)),
    ).toBe(2);
    expect(await left()).toEqual([]);
  });
});

describe('rows written before sources were recorded', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  /** The committed migrations up to and including `tag` only: a database as an older release left it. */
  async function migrationsUpTo(tag: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'spreadscope-migrations-'));
    dirs.push(dir);
    await cp(defaultMigrationsFolder(), dir, { recursive: true });
    const journalPath = join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((e) => e.tag === tag);
    expect(last).toBeGreaterThanOrEqual(0);
    journal.entries = journal.entries.slice(0, last + 1);
    await writeFile(journalPath, JSON.stringify(journal));
    return dir;
  }

  for (const kind of testDatabaseKinds()) {
    it(`are kept as untagged, served to no source, aged out, and can be adopted (${kind})`, async () => {
      const scratch = await createScratchDatabase(kind, 'untagged rows');
      try {
        const before = await openDatabase({
          ...scratch.options,
          migrationsFolder: await migrationsUpTo('0003_gap_minutes'),
        });
        await before.db.execute(sql`insert into instruments (venue, market, base, quote)
          values ('upbit', 'spot', 'BTC', 'KRW')`);
        await before.db.execute(sql`insert into price_minutes (instrument_id, minute, open, high, low, close)
          select id, to_timestamp(${T0 / 1000}::float8), 1, 1, 1, 1 from instruments`);
        await before.db.execute(sql`insert into forex_minutes (pair, minute, open, high, low, close)
          values ('USD/KRW', to_timestamp(${T0 / 1000}::float8), 1400, 1400, 1400, 1400)`);
        await before.close();

        const database = await openDatabase(scratch.options);
        try {
          const key = { venue: 'upbit', market: 'spot' as const, base: 'BTC', quote: 'KRW', ...ALL };
          const repo = createHistoryRepository(database);
          for (const mode of ['live', 'simulated', 'replay'] as const) {
            expect(await repo.forMode(mode).readMinuteBars(key)).toEqual([]);
            expect(await repo.forMode(mode).readForexBars({ pair: 'USD/KRW', ...ALL })).toEqual([]);
          }
          // New rows must name their source: the migration's default is gone.
          await expect(
            database.db.execute(sql`insert into forex_minutes (pair, minute, open, high, low, close)
              values ('X', now(), 1, 1, 1, 1)`),
          ).rejects.toThrow();
          // An operator who knows the database only ever saw live venues adopts the rows (README).
          await database.db.execute(
            sql`update price_minutes set source_mode = 'live' where source_mode = 'untagged'`,
          );
          expect((await repo.readMinuteBars(key)).map((b) => b.close)).toEqual([1]);
          // Otherwise retention ages them out with the wall-clock sources.
          expect(await repo.forMode('simulated').pruneBefore(T0 + MINUTE)).toBe(2);
        } finally {
          await database.close();
        }
      } finally {
        await scratch.dispose();
      }
    });
  }
});
