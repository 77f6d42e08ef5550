import type { FundingEvent, WalletEvent } from '@spreadscope/core';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import type { CookieClient } from '../../test-support/cookie-client.ts';
import { forex, quote, seedMarket, T0 } from '../../test-support/test-server.ts';
import { connectWs } from '../../test-support/ws-client.ts';

const FRONT = '/api/v1/front';
const SIGN_IN = 'Please sign in to continue.';
const UPGRADE = 'Your plan (Free) does not include this. It is available from Pro.';

const funding = (t: number, venue: string, quoteToken: string, rate: number): FundingEvent => ({
  t,
  type: 'funding',
  venue,
  base: 'BTC',
  quote: quoteToken,
  rate,
  intervalHours: 1,
});
const wallet = (t: number, venue: string): WalletEvent => ({
  t,
  type: 'wallet',
  venue,
  asset: 'BTC',
  network: 'BTC',
  deposit: true,
  withdraw: true,
  confirmations: 2,
  blockTimeSec: 600,
});

/** The seeded CEX market plus BTC on two perp DEXes (dYdX, Hyperliquid), with funding and a wallet. */
function marketWithDex(fx: AccountsFixture): void {
  const { source } = fx.server;
  seedMarket(source, T0);
  source.push(
    quote(T0 + 10, 'binance', 'BTC', 'USDT', 100_100, { market: 'perp', volume24h: 9e9 }),
    quote(T0 + 11, 'dydx', 'BTC', 'USDC', 100_300, { market: 'perp', volume24h: 1e8 }),
    quote(T0 + 12, 'hyperliquid', 'BTC', 'USDC', 100_250, { market: 'perp', volume24h: 2e8 }),
    quote(T0 + 13, 'hyperliquid', 'BTC', 'USDC', 100_200, { volume24h: 1e7 }),
    funding(T0 + 14, 'binance', 'USDT', 0.0001),
    funding(T0 + 15, 'dydx', 'USDC', 0.0003),
    funding(T0 + 16, 'hyperliquid', 'USDC', 0.0002),
    wallet(T0 + 17, 'binance'),
    wallet(T0 + 18, 'hyperliquid'),
    forex(T0 + 60_000, 1_400),
  );
  source.clock = T0 + 30_000;
}

const DEX_NAMED = [
  '/cex/candle?exchange=dydx&market=perp&base=BTC',
  '/cex/candle/symbols?exchange=hyperliquid',
  '/premium/history?source=upbit&target=hyperliquid&base=BTC',
  '/premium/history/v2?source=upbit&target=dydx&targetMarket=perp&base=BTC',
  '/premium/history/tokens/v2?source=upbit&target=hyperliquid&bases=BTC',
  '/premium/candle?source=upbit&target=dydx&targetMarket=perp&base=BTC',
  '/premium/candle?source=dydx&sourceMarket=perp&target=binance&base=BTC',
  '/premium?scope=global&premiumType=spot-perp&target=dydx',
  '/premium/detail/header?symbol=hyperliquid-usdc-btc',
  '/premium/detail/overview?symbol=hyperliquid-btc',
  '/premium/detail/wallet-status?symbol=hyperliquid-btc',
  '/arbitrage/perp-perp?source=dydx',
  '/arbitrage/spot-perp?target=hyperliquid',
  '/funding-rate?exchange=dydx&base=BTC',
  '/funding-rate/latest?exchange=dydx',
  '/funding-rates/ranking?exchange=hyperliquid',
  '/funding-rates/heatmap?exchange=dydx',
  '/funding-rates/history/v2?base=BTC&exchanges=binance,dydx',
  '/price-stats?exchange=hyperliquid',
  '/networks?exchange=hyperliquid',
];

forEachDatabase('DEX venue data behind the plan', (getDb) => {
  let fx: AccountsFixture;
  let free: CookieClient;
  let pro: CookieClient;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb());
    marketWithDex(fx);
    await fx.server.runtime.flush(false);
    free = (await signedInUser(fx, 'free')).client;
    pro = (await signedInUser(fx, 'pro')).client;
  });
  afterAll(() => fx.close());

  it('refuses every route naming a DEX venue: 401 for visitors, 403 naming Pro for Free, served for Pro', async () => {
    for (const path of DEX_NAMED) {
      const visitor = await fx.client().get(`${FRONT}${path}`);
      expect(visitor.status, path).toBe(401);
      expect(visitor.body, path).toEqual({ error: 'unauthenticated', message: SIGN_IN });
      const refused = await free.get(`${FRONT}${path}`);
      expect(refused.status, path).toBe(403);
      expect(refused.body, path).toEqual({ error: 'plan_required', message: UPGRADE });
      const served = await pro.get(`${FRONT}${path}`);
      expect([401, 403], `${path}: ${JSON.stringify(served.body)}`).not.toContain(served.status);
    }
    const ko = await fx.client('ko').get(`${FRONT}/cex/candle?exchange=dydx&market=perp&base=BTC`);
    expect(ko.body.message).toBe('로그인이 필요합니다.');
  });

  it('serves DEX data to Pro where it was refused to Free', async () => {
    const candles = await pro.get<{ data: unknown[] }>(
      `${FRONT}/cex/candle?exchange=dydx&market=perp&base=BTC`,
    );
    expect(candles.status).toBe(200);
    const latest = await pro.get<{ data: { exchange: string }[] }>(
      `${FRONT}/funding-rate/latest?exchange=dydx&dex=true`,
    );
    expect(latest.body.data.map((r) => r.exchange)).toEqual(['dydx']);
    const stats = await pro.get<{ data: { exchange: string }[] }>(
      `${FRONT}/price-stats?exchange=hyperliquid&dex=true`,
    );
    expect(stats.body.data.length).toBeGreaterThan(0);
    const header = await pro.get<{ market: { exchange: string } }>(
      `${FRONT}/premium/detail/header?symbol=hyperliquid-usdc-btc`,
    );
    expect(header.body.market.exchange).toBe('hyperliquid');
  });

  it('leaves DEX venues out of lists that name no venue, for callers without DEX data', async () => {
    const venuesOf = async (client: CookieClient, path: string, pick: (body: never) => string[]) =>
      new Set(pick((await client.get(`${FRONT}${path}`)).body as never));
    const lists: [string, (body: never) => string[]][] = [
      ['/cex/candle/symbols', (b: { data: { exchange: string }[] }) => b.data.map((r) => r.exchange)],
      ['/funding-rate/symbols', (b: { data: { exchange: string }[] }) => b.data.map((r) => r.exchange)],
      [
        '/premium/search?q=BTC',
        (b: { data: { exchanges: string[] }[] }) => b.data.flatMap((r) => r.exchanges),
      ],
      [
        '/funding-rates/search?q=BTC',
        (b: { data: { exchanges: string[] }[] }) => b.data.flatMap((r) => r.exchanges),
      ],
      ['/networks', (b: { data: { exchange: string }[] }) => b.data.map((r) => r.exchange)],
      [
        '/premium/detail/wallet-status?symbol=upbit-btc',
        (b: { data: { exchange: string }[] }) => b.data.map((r) => r.exchange),
      ],
      [
        '/funding-rates/history/v2?base=BTC',
        (b: { series: { exchange: string }[] }) => b.series.map((r) => r.exchange),
      ],
    ];
    for (const [path, pick] of lists) {
      for (const client of [fx.client(), free]) {
        const seen = await venuesOf(client, path, pick);
        expect(
          [...seen].filter((v) => ['dydx', 'hyperliquid'].includes(v)),
          path,
        ).toEqual([]);
      }
      if (path.startsWith('/funding-rates/history/v2')) continue; // the default there is CEX for everyone
      const proSeen = await venuesOf(pro, path, pick);
      expect(
        [...proSeen].some((v) => ['dydx', 'hyperliquid'].includes(v)),
        path,
      ).toBe(true);
    }
    // Still the CEX data for everyone.
    const symbols = (await fx.client().get<{ data: { exchange: string }[] }>(`${FRONT}/cex/candle/symbols`))
      .body;
    expect(symbols.data.some((s) => s.exchange === 'binance')).toBe(true);
  });

  it('keeps DEX subscriptions behind the plan on the WebSocket too', async () => {
    const address = await fx.server.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}/api/v1/ws`;
    const cookieOf = (client: CookieClient) => ({ cookie: `ss_session=${client.jar.get('ss_session')}` });
    const subscriptions = [
      { topic: 'funding-latest', params: { exchange: 'dydx' } },
      { topic: 'price-stats', params: { exchange: 'hyperliquid' } },
      { topic: 'arbitrage-perp-perp', params: { target: 'dydx' } },
    ];
    for (const [headers, expected] of [
      [{ 'accept-language': 'en' }, { error: 'unauthenticated', message: SIGN_IN }],
      [
        { 'accept-language': 'en', ...cookieOf(free) },
        { error: 'plan_required', message: UPGRADE },
      ],
    ] as const) {
      const socket = connectWs(url, headers);
      await socket.opened;
      for (const [i, sub] of subscriptions.entries()) {
        socket.send({ op: 'subscribe', id: `s${i}`, ...sub });
        expect(await socket.next((m) => m.id === `s${i}`)).toMatchObject({ type: 'error', ...expected });
      }
      socket.close();
    }
    const socket = connectWs(url, cookieOf(pro));
    await socket.opened;
    socket.send({
      op: 'subscribe',
      id: 'dex',
      topic: 'funding-latest',
      params: { exchange: 'dydx', dex: true },
    });
    const snapshot = await socket.next((m) => m.type === 'snapshot');
    expect((snapshot.data as { data: { exchange: string }[] }).data.map((r) => r.exchange)).toEqual(['dydx']);
    socket.close();
  });
});
