import type { ExchangesConnectionResponse } from '@spreadscope/contracts';
import type { MarketEvent } from '@spreadscope/core';
import { forex, quote } from '@spreadscope/core/testing';
import { describe, expect, it } from 'vitest';
import { startTapeServer, until } from '../test-support/tape-server.ts';

/**
 * Freshness follows the data (a silent feed is a dead feed): a tape that jumps forward, or a venue that goes
 * quiet, shows as silent venues and stale rows, whatever the clock does.
 */

const T0 = Date.UTC(2025, 10, 21, 3, 0, 0);

/** BTC on Upbit and Binance every second from `from` to `to` (ms after T0), forex first. */
function market(from: number, to: number, venues = ['upbit', 'binance']): MarketEvent[] {
  const events: MarketEvent[] = [forex(T0 + from, 1400)];
  for (let t = T0 + from; t <= T0 + to; t += 1_000) {
    if (venues.includes('upbit')) events.push(quote(t, 'upbit', 'BTC', 'KRW', 140_700_000));
    if (venues.includes('binance')) events.push(quote(t, 'binance', 'BTC', 'USDT', 100_000));
  }
  return events;
}

type Premium = { data: { stale: boolean; source: { stale: boolean } }[] };

describe('freshness that follows the data', () => {
  it('a forward jump in a paced tape: the gap passes as silence, venues go down and rows stale', async () => {
    // Twenty seconds of market, then nothing until a day later. At ×600 the gap takes 144 s of wall time; the
    // clock must not wait for it.
    const events = [...market(0, 20_000), forex(T0 + 86_400_000, 1401)];
    const tape = await startTapeServer(events, { REPLAY_SPEED: '600' });
    try {
      const venues = await until(async () => {
        const body = await tape.get<ExchangesConnectionResponse>('/exchanges/connection');
        const byId = new Map(body.venues.map((v) => [v.id, v]));
        const down = (['upbit', 'binance'] as const).every((id) => byId.get(id)?.status === 'down');
        return down ? byId : undefined;
      }, 'both venues to read as down');
      expect(venues.get('upbit')?.lastError).toMatch(/^no data for \d+ s$/);
      const premium = await tape.get<Premium>('/premium?currency=KRW&conversionBase=USD');
      expect(premium.data.length).toBeGreaterThanOrEqual(1);
      for (const row of premium.data) expect(row.stale).toBe(true);
    } finally {
      await tape.close();
    }
  }, 60_000);

  it('a venue that goes silent while the others trade is shown down, and its rows stale', async () => {
    const events = [...market(0, 20_000), ...market(21_000, 300_000, ['binance'])].sort((a, b) => a.t - b.t);
    const tape = await startTapeServer(events);
    try {
      await until(async () => (tape.server.source.state().reason ? true : undefined), 'the tape to end');
      const body = await tape.get<ExchangesConnectionResponse>('/exchanges/connection');
      const byId = new Map(body.venues.map((v) => [v.id, v]));
      expect(byId.get('upbit')).toMatchObject({ status: 'down', lastError: 'no data for 280 s' });
      expect(byId.get('binance')?.status).toBe('connected');
      const premium = await tape.get<Premium>('/premium?currency=KRW&conversionBase=USD');
      expect(premium.data.length).toBeGreaterThanOrEqual(1);
      for (const row of premium.data) expect([row.stale, row.source.stale]).toEqual([true, true]);
    } finally {
      await tape.close();
    }
  }, 60_000);
});
