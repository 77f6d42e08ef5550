import type { LiquidationEvent, MarketEvent, OpenInterestEvent } from '@spreadscope/core';
import { quote } from '@spreadscope/core/testing';
import { expect } from 'vitest';
import { until } from '../../test-support/tape-server.ts';
import { seedMarket, startTestServer, T0, type TestServer } from '../../test-support/test-server.ts';

/**
 * The paid API's derivatives, symbol and extension tests share this market, whose every number is known: four
 * perpetuals with open interest, three liquidations, two delisting notices (one past), two caution flags and a
 * recent listing. Calls go in as the SDK sends them, with a Pro+ key.
 */

export const DAY = 86_400_000;

export const oi = (
  t: number,
  venue: string,
  base: string,
  openInterest: number,
  usd: number,
): OpenInterestEvent => ({ t, type: 'oi', venue, base, quote: 'USDT', openInterest, openInterestUsd: usd });

export const liq = (
  t: number,
  venue: string,
  base: string,
  side: 'long' | 'short',
  price: number,
  size: number,
): LiquidationEvent => ({ t, type: 'liquidation', venue, base, quote: 'USDT', side, price, size });

const notice = (over: Partial<Extract<MarketEvent, { type: 'notice' }>>): MarketEvent => ({
  t: T0,
  type: 'notice',
  venue: 'binance',
  category: 'delisting',
  title: 'title',
  url: `https://example.com/notice/${Math.floor(Math.random() * 1e9)}`,
  publishedAt: T0 - 1_000,
  ...over,
});

export interface Answer {
  status: number;
  body: Record<string, unknown> & { data?: unknown };
  headers: Record<string, unknown>;
}

export interface IntelFixture {
  readonly server: TestServer;
  call(path: string, params?: Record<string, string>, apiKey?: string): Promise<Answer>;
  /** A 400 that names the parameter, in the contract's error body. */
  refuses(path: string, params: Record<string, string>, param: string): Promise<void>;
}

export const rows = (a: Answer) => a.body.data as Record<string, unknown>[];

export async function startIntelFixture(): Promise<IntelFixture> {
  const server = await startTestServer({ clock: T0, mode: 'simulated' });
  const user = await server.accounts.auth.createAccount({
    email: 'intel@example.com',
    displayName: 'intel',
    passwordHash: null,
    googleSub: 'google-intel',
    verified: true,
    language: 'en',
    referredBy: null,
    plan: 'pro_plus',
  });
  const key = (await server.accounts.apiKeys.create(user, 'sdk', { operator: true })).key;
  seedMarket(server.source);
  const perp = { market: 'perp' as const };
  server.source.push(
    quote(T0 + 10, 'binance', 'BTC', 'USDT', 100_000, { ...perp, bid: 99_990, ask: 100_010 }),
    quote(T0 + 11, 'bybit', 'BTC', 'USDT', 99_900, perp),
    quote(T0 + 12, 'okx', 'BTC', 'USDT', 100_100, perp),
    quote(T0 + 13, 'binance', 'ETH', 'USDT', 3_500, perp),
    quote(T0 + 14, 'okx', 'ETH', 'USDT', 3_500, perp),
    oi(T0 + 50, 'binance', 'BTC', 50_000, 5e9),
    oi(T0 + 51, 'bybit', 'BTC', 20_000, 2e9),
    oi(T0 + 52, 'okx', 'ETH', 1_000_000, 3.5e9),
    oi(T0 + 53, 'binance', 'ETH', 500_000, 1.75e9),
    liq(T0 + 100, 'binance', 'BTC', 'long', 99_000, 1),
    liq(T0 + 200, 'okx', 'BTC', 'short', 100_000, 2),
    liq(T0 + 300, 'bybit', 'ETH', 'long', 3_000, 10),
    notice({ title: 'Binance Will Delist FLM on 2025-11-26', tokens: ['FLM'], effectiveAt: T0 + 5 * DAY }),
    notice({ title: 'Binance Will Delist OLD on 2025-11-16', tokens: ['OLD'], effectiveAt: T0 - 5 * DAY }),
    {
      t: T0,
      type: 'caution',
      venue: 'upbit',
      base: 'BTC',
      quote: 'KRW',
      level: 'caution',
      reasons: ['trading_volume_soaring'],
    },
    { t: T0, type: 'caution', venue: 'bithumb', base: 'BTC', quote: 'KRW', level: 'warning', reasons: [] },
    {
      t: T0,
      type: 'token_update',
      venue: 'upbit',
      market: 'spot',
      base: 'ETH',
      quote: 'KRW',
      update: 'listed',
    },
  );
  await until(
    async () => (server.desk.recentLiquidations(() => true, 10).length === 3 ? true : undefined),
    'the liquidations',
  );
  await server.notices.flushed();
  await server.desk.flush();

  const call = async (path: string, params: Record<string, string> = {}, apiKey = key): Promise<Answer> => {
    const query = new URLSearchParams(params).toString();
    const res = await server.app.inject({
      url: `/api/v1${path}${query ? `?${query}` : ''}`,
      headers: { 'x-dtmx-apikey': apiKey || 'None', 'accept-language': 'en' },
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  return {
    server,
    call,
    async refuses(path, params, param) {
      const answer = await call(path, params);
      expect(answer.status, `${path} ${JSON.stringify(params)}`).toBe(400);
      expect(answer.body).toMatchObject({ error: expect.stringContaining(param), data: { param } });
    },
  };
}
