import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MarketEvent, VENUES } from '@spreadscope/core';
import { MarketEngine, type PremiumFilter } from '@spreadscope/engine';
import { ReplaySource, readTapeFile } from '@spreadscope/feeds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixtures, UPBIT_ROUTES } from '../packages/feeds/src/live/fixtures/fixture-http.ts';
import { record } from './record.ts';

/**
 * Record and replay end to end: `npm run record` writes a tape from live venues (here Upbit's recorded REST
 * answers on loopback), and replaying a tape twice gives the engine exactly the same output both times.
 */

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spreadscope-replay-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const FILTER: PremiumFilter = {
  currency: 'KRW',
  conversionBase: 'USD',
  interval: 'realtime',
  sort: 'gap',
  order: 'desc',
  page: 1,
  limit: 500,
};

/** Everything an engine says after a replay: tables, the premium index, venue activity, minute bars. */
async function replayOnce(path: string): Promise<string> {
  const engine = new MarketEngine();
  const source = new ReplaySource({ path, speed: 0 });
  await source.start((event) => engine.apply(event));
  await source.finished();
  const now = source.now();
  engine.bars.closeBefore(Number.POSITIVE_INFINITY);
  return JSON.stringify({
    version: engine.version,
    premium: engine.premium(FILTER, now),
    global: engine.premium({ ...FILTER, scope: 'global', currency: 'USD' }, now),
    perps: engine.arbitrage('perp-perp', { ...FILTER, currency: 'USD' }, now),
    index: engine.premiumIndex('USD', now),
    activity: engine.venueActivity(),
    bars: engine.bars.drain(),
  });
}

describe('record and replay', () => {
  it('replays a simulator tape twice to identical engine output', async () => {
    const out = join(dir, 'sim.ndjson');
    await record(
      { out, minutes: 0.5, source: 'sim', seed: 11, start: Date.UTC(2025, 10, 21, 3) },
      { log: () => {} },
    );
    const first = await replayOnce(out);
    const second = await replayOnce(out);
    expect(first.length).toBeGreaterThan(10_000);
    expect(JSON.parse(first).premium.data.length).toBeGreaterThan(10);
    expect(second).toBe(first);
  });

  it('records live venues to a tape (recorded Upbit answers on loopback) that replays identically', async () => {
    const server = await serveFixtures(UPBIT_ROUTES);
    try {
      const env: Record<string, string> = {
        LIVE_STREAMS: '0',
        LIVE_POLL_MS: '250',
        FOREX_URLS: `${server.url}/forex`,
      };
      // Upbit answers; every other venue is off, so nothing leaves loopback.
      env.VENUES_DISABLED = VENUES.filter((v) => v.id !== 'upbit')
        .map((v) => v.id)
        .join(',');
      env.VENUE_UPBIT_URL = server.url;
      const out = join(dir, 'live.ndjson');
      const logs: string[] = [];
      const result = await record(
        { out, minutes: 0.03, source: 'live', seed: 1, start: null },
        { log: (l) => logs.push(l), env },
      );
      expect(result.description).toBe('live');
      const { events, errors } = await readTapeFile(out);
      expect(errors).toEqual([]);
      const upbit = events.filter((e) => 'venue' in e && e.venue === 'upbit');
      expect(upbit.some((e) => e.type === 'quote' && e.base === 'USDT' && e.quote === 'KRW')).toBe(true);
      expect(upbit.some((e) => e.type === 'notice' && e.category === 'listing')).toBe(true);
      expect(events.every((e: MarketEvent, i) => i === 0 || e.t >= (events[i - 1]?.t ?? 0))).toBe(true);
      const first = await replayOnce(out);
      expect(await replayOnce(out)).toBe(first);
    } finally {
      await server.close();
    }
  });
});
