import type { Database } from '@spreadscope/db';
import { openMemoryDatabase } from '@spreadscope/db/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { quote, startTestServer, T0, type TestServer } from '../../test-support/test-server.ts';

/** /cex/candle: the minute rollups, with the range they do not cover asked of the venue (live data). */

let server: TestServer;
let database: Database;
beforeAll(async () => {
  database = await openMemoryDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  server = await startTestServer({ database });
});
afterEach(async () => {
  await server.close();
});

const front = (path: string) => server.app.inject({ method: 'GET', url: `/api/v1/front${path}` });
const MIN = 60_000;

/** Two stored minutes (T0+3m, T0+4m) of Upbit BTC/KRW, from a live source unless told otherwise. */
async function storeTwoMinutes(mode: 'live' | 'simulated' = 'live'): Promise<void> {
  server.source.setMode(mode);
  server.source.push(
    quote(T0 + 3 * MIN, 'upbit', 'BTC', 'KRW', 143_000_000),
    quote(T0 + 4 * MIN + 1, 'upbit', 'BTC', 'KRW', 143_200_000),
  );
  server.source.clock = T0 + 5 * MIN;
  await server.runtime.flush(false);
}

describe('/cex/candle on demand', () => {
  it('asks the venue for the part of the range the history does not cover, and puts it first', async () => {
    await storeTwoMinutes();
    // The venue's own 1-minute candles (Upbit's, through the live source) for the three minutes before.
    server.source.candles_ = async (_venue, request) =>
      [0, 1, 2].map((i) => ({
        time: (request.since ?? 0) + i * MIN,
        open: 142_000_000 + i,
        high: 142_500_000 + i,
        low: 141_900_000 + i,
        close: 142_400_000 + i,
        volume: 1.5 + i,
      }));
    const body = (
      await front(`/cex/candle?exchange=upbit&base=BTC&interval=1m&from=${T0}&to=${T0 + 5 * MIN}`)
    ).json();
    expect(server.source.candleRequests).toEqual([
      {
        venue: 'upbit',
        request: { market: 'spot', base: 'BTC', quote: 'KRW', interval: '1m', since: T0, limit: 3 },
      },
    ]);
    expect(body.data.map((c: { t: number; c: number; v: number | null }) => [c.t, c.c, c.v])).toEqual([
      [T0, 142_400_000, 1.5],
      [T0 + MIN, 142_400_001, 2.5],
      [T0 + 2 * MIN, 142_400_002, 3.5],
      [T0 + 3 * MIN, 143_000_000, null],
      [T0 + 4 * MIN, 143_200_000, null],
    ]);
  });

  it('serves the history alone when it covers the range, or when the venue offers no candles', async () => {
    await storeTwoMinutes();
    server.source.candles_ = async () => {
      throw new Error('should not be asked');
    };
    const covered = (
      await front(`/cex/candle?exchange=upbit&base=BTC&interval=1m&from=${T0 + 3 * MIN}&to=${T0 + 5 * MIN}`)
    ).json();
    expect(covered.data).toHaveLength(2);
    expect(server.source.candleRequests).toEqual([]);
    // Without candles from the venue (VenueRequestError), the stored part is still served.
    server.source.candles_ = null;
    const partial = (
      await front(`/cex/candle?exchange=upbit&base=BTC&interval=1m&from=${T0}&to=${T0 + 5 * MIN}`)
    ).json();
    expect(partial.data.map((c: { t: number }) => c.t)).toEqual([T0 + 3 * MIN, T0 + 4 * MIN]);
  });

  it('never mixes venue candles into simulated data', async () => {
    await storeTwoMinutes('simulated');
    server.source.candles_ = async () => [{ time: T0, open: 1, high: 1, low: 1, close: 1, volume: 1 }];
    const body = (
      await front(`/cex/candle?exchange=upbit&base=BTC&interval=1m&from=${T0}&to=${T0 + 5 * MIN}`)
    ).json();
    expect(body.data).toHaveLength(2);
    expect(server.source.candleRequests).toEqual([]);
  });
});
