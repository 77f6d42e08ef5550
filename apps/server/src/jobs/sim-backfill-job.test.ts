import { DAY_MS, MINUTE_MS } from '@spreadscope/core';
import {
  createHistoryRepository,
  createJobsRepository,
  createMarketHistoryRepository,
} from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import { SimulatedHistory } from '@spreadscope/feeds';
import { expect, it } from 'vitest';
import { BackgroundPacer } from './background-pacer.ts';
import { DatabaseJobQueue } from './database-job-queue.ts';
import {
  type BackfillLanded,
  requestSimBackfill,
  runSimBackfill,
  type SimBackfillPayload,
} from './sim-backfill-job.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A small universe and an hour of history: the same code path as a day of 352 tokens, in seconds. */
function payload(end: number, tokens = 4): SimBackfillPayload {
  return { end, seed: 11, minutes: 60, tokens, tokenLimit: 30, disabledVenues: [] };
}

const BTC_UPBIT = { venue: 'upbit', market: 'spot' as const, base: 'BTC', quote: 'KRW' };

function generated(p: SimBackfillPayload): SimulatedHistory {
  return new SimulatedHistory({
    seed: p.seed,
    end: p.end,
    minutes: p.minutes,
    tokenLimit: p.tokenLimit ?? 352,
  });
}

forEachDatabase('simulated back-fill job', (getDb) => {
  it('fills every chosen market and the premium index, and hands each chunk to the running engine', async () => {
    const end = Date.UTC(2026, 3, 1, 12, 0);
    const history = createHistoryRepository(getDb());
    const marketHistory = createMarketHistoryRepository(getDb());
    const landed: BackfillLanded[] = [];
    const result = await runSimBackfill(payload(end), {
      history,
      marketHistory,
      logger: silent,
      onLanded: (chunk) => landed.push(chunk),
    });
    // USDT, the 4 most traded tokens and the rest of the index's ten constituents.
    expect(result.tokens).toBeGreaterThanOrEqual(11);
    const sim = history.forMode('simulated');
    const bars = await sim.readMinuteBars({ ...BTC_UPBIT, from: end - DAY_MS, to: end + DAY_MS });
    expect(bars.map((b) => b.minute)).toEqual(
      Array.from({ length: 60 }, (_, m) => end - (60 - m) * MINUTE_MS),
    );
    // Every market of every chosen token: a full hour each.
    const gen = generated(payload(end));
    const chosen = gen.order.filter(
      (t) => result.tokens > 0 && ['USDT', 'ADA', 'SUI', 'LINK'].includes(t.symbol),
    );
    for (const token of chosen) {
      const keys = token.instruments.map((i) => gen.spec(i));
      expect(await sim.countMinuteBars(keys, { from: end - DAY_MS, to: end })).toBe(keys.length * 60);
    }
    // Written as the simulator's: a live deployment never charts them.
    expect(await history.forMode('live').readMinuteBars({ ...BTC_UPBIT, from: 0, to: end })).toEqual([]);
    const index = await marketHistory
      .forMode('simulated')
      .readPremiumIndex({ conversionBase: 'USD', from: end - DAY_MS, to: end, stepMs: MINUTE_MS });
    expect(index).toHaveLength(60);
    for (const row of index) {
      expect(row.constituents).toBe(10);
      expect(row.value).toBeGreaterThan(-3);
      expect(row.value).toBeLessThan(8);
    }
    const settlements = await marketHistory.forMode('simulated').readFundingSettlements({
      venue: 'binance',
      base: 'BTC',
      quote: 'USDT',
      from: end - DAY_MS,
      to: end + 1,
    });
    // An hour ending at 12:00 UTC holds no 8-hourly settlement; the minutes are there for the heatmap.
    expect(settlements).toEqual([]);
    const heat = await marketHistory.forMode('simulated').readFundingHeat({ from: end - DAY_MS, to: end });
    // One funding minute in five: the hour's mean, at a fifth of the rows.
    expect(heat.find((h) => h.venue === 'binance' && h.base === 'BTC')?.minutes).toBe(12);
    expect(landed[0]?.forex?.closes).toHaveLength(60);
    expect(landed.some((c) => c.closes.some((m) => m.base === 'SUI' && m.closes.length === 60))).toBe(true);
    expect(landed.some((c) => c.fundingHeat.length > 0)).toBe(true);
  }, 120_000);

  it('writes USDT/KRW, BTC and the index flat out while callers wait, and paces the rest', async () => {
    // A day no other test here writes (the database is shared by the file's tests).
    const end = Date.UTC(2026, 5, 1, 12, 0);
    // A server that stays busy: every pause is counted, and what had landed by then.
    const landedBases = new Set<string>();
    const pausedWith: number[] = [];
    const pacer = new (class extends BackgroundPacer {
      override busy(): boolean {
        return true;
      }
      override pause(spentMs: number): Promise<void> {
        pausedWith.push(landedBases.size);
        return super.pause(Math.min(spentMs, 0.01));
      }
    })({ share: 0.5 });
    await runSimBackfill(payload(end, 3), {
      history: createHistoryRepository(getDb()),
      marketHistory: createMarketHistoryRepository(getDb()),
      logger: silent,
      pacer,
      onLanded: (chunk) => {
        for (const m of chunk.closes) landedBases.add(m.base);
      },
    });
    // Nothing waited before USDT and BTC had landed; everything after them did.
    expect(pausedWith.length).toBeGreaterThan(0);
    expect(Math.min(...pausedWith)).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('never overwrites a minute the live run wrote', async () => {
    const end = Date.UTC(2026, 3, 2, 12, 0);
    const history = createHistoryRepository(getDb(), { mode: 'simulated' });
    const liveMinute = end - 30 * MINUTE_MS;
    await history.writeMinuteBars([
      { ...BTC_UPBIT, minute: liveMinute, open: 1, high: 1, low: 1, close: 1, volume24h: 5, volume: 3 },
    ]);
    await runSimBackfill(payload(end, 1), { history, logger: silent });
    const bars = await history.readMinuteBars({ ...BTC_UPBIT, from: end - DAY_MS, to: end });
    expect(bars).toHaveLength(60);
    expect(bars.find((b) => b.minute === liveMinute)?.close).toBe(1);
    expect(bars.filter((b) => b.close === 1)).toHaveLength(1);
  }, 120_000);

  it('resumes after an interruption, skipping what is complete and writing what the first run would have', async () => {
    const end = Date.UTC(2026, 3, 3, 12, 0);
    const history = createHistoryRepository(getDb(), { mode: 'simulated' });
    const stop = new AbortController();
    let chunks = 0;
    await expect(
      runSimBackfill(payload(end, 1), {
        history,
        logger: silent,
        signal: stop.signal,
        onLanded: (chunk) => {
          if (chunk.closes.length > 0 && ++chunks === 3) stop.abort();
        },
      }),
    ).rejects.toThrow(/interrupted/);
    const resumed = await runSimBackfill(payload(end, 1), { history, logger: silent });
    expect(resumed.skipped).toBe(3);
    // Before and after the interruption alike, every market holds exactly what the generator gives.
    const gen = generated(payload(end));
    for (const token of gen.order.filter((t) => ['BTC', 'SUI'].includes(t.symbol))) {
      for (const i of token.instruments) {
        const spec = gen.spec(i);
        const stored = await history.readMinuteBars({ ...spec, from: end - DAY_MS, to: end });
        expect(stored.map((b) => b.close)).toEqual(Array.from(gen.marketDay(i).close));
      }
    }
    const again = await runSimBackfill(payload(end, 1), { history, logger: silent });
    expect(again.skipped).toBe(again.tokens);
  }, 120_000);

  it('is asked for once per data directory, and not at all where simulated history is already there', async () => {
    const end = Date.UTC(2026, 3, 4, 12, 0);
    const history = createHistoryRepository(getDb());
    const jobs = createJobsRepository(getDb());
    const queue = new DatabaseJobQueue({ repository: jobs, logger: silent });
    expect(await requestSimBackfill(queue, history, payload(end))).toBe('enqueued');
    expect(await requestSimBackfill(queue, history, payload(end + 5 * MINUTE_MS))).toBe('known');
    await history
      .forMode('simulated')
      .writeForexBars([{ pair: 'USD/KRW', minute: end + DAY_MS, open: 1, high: 1, low: 1, close: 1 }]);
    expect(await requestSimBackfill(queue, history, payload(end + DAY_MS + 10 * MINUTE_MS))).toBe('present');
    const listed = await jobs.list({ state: 'queued' });
    expect(listed.filter((j) => j.kind === 'history.sim-backfill')).toHaveLength(1);
  });
});
