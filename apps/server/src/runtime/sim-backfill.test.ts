import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MINUTE_MS, minuteStart } from '@spreadscope/core';
import { jobs, openDatabase } from '@spreadscope/db';
import { SIMULATED_VENUE_IDS, SimulatedHistory, TOKEN_UNIVERSE } from '@spreadscope/feeds';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { SIM_BACKFILL_JOB } from '../jobs/sim-backfill-job.ts';
import { type RunningServer, startServer } from '../server.ts';
import { until } from '../test-support/tape-server.ts';

/**
 * A fresh install on the simulator charts a full day at once — for a mid-cap as for Bitcoin — written in the
 * background while the server already serves, once per data directory.
 */

type Candles = { data: { t: number; o: number; h: number; l: number; c: number; v: number | null }[] };
type Health = {
  jobs?: Record<'queued' | 'running' | 'done' | 'failed' | 'dead', number>;
  dataSource: { mode: string; since: number };
};

const SEED = 7;
const TOKENS = 30;
/** Four venues keep a day of every chosen market to a test's time; the code path is the full one. */
const VENUES = new Set(['upbit', 'bithumb', 'binance', 'bybit']);
const DISABLED = SIMULATED_VENUE_IDS.filter((v) => !VENUES.has(v));

/** The most traded mid-cap (tier 2) listed on Upbit and Binance spot, and how many tokens trade more. */
function midCap(): { base: string; rank: number } {
  const sim = new SimulatedHistory({
    seed: SEED,
    end: Date.now(),
    minutes: 1,
    tokenLimit: TOKENS,
    disabledVenues: new Set(DISABLED),
  });
  const tier = new Map(TOKEN_UNIVERSE.map((t) => [t.symbol, t.tier]));
  const rank = sim.order.findIndex((token) => {
    const specs = token.instruments.map((i) => sim.spec(i));
    const on = (venue: string, quote: string) =>
      specs.some((s) => s.venue === venue && s.market === 'spot' && s.quote === quote);
    return tier.get(token.symbol) === 2 && on('upbit', 'KRW') && on('binance', 'USDT');
  });
  return { base: sim.order[rank]?.symbol ?? '?', rank };
}

const dir = mkdtempSync(join(tmpdir(), 'spreadscope-backfill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function start(
  backfillTokens: number,
): Promise<{ server: RunningServer; get: <T>(path: string) => Promise<T> }> {
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  const server = await startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      WEB_DIST: dir,
      LOG_LEVEL: 'silent',
      MARKET_SOURCE: 'sim',
      SIM_SEED: String(SEED),
      SIM_TOKENS: String(TOKENS),
      SIM_BACKFILL_TOKENS: String(backfillTokens),
      VENUES_DISABLED: DISABLED.join(','),
    }),
  );
  const base = `http://127.0.0.1:${new URL(server.url).port}`;
  return {
    server,
    async get<T>(path: string): Promise<T> {
      const res = await fetch(`${base}${path}`);
      if (!res.ok && res.status !== 503) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
  };
}

const minutes = (candles: Candles['data']) => candles.map((c) => c.t);

describe('simulated history on a fresh install', () => {
  const { base, rank } = midCap();

  it(`serves a day of a mid-cap (${base}) on Upbit and Binance, its premium, funding and the index, once the background back-fill is done`, async () => {
    expect(rank).toBeGreaterThan(10);
    const { server, get } = await start(rank);
    try {
      // The server serves before the back-fill is done: the first table is there at once.
      const health = await get<Health>('/healthz');
      expect(health.dataSource.mode).toBe('simulated');
      const firstLive = minuteStart(health.dataSource.since);
      const candles = (exchange: string) =>
        get<Candles>(`/api/v1/front/cex/candle?exchange=${exchange}&base=${base}&interval=1m&limit=1500`);
      // Done: the back-fill job and the first live minute of the mid-cap (a checkpoint or its close) are stored.
      await until(
        async () => {
          const jobs = (await get<Health>('/healthz')).jobs;
          if (!jobs || jobs.done < 3 || jobs.queued + jobs.running + jobs.failed > 0) return undefined;
          const upbit = (await candles('upbit')).data;
          return upbit.some((c) => c.t === firstLive) ? true : undefined;
        },
        'the back-fill and the first live minute',
        12_000,
      );
      for (const exchange of ['upbit', 'binance']) {
        const data = (await candles(exchange)).data;
        const day = data.filter((c) => c.t < firstLive);
        expect(day.length).toBeGreaterThanOrEqual(1_439);
        expect(day.length).toBeLessThanOrEqual(1_440);
        const ts = minutes(data);
        for (let i = 1; i < ts.length; i++) expect((ts[i] ?? 0) - (ts[i - 1] ?? 0)).toBe(MINUTE_MS);
        for (const c of day) {
          expect(c.h).toBeGreaterThanOrEqual(Math.max(c.o, c.c));
          expect(c.l).toBeLessThanOrEqual(Math.min(c.o, c.c));
          expect(c.v).toBeGreaterThan(0);
        }
        // The first live minute joins the last back-filled one: no hole, no jump beyond a minute's noise.
        const last = data.find((c) => c.t === firstLive - MINUTE_MS);
        const live = data.find((c) => c.t === firstLive);
        expect(last && live).toBeTruthy();
        expect(Math.abs((live?.o ?? 0) / (last?.c ?? 1) - 1)).toBeLessThan(0.01);
      }
      const premium = await get<Candles>(
        `/api/v1/front/premium/candle?source=upbit&target=binance&base=${base}&interval=1m&limit=1500`,
      );
      const premiumDay = premium.data.filter((c) => c.t < firstLive);
      expect(premiumDay.length).toBeGreaterThanOrEqual(1_439);
      // Wicks of their own (the pair's gap minutes), not flat closes.
      expect(premiumDay.filter((c) => c.h > Math.max(c.o, c.c)).length).toBeGreaterThan(1_000);
      for (const c of premiumDay) {
        expect(c.c).toBeGreaterThan(-15);
        expect(c.c).toBeLessThan(20);
      }
      const index = await get<{ data: { t: number; value: number }[] }>(
        '/api/v1/front/kimchi-premium-index/history?range=1d',
      );
      // Five-minute points over the whole day.
      expect(index.data.length).toBeGreaterThanOrEqual(280);
      expect((index.data.at(-1)?.t ?? 0) - (index.data[0]?.t ?? 0)).toBeGreaterThan(23 * 3_600_000);
      const funding = await get<{ series: { exchange: string; data: unknown[] }[] }>(
        `/api/v1/front/funding-rates/history/v2?base=BTC&range=1d`,
      );
      expect(funding.series.find((s) => s.exchange === 'binance')?.data.length).toBeGreaterThanOrEqual(2);
    } finally {
      await server.stop();
    }

    // A second start on the same data directory back-fills nothing again.
    const second = await start(rank);
    try {
      // A start queues its own sweep of the notification outbox: settled first, it is not a back-fill.
      await until(
        async () => {
          const jobs = (await second.get<Health>('/healthz')).jobs;
          return jobs && jobs.queued + jobs.running === 0 ? true : undefined;
        },
        'the start-up jobs',
        12_000,
      );
      // Minute jobs (delivery sweep, billing cycle) run at each minute's start: both readings fall inside one
      // minute, clear of its start, so any job counted in between would be a back-fill.
      const intoMinute = Date.now() % 60_000;
      const wait = intoMinute < 8_000 ? 8_000 - intoMinute : intoMinute > 52_000 ? 68_000 - intoMinute : 0;
      await new Promise((resolve) => setTimeout(resolve, wait));
      const before = (await second.get<Health>('/healthz')).jobs;
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const after = (await second.get<Health>('/healthz')).jobs;
      expect(after?.queued).toBe(0);
      expect(after?.running).toBe(0);
      expect(after?.done).toBe(before?.done);
    } finally {
      await second.server.stop();
    }
    const database = await openDatabase({ dataDir: join(dir, 'data', 'pglite') });
    try {
      const backfills = await database.db.select().from(jobs).where(eq(jobs.kind, SIM_BACKFILL_JOB));
      expect(backfills.map((job) => job.state)).toEqual(['done']);
    } finally {
      await database.close();
    }
  }, 600_000);
});
