import type { MarketEvent, NoticeEvent, WalletEvent } from '@spreadscope/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureRoutes, fixture, fixtureFetch, json } from '../../live/fixtures/fixture-http.ts';
import {
  type FixtureWsServer,
  type Frame,
  serveWs,
  type WsScript,
  waitFor,
} from '../../test-support/fixture-ws.ts';
import { startLive, stopAll } from '../../test-support/live-harness.ts';
import { restFailureCase, streamFailureCases } from '../../test-support/venue-failures.ts';

/** Bithumb: its Open API 2 REST (market/all, ticker), the ticker stream, public notices and wallet status. */

const own = (name: string) => json(`../../venues/korea/fixtures/${name}`);
const frames = JSON.parse(fixture('../../venues/korea/fixtures/bithumb-ws-ticker.json')) as {
  code: string;
}[];

const ROUTES: FixtureRoutes = {
  '/v1/market/all': own('bithumb-market-all.json'),
  '/v1/ticker': own('bithumb-ticker.json'),
  '/v1/notices': json('../../notices/bithumb/fixtures/bithumb-notices.json'),
  '/public/assetsstatus/multichain/ALL': json('../../wallets/bithumb/fixtures/bithumb-wallet-status.json'),
};

const bithumbScript: WsScript = (message, ctx) => {
  const request = JSON.parse(message) as { type?: string; codes?: string[] }[];
  for (const part of Array.isArray(request) ? request : []) {
    if (part.type !== 'ticker') continue;
    const matching = frames.filter((f) => part.codes?.includes(f.code));
    for (const frame of matching) ctx.reply(frame as Frame);
    ctx.every(100, () => (matching[0] ? { ...matching[0], timestamp: Date.now() } : null));
  }
};

let ws: FixtureWsServer | null = null;
afterEach(async () => {
  await stopAll();
  await ws?.close();
  ws = null;
});

const of = <T extends MarketEvent['type']>(events: readonly MarketEvent[], type: T) =>
  events.filter((e): e is Extract<MarketEvent, { type: T }> => e.type === type);

describe('Bithumb adapter', () => {
  it('streams KRW tickers, and reads notices and public wallet status', async () => {
    ws = await serveWs(bithumbScript);
    const { events, link } = await startLive(
      ['bithumb'],
      { bithumb: { wsUrl: ws.url } },
      fixtureFetch(ROUTES),
    );
    await waitFor(() => of(events, 'quote').some((q) => q.last === 131_860_000), 'a streamed quote');
    expect(of(events, 'quote').find((q) => q.last === 131_860_000)).toMatchObject({
      venue: 'bithumb',
      market: 'spot',
      base: 'BTC',
      quote: 'KRW',
      volume24h: 121_240_000_000.5,
    });
    await waitFor(
      () => of(events, 'notice').length === 3 && of(events, 'wallet').length === 4,
      'notices and wallets',
    );
    const notices = of(events, 'notice') as NoticeEvent[];
    expect(notices.map((n) => [n.category, n.url, n.publishedAt])).toEqual([
      ['notice', 'https://feed.bithumb.com/notice/1651188', Date.UTC(2025, 10, 20, 0, 10)],
      ['delisting', 'https://feed.bithumb.com/notice/1651201', Date.UTC(2025, 10, 20, 8, 30)],
      ['listing', 'https://feed.bithumb.com/notice/1651234', Date.UTC(2025, 10, 21, 4, 0)],
    ]);
    const wallets = of(events, 'wallet') as WalletEvent[];
    expect(
      wallets.map((w) => `${w.asset}/${w.network} ${w.deposit ? 'in' : '-'} ${w.withdraw ? 'out' : '-'}`),
    ).toEqual(['BTC/BTC in out', 'ETH/ETH - -', 'USDT/ETH in out', 'USDT/TRX in -']);
    expect(link('bithumb')?.capabilities).toMatchObject({
      'spot-tickers': { via: 'ws', fallback: 'rest' },
      notices: { via: 'rest' },
      wallets: { via: 'rest' },
    });
  });

  it('fails the wallet poll with Bithumb’s own words when it answers an error status', async () => {
    ws = await serveWs(bithumbScript);
    const routes: FixtureRoutes = {
      ...ROUTES,
      '/public/assetsstatus/multichain/ALL': {
        body: '{"status":"5600","message":"잠시 후 다시 시도해 주십시오."}',
      },
    };
    const { link } = await startLive(['bithumb'], { bithumb: { wsUrl: ws.url } }, fixtureFetch(routes));
    await waitFor(
      () => link('bithumb')?.feeds?.find((f) => f.feed === 'wallets')?.status === 'down',
      'wallets down',
    );
    expect(link('bithumb')?.feeds?.find((f) => f.feed === 'wallets')?.lastError).toBe(
      'Bithumb answered status 5600: 잠시 후 다시 시도해 주십시오.',
    );
  });
});

describe('Bithumb failures', () => {
  streamFailureCases({
    venue: 'bithumb',
    routes: ROUTES,
    script: bithumbScript,
    feed: 'spot-tickers',
    streamed: (q) => q.base === 'BTC' && q.last === 131_860_000,
    polled: (q) => q.base === 'BTC' && q.last === 131_850_000,
    malformed: [
      '{"type":"ticker","code":"KRW-BTC","trade_price":1318',
      { type: 'ticker', code: 'KRW-BTC', trade_price: 'n/a', timestamp: 1 },
      ['not', 'a', 'frame'],
    ],
  });
  restFailureCase({
    venue: 'bithumb',
    routes: ROUTES,
    path: '/v1/ticker',
    feed: 'spot-tickers',
    host: 'api.bithumb.com',
  });
});
