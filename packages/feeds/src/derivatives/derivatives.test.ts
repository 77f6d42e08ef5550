import type { LiquidationEvent, MarketEvent, OpenInterestEvent, VenueId } from '@spreadscope/core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FEED_SETTINGS } from '../live/feed-settings.ts';
import { type FixtureRoutes, fixture, fixtureFetch } from '../live/fixtures/fixture-http.ts';
import type { PollTask } from '../supervisor/poll-task.ts';
import type { StreamTask } from '../supervisor/stream-task.ts';
import { type FixtureWsServer, serveWs, waitFor } from '../test-support/fixture-ws.ts';
import { RATE_LIMITED } from '../test-support/venue-kit.ts';
import type { AdapterContext } from '../venues/adapter.ts';
import { BadFrameError, VenueStreamError } from '../venues/raw-ws.ts';
import { derivativesExtras, WATCHED_PERPS } from './derivatives-feed.ts';
import {
  parseBinanceForceOrder,
  parseBybitAllLiquidation,
  parseOkxLiquidations,
} from './liquidation-frames.ts';
import { parseBinanceOpenInterest, parseBybitOpenInterest, parseOkxOpenInterest } from './open-interest.ts';

const load = (name: string): unknown => JSON.parse(fixture(`../../derivatives/fixtures/${name}`));
const body = (name: string) => ({ body: fixture(`../../derivatives/fixtures/${name}`) });

function context(venue: VenueId, routes: FixtureRoutes, wsUrl?: string, streams = false) {
  const emitted: MarketEvent[] = [];
  const ctx: AdapterContext = {
    venue,
    override: wsUrl ? { wsUrl } : {},
    settings: { ...DEFAULT_FEED_SETTINGS, streams },
    fetch: fixtureFetch(routes),
    clock: () => Date.now(),
    random: () => 0,
    logger: { info: () => {}, warn: () => {} },
    emit: (e) => emitted.push(e),
    onChange: () => {},
  };
  return { ctx, emitted };
}

describe('open interest (real wire formats)', () => {
  it('Bybit: every linear perpetual in one answer, base units and USD; dated futures left out', () => {
    expect(parseBybitOpenInterest(load('bybit-tickers-linear.json'))).toEqual([
      { base: 'BTC', quote: 'USDT', openInterest: 52_011.832, openInterestUsd: 4_546_614_394.28 },
      { base: 'ETH', quote: 'USDT', openInterest: 1_102_318.54, openInterestUsd: 3_220_423_553.61 },
    ]);
  });

  it('OKX: oiCcy (base units) per swap, and the contract size it implies for the liquidation stream', () => {
    const sizes = new Map<string, number>();
    const rows = parseOkxOpenInterest(load('okx-open-interest-swap.json'), sizes);
    expect(rows.map((r) => `${r.base}/${r.quote} ${r.openInterest}`)).toEqual([
      'BTC/USDT 30831.247',
      'ETH/USDT 621108.9',
      'BTC/USD 6087.22',
    ]);
    expect(sizes.get('BTC-USDT-SWAP')).toBeCloseTo(0.01, 10);
    expect(sizes.get('ETH-USDT-SWAP')).toBeCloseTo(0.1, 10);
  });

  it('Binance: one symbol per answer; an error body fails', () => {
    expect(parseBinanceOpenInterest(load('binance-open-interest-btcusdt.json'))).toEqual([
      { base: 'BTC', quote: 'USDT', openInterest: 91_250.413 },
    ]);
    expect(() => parseBinanceOpenInterest({ code: -1121, msg: 'Invalid symbol.' })).toThrow(/Invalid symbol/);
  });
});

describe('liquidation streams (real frames)', () => {
  it('Binance forceOrder: SELL liquidates a long, filled size at the average price; dated futures skipped', () => {
    const frames = load('binance-force-order.json') as unknown[];
    const events = frames.flatMap(parseBinanceForceOrder);
    expect(events).toEqual([
      {
        t: 1_764_062_001_201,
        type: 'liquidation',
        venue: 'binance',
        base: 'BTC',
        quote: 'USDT',
        side: 'long',
        price: 87_060.4,
        size: 0.514,
      },
      {
        t: 1_764_062_001_609,
        type: 'liquidation',
        venue: 'binance',
        base: 'ETH',
        quote: 'USDT',
        side: 'short',
        price: 2_941.02,
        size: 12.4,
      },
    ]);
    expect(() => parseBinanceForceOrder('nope')).toThrow(BadFrameError);
  });

  it('Bybit allLiquidation: Buy is a long liquidated; the subscription ack carries nothing; a refusal restarts', () => {
    const frames = load('bybit-all-liquidation.json') as unknown[];
    const events = frames.flatMap(parseBybitAllLiquidation);
    expect(events.map((e) => [e.side, e.size, e.price])).toEqual([
      ['long', 0.732, 86_990.1],
      ['short', 0.05, 87_210],
    ]);
    expect(() =>
      parseBybitAllLiquidation({ success: false, op: 'subscribe', ret_msg: 'error:handler not found' }),
    ).toThrow(VenueStreamError);
  });

  it('OKX liquidation-orders: contracts × contract size; a swap of unknown size is skipped, not guessed', () => {
    const frames = load('okx-liquidation-orders.json') as unknown[];
    const sizes = new Map([
      ['BTC-USDT-SWAP', 0.01],
      ['ETH-USDT-SWAP', 0.1],
    ]);
    const events = frames.flatMap((f) => parseOkxLiquidations(f, sizes));
    expect(events.map((e) => `${e.base} ${e.side} ${e.size.toFixed(2)} @ ${e.price}`)).toEqual([
      'BTC long 0.41 @ 86995.4',
      // net mode: a buy closes a short.
      'ETH short 10.00 @ 2950.1',
    ]);
    expect(() =>
      parseOkxLiquidations({ event: 'error', code: '60012', msg: 'Invalid request' }, sizes),
    ).toThrow(/Invalid request/);
  });
});

let ws: FixtureWsServer | null = null;
afterEach(async () => {
  await ws?.close();
  ws = null;
});

describe('open interest and liquidations under the supervisor', () => {
  it('Bybit: the OI poll emits oi events; a 429 is a failed round in plain words', async () => {
    const ok = context('bybit', { '/v5/market/tickers': body('bybit-tickers-linear.json') });
    const task = derivativesExtras('bybit', ok.ctx)?.tasks[0] as PollTask;
    expect(await task.pollOnce()).toBe(true);
    const oi = ok.emitted as OpenInterestEvent[];
    expect(oi.map((e) => [e.type, e.venue, e.base])).toEqual([
      ['oi', 'bybit', 'BTC'],
      ['oi', 'bybit', 'ETH'],
    ]);
    const limited = context('bybit', { '/v5/market/tickers': RATE_LIMITED });
    const failing = derivativesExtras('bybit', limited.ctx)?.tasks[0] as PollTask;
    expect(await failing.pollOnce()).toBe(false);
    expect(failing.health()).toMatchObject({
      status: 'down',
      lastError: 'HTTP 429 (rate limited) from api.bybit.com',
    });
  });

  it('Binance asks the watched perpetuals one by one', async () => {
    const asked: string[] = [];
    const { ctx, emitted } = context('binance', {
      '/fapi/v1/openInterest': (url) => {
        asked.push(url.searchParams.get('symbol') ?? '');
        return url.searchParams.get('symbol') === 'BTCUSDT'
          ? body('binance-open-interest-btcusdt.json')
          : { status: 400, body: '{"code":-1121,"msg":"Invalid symbol."}' };
      },
    });
    const task = derivativesExtras('binance', ctx)?.tasks[0] as PollTask;
    expect(await task.pollOnce()).toBe(true);
    expect(asked).toEqual(WATCHED_PERPS.map((b) => `${b}USDT`));
    expect(emitted).toHaveLength(1);
    expect(task.health().status).toBe('degraded');
  });

  it('Bybit: subscribes to the watched perpetuals and streams their liquidations; a bad frame keeps the socket', async () => {
    const frames = load('bybit-all-liquidation.json') as Record<string, unknown>[];
    ws = await serveWs((message, c) => {
      const request = JSON.parse(message) as { op?: string };
      if (request.op !== 'subscribe') return;
      c.reply(frames[0] as Record<string, unknown>);
      c.reply('{not json');
      c.reply(frames[1] as Record<string, unknown>);
    });
    const { ctx, emitted } = context('bybit', {}, ws.url, true);
    const extras = derivativesExtras('bybit', ctx);
    const stream = extras?.tasks[1] as StreamTask;
    stream.start();
    try {
      await waitFor(() => emitted.length >= 2, 'two liquidations');
      expect((emitted as LiquidationEvent[]).map((e) => e.side)).toEqual(['long', 'short']);
      const subscription = JSON.parse(ws.received[0]?.message ?? '{}') as { args: string[] };
      expect(subscription.args).toContain('allLiquidation.BTCUSDT');
      expect(ws.received[0]?.path).toBe('/stream.bybit.com/v5/public/linear');
      expect(ws.connections()).toBe(1);
    } finally {
      await stream.stop();
    }
  });

  it('with streams off (LIVE_STREAMS=0) liquidations say why they are not read', () => {
    const { ctx } = context('okx', {});
    const extras = derivativesExtras('okx', ctx);
    expect(extras?.tasks).toHaveLength(1);
    expect(extras?.capabilities.liquidations).toMatchObject({ via: 'none' });
    expect(derivativesExtras('upbit', ctx)).toBeNull();
  });
});
