import { PUBLIC_API_OPERATIONS, type PublicApiOperation } from '@spreadscope/contracts';
import type { Plan } from '@spreadscope/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnvServer, type TapeServer, until } from '../../test-support/tape-server.ts';

/**
 * The paid API against the registry of shared/formats/public-api.md, on a real server over the simulator, the
 * way the DataMaxi+ SDK calls it: every operation, its auth, its required parameters and its reply family,
 * and the rules its live suite checks (§1.9).
 */

let server: TapeServer;
let key = '';
let developerKey = '';

/** An account on the plan with a fresh key, made as the admin CLI makes them. */
async function keyFor(email: string, plan: Plan): Promise<string> {
  const { accounts } = server.server;
  const user = await accounts.auth.createAccount({
    email,
    displayName: email,
    passwordHash: null,
    googleSub: `google-${email}`,
    verified: true,
    language: 'en',
    referredBy: null,
    plan,
  });
  return (await accounts.apiKeys.create(user, 'sdk', { operator: true })).key;
}

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** A call as the SDK makes it: GET, query string, the key header (the literal None without a key). */
async function call(path: string, params: Record<string, string> = {}, apiKey = key): Promise<Answer> {
  const query = new URLSearchParams(params).toString();
  const res = await fetch(`${server.origin}/api/v1${path}${query ? `?${query}` : ''}`, {
    headers: { 'X-DTMX-APIKEY': apiKey || 'None', 'User-Agent': 'datamaxi/0.29.0', 'accept-language': 'en' },
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

const rows = (answer: Answer) => (answer.body as { data: unknown[] }).data;

beforeAll(async () => {
  server = await startEnvServer({
    MARKET_SOURCE: 'sim',
    SIM_SEED: '11',
    SIM_TOKENS: '40',
    SIM_BACKFILL_TOKENS: '2',
  });
  key = await keyFor('quant@example.com', 'pro_plus');
  developerKey = await keyFor('builder@example.com', 'developer');
  // The back-filled day (a background job once the server serves) lands Bitcoin first: its candles, funding.
  await until(
    async () => {
      const candles = await call('/cex/candle', { exchange: 'binance', symbol: 'BTC-USDT', interval: '1h' });
      const funding = await call('/funding-rate/history', { exchange: 'binance', symbol: 'BTC-USDT' });
      // Open interest is polled from the simulated venues like live ones: the first reading comes after start.
      const oi = await call('/open-interest', { exchange: 'binance', symbol: 'BTC-USDT' });
      return candles.status === 200 &&
        oi.status === 200 &&
        rows(candles).length > 10 &&
        funding.status === 200 &&
        rows(funding).length > 0
        ? true
        : undefined;
    },
    'back-filled candles and funding, and a first open interest',
    2_400,
  );
}, 400_000);

afterAll(async () => {
  await server?.close();
});

describe('every operation of the registry', { timeout: 120_000 }, () => {
  it('lists the 49 operations of the contract, each once', () => {
    expect(PUBLIC_API_OPERATIONS).toHaveLength(49);
    expect(new Set(PUBLIC_API_OPERATIONS.map((op) => op.path)).size).toBe(49);
  });

  it('answers each with its family, or names the later work that brings its data', async () => {
    for (const op of PUBLIC_API_OPERATIONS) {
      const answer = await call(op.path, { ...op.example });
      if (op.pending) {
        expect(answer.status, op.path).toBe(404);
        expect(answer.body, op.path).toMatchObject({
          error: expect.any(String),
          data: { code: 'not_served' },
        });
        continue;
      }
      expect(answer.status, `${op.path}: ${JSON.stringify(answer.body)}`).toBe(200);
      expectFamily(op, answer.body);
    }
  });

  it('serves public operations whatever key header arrives, and refuses keyed ones without a key', async () => {
    for (const op of PUBLIC_API_OPERATIONS) {
      if (op.auth === 'public') {
        for (const header of ['None', 'garbage', '']) {
          const answer = await call(op.path, { ...op.example }, header);
          expect(answer.status, `${op.path} with key ${header || '(none)'}`).toBe(op.pending ? 404 : 200);
        }
      } else {
        const answer = await call(op.path, { ...op.example }, 'None');
        expect(answer.status, op.path).toBe(401);
        expect(answer.body).toMatchObject({ error: expect.stringContaining('X-DTMX-APIKEY') });
        const forged = await call(op.path, { ...op.example }, `ssk_${'A'.repeat(43)}`);
        expect(forged.status, op.path).toBe(401);
      }
    }
  });

  it('refuses a missing required parameter with 400 naming it; an empty value counts as missing', async () => {
    for (const op of PUBLIC_API_OPERATIONS.filter((o) => !o.pending)) {
      for (const name of op.required) {
        const params: Record<string, string> = { ...op.example };
        delete params[name];
        const missing = await call(op.path, params);
        expect(missing.status, `${op.path} without ${name}`).toBe(400);
        expect(missing.body).toMatchObject({ error: expect.stringContaining(name), data: { param: name } });
        const empty = await call(op.path, { ...op.example, [name]: '' });
        expect(empty.status, `${op.path} with empty ${name}`).toBe(400);
      }
    }
  });
});

function expectFamily(op: PublicApiOperation, body: unknown) {
  switch (op.family) {
    case 'discovery':
      expect(Array.isArray(body), op.path).toBe(true);
      expect((body as unknown[]).length, op.path).toBeGreaterThan(0);
      for (const item of body as unknown[]) expect(typeof item, op.path).toBe('string');
      break;
    case 'rows':
      expect(Array.isArray(body), op.path).toBe(true);
      expect((body as unknown[]).length, op.path).toBeGreaterThan(0);
      break;
    case 'envelope': {
      const envelope = body as Record<string, unknown>;
      expect(envelope.data, op.path).toBeDefined();
      expect(envelope.data, op.path).not.toBeNull();
      for (const echo of op.echo ?? []) expect(envelope, `${op.path} echoes ${echo}`).toHaveProperty(echo);
      break;
    }
    default:
      expect(typeof body, op.path).toBe('object');
      expect(Array.isArray(body), op.path).toBe(false);
  }
}

describe('the rules the SDK’s live suite checks (§1.9)', { timeout: 120_000 }, () => {
  it('discovery: binance among spot candle venues, 1m/1h/1d intervals, symbols with the exchange alone', async () => {
    expect((await call('/cex/candle/exchanges', { market: 'spot' })).body).toContain('binance');
    expect((await call('/cex/candle/intervals')).body).toEqual(
      expect.arrayContaining(['1m', '30m', '1h', '1d']),
    );
    expect((await call('/cex/candle/symbols', { exchange: 'binance' })).body).toContain('BTC-USDT');
  });

  it('candles: d o h l c v on every row, for spot and futures at every interval and in KRW; the range is honoured', async () => {
    for (const market of ['spot', 'futures']) {
      for (const interval of ['1m', '5m', '15m', '30m', '1h', '4h', '1d']) {
        const answer = await call('/cex/candle', {
          exchange: 'binance',
          symbol: 'BTC-USDT',
          market,
          interval,
        });
        expect(answer.status).toBe(200);
        expect(rows(answer).length, `${market} ${interval}`).toBeGreaterThan(0);
        for (const row of rows(answer))
          expect(Object.keys(row as object).sort()).toEqual(['c', 'd', 'h', 'l', 'o', 'v']);
      }
    }
    const usd = rows(await call('/cex/candle', { exchange: 'binance', symbol: 'BTC-USDT', interval: '1h' }));
    const krw = rows(
      await call('/cex/candle', { exchange: 'binance', symbol: 'BTC-USDT', interval: '1h', currency: 'KRW' }),
    );
    const lastUsd = (usd.at(-2) as { c: number }).c;
    const lastKrw = (krw.at(-2) as { c: number }).c;
    // Converted with the USD/KRW rate of that minute: somewhere between 1,000 and 2,000 won a dollar.
    expect(lastKrw / lastUsd).toBeGreaterThan(1_000);
    expect(lastKrw / lastUsd).toBeLessThan(2_000);
    const now = Math.floor(Date.now() / 1000);
    const ranged = rows(
      await call('/cex/candle', {
        exchange: 'binance',
        symbol: 'BTC-USDT',
        interval: '1d',
        from: String(now - 30 * 86_400),
        to: String(now - 86_400),
      }),
    );
    expect(ranged.length).toBeLessThanOrEqual(30);
    for (const row of ranged) expect((row as { d: number }).d).toBeLessThan((now - 86_400) * 1000);
  });

  it('ticker: one object carrying d, for spot and futures, in KRW over USDT', async () => {
    for (const market of ['spot', 'futures']) {
      const answer = await call('/ticker', {
        exchange: 'binance',
        symbol: 'BTC-USDT',
        market,
        currency: 'KRW',
        conversion_base: 'USDT',
      });
      expect(answer.status).toBe(200);
      const data = (answer.body as { data: Record<string, unknown> }).data;
      expect(data).toMatchObject({ e: 'binance', m: market, s: 'BTC-USDT', b: 'BTC', q: 'USDT' });
      expect(data.d).toEqual(expect.any(Number));
      expect(data.p as number).toBeGreaterThan(10_000_000);
    }
  });

  it('fees with exchange and symbol, exchange only, and nothing; wallet rows indexed by network', async () => {
    const feeCalls: Record<string, string>[] = [
      { exchange: 'binance', symbol: 'BTC-USDT' },
      { exchange: 'binance' },
      {},
    ];
    for (const params of feeCalls) {
      const answer = await call('/cex/fees', params);
      expect((answer.body as unknown[]).length, JSON.stringify(params)).toBeGreaterThan(0);
    }
    const wallets = (await call('/wallet-status', { exchange: 'binance', asset: 'BTC' })).body as {
      network: string;
    }[];
    expect(wallets.length).toBeGreaterThan(0);
    for (const row of wallets) expect(row.network).toEqual(expect.any(String));
  });

  it('funding: lists, history with the defaults, from only, to only, limit 10; latest as one object', async () => {
    expect(((await call('/funding-rate/exchanges')).body as string[]).length).toBeGreaterThan(0);
    expect((await call('/funding-rate/symbols', { exchange: 'binance' })).body).toContain('BTC-USDT');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const ranges: Record<string, string>[] = [{}, { from: day(-7) }, { to: day(1) }, { limit: '10' }];
    for (const params of ranges) {
      const answer = await call('/funding-rate/history', {
        exchange: 'binance',
        symbol: 'BTC-USDT',
        ...params,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(rows(answer).length, JSON.stringify(params)).toBeGreaterThan(0);
      expect(rows(answer).length).toBeLessThanOrEqual(10);
    }
    const both = await call('/funding-rate/history', {
      exchange: 'binance',
      symbol: 'BTC-USDT',
      from: day(-7),
      to: day(0),
    });
    expect(both.status).toBe(400);
    const latest = (await call('/funding-rate/latest', { exchange: 'binance', symbol: 'BTC-USDT' })).body;
    expect(latest).toMatchObject({ e: 'binance', s: 'BTC-USDT', id: 'bitcoin', d: expect.any(Number) });
  });

  it('premium: every single filter of the suite still returns rows, with a detail object and the echo', async () => {
    const filters: Record<string, string>[] = [
      {},
      { limit: '10' },
      { source_exchange: 'binance' },
      { target_exchange: 'upbit' },
      { asset: 'BTC' },
      { source_quote: 'USDT' },
      { target_quote: 'KRW' },
      { source_market: 'spot' },
      { target_market: 'spot' },
      { source_market: 'spot', target_market: 'spot' },
      { sort: 'asc', key: 'pdp' },
      { sort: 'desc', key: 'pdp' },
      { min_sv: '100000' },
      { only_transferable: 'True' },
      { currency: 'KRW' },
      { conversion_base: 'USD' },
      { token_include: 'bitcoin' },
      { token_exclude: 'SHIB' },
    ];
    for (const params of filters) {
      const answer = await call('/premium', params);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const data = rows(answer) as { detail: Record<string, unknown> }[];
      expect(data.length, JSON.stringify(params)).toBeGreaterThan(0);
      expect(data.length).toBeLessThanOrEqual(Number(params.limit ?? 10));
      for (const row of data) expect(typeof row.detail).toBe('object');
    }
    const first = rows(
      await call('/premium', { source_exchange: 'binance', target_exchange: 'upbit', asset: 'BTC' }),
    );
    expect((first[0] as { detail: Record<string, unknown> }).detail).toMatchObject({
      se: 'binance',
      te: 'upbit',
      sb: 'BTC',
      tq: 'KRW',
      bid: 'bitcoin',
    });
    const asc = rows(await call('/premium', { sort: 'asc', limit: '50' })) as { detail: { pdp: number } }[];
    for (let i = 1; i < asc.length; i++)
      expect((asc[i]?.detail.pdp ?? 0) >= (asc[i - 1]?.detail.pdp ?? 0)).toBe(true);
    const excluded = rows(await call('/premium', { token_exclude: 'bitcoin,ETH', limit: '1000' })) as {
      detail: { sb: string };
    }[];
    expect(excluded.some((r) => r.detail.sb === 'BTC' || r.detail.sb === 'ETH')).toBe(false);
  });

  it('announcements and token updates: data present and within the limit, page 2, both sorts, the suite’s keys', async () => {
    const first = await call('/cex/announcements', { limit: '5' });
    expect(first.status).toBe(200);
    expect(rows(first).length).toBeGreaterThan(0);
    expect(rows(first).length).toBeLessThanOrEqual(5);
    expect(rows(first)[0]).toEqual({
      e: expect.any(String),
      c: expect.stringMatching(/^(listing|delisting|notice|user_events)$/),
      t: expect.any(String),
      s: expect.any(String),
      u: expect.any(String),
      d: expect.any(Number),
    });
    for (const params of [
      { page: '2', limit: '5' },
      { sort: 'asc' },
      { sort: 'desc' },
      { exchange: 'binance' },
      { key: 'created_at' },
      { category: '' },
    ] as Record<string, string>[]) {
      const answer = await call('/cex/announcements', params);
      expect(answer.status, JSON.stringify(params)).toBe(200);
      expect(Array.isArray(rows(answer))).toBe(true);
    }
    for (const row of rows(await call('/cex/announcements', { exchange: 'binance', limit: '50' })))
      expect((row as { e: string }).e).toBe('binance');
    for (const type of ['listed', 'delisted']) {
      const answer = await call('/cex/token/updates', { type, limit: '1000' });
      expect(answer.status).toBe(200);
      for (const row of rows(answer)) expect((row as { t: string }).t).toBe(type);
    }
  });

  it('margin borrow: cross and isolated lists in snake_case, every margin venue with its status', async () => {
    const answer = await call('/margin-borrow', { asset: 'BTC' });
    expect(answer.status).toBe(200);
    const body = answer.body as { cross: Record<string, unknown>[]; isolated: unknown[]; venues: unknown[] };
    expect(Array.isArray(body.cross) && Array.isArray(body.isolated)).toBe(true);
    expect(body.venues.length).toBeGreaterThan(0);
    for (const row of body.cross)
      expect(row).toMatchObject({ exchange: expect.any(String), hourly_rate: expect.any(Number) });
  });

  it('liquidations, open interest and symbols: real rows on the simulator’s market', async () => {
    const feed = await until(
      async () => {
        const answer = await call('/liquidation/feed', { limit: '1000' });
        return rows(answer).length > 0 ? answer : undefined;
      },
      'simulated liquidations',
      1_200,
    );
    const event = rows(feed)[0] as { exchange: string; symbol: string };
    expect(
      rows(await call('/liquidation', { exchange: event.exchange, symbol: event.symbol })).length,
    ).toBeGreaterThan(0);
    const heatmap = (await call('/liquidation/heatmap', { window: '24h' })).body as { tokens: unknown[] };
    expect(heatmap.tokens.length).toBeGreaterThan(0);
    const list = rows(await call('/open-interest/list'));
    expect(list.length).toBeGreaterThan(0);
    expect(rows(await call('/open-interest/overview')).length).toBeGreaterThan(0);
    expect(
      ((await call('/cex/symbol/oi', { base: 'BTC' })).body as { data: unknown[] }).data.length,
    ).toBeGreaterThan(0);
    expect(rows(await call('/cex/symbol/metadata', { exchange: 'upbit' })).length).toBeGreaterThan(0);
    expect(rows(await call('/arbitrage/spot-spot')).length).toBeGreaterThan(0);
  });

  it('forex: symbols and one USD-KRW object', async () => {
    expect((await call('/forex/symbols')).body).toContain('USD-KRW');
    expect((await call('/forex', { symbol: 'USD-KRW' })).body).toMatchObject({
      s: 'USD-KRW',
      r: expect.any(Number),
    });
  });

  it('takes the SDK’s spellings: True/False in any case, `empty` as no filter, dates on funding history', async () => {
    const empty = await call('/premium', { source_exchange: 'empty', only_transferable: 'FALSE' });
    expect(rows(empty).length).toBeGreaterThan(0);
    const bad = await call('/premium', { only_transferable: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ data: { code: 'invalid_parameter', param: 'only_transferable' } });
    const unknown = await call('/cex/candle', { exchange: 'nasdaq', symbol: 'BTC-USDT' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      error: expect.stringContaining('exchange'),
      data: { param: 'exchange' },
    });
  });

  it('meters keyed calls with X-RateLimit-* headers; a developer key spends its 1,000 monthly credits', async () => {
    const answer = await call('/forex', { symbol: 'USD-KRW' }, developerKey);
    expect(answer.status).toBe(200);
    expect(Number(answer.headers.get('x-ratelimit-limit'))).toBe(120);
    expect(Number(answer.headers.get('x-ratelimit-remaining'))).toBe(119);
    expect(Number(answer.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
    expect(answer.headers.get('x-credits-limit')).toBe('1000');
  });
});
