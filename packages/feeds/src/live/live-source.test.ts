import type { ForexEvent, MarketEvent, QuoteEvent, VenueId } from '@spreadscope/core';
import { afterEach, describe, expect, it } from 'vitest';
import { PollTask } from '../supervisor/poll-task.ts';
import { onlyVenues as only } from '../test-support/live-harness.ts';
import {
  BINANCE_ROUTES,
  closedPort,
  type FixtureRoutes,
  fixtureFetch,
  json,
  serveFixtures,
  UPBIT_ROUTES,
} from './fixtures/fixture-http.ts';
import type { FetchLike } from './http-seam.ts';
import { LiveSource, type LiveSourceOptions } from './live-source.ts';

const NOW = Date.UTC(2025, 10, 21, 4, 40);

const sources: LiveSource[] = [];
afterEach(async () => {
  for (const source of sources.splice(0)) await source.stop();
});

async function runOnce(options: LiveSourceOptions): Promise<{ source: LiveSource; events: MarketEvent[] }> {
  const source = new LiveSource({
    manual: true,
    clock: () => NOW,
    random: () => 0,
    forexUrls: [],
    ...options,
  });
  sources.push(source);
  const events: MarketEvent[] = [];
  await source.start((e) => events.push(e));
  await source.pollOnce();
  return { source, events };
}

/** The REST poll of a venue's first ticker feed (manual mode polls instead of streaming). */
function tickerPoll(source: LiveSource, venue: VenueId): PollTask | undefined {
  const task = source.adapter(venue)?.tasks()[0];
  return task instanceof PollTask ? task : undefined;
}

function link(source: LiveSource, venue: VenueId) {
  return source.links().find((l) => l.venue === venue);
}

const quotesOf = (events: readonly MarketEvent[]) =>
  events.filter((e): e is QuoteEvent => e.type === 'quote');

describe('LiveSource with recorded Upbit responses', () => {
  it('maps every KRW ticker to a quote, USDT/KRW included', async () => {
    const requested: string[] = [];
    const { source, events } = await runOnce({
      // kbit left enabled: it has no adapter, and says why.
      venues: { ...only(['upbit']), kbit: {} },
      fetch: fixtureFetch(UPBIT_ROUTES, requested),
    });
    expect([...requested].sort()).toEqual([
      'https://api-manager.upbit.com/api/v1/announcements?os=web&page=1&per_page=20&category=all',
      'https://api.upbit.com/v1/market/all',
      'https://api.upbit.com/v1/market/all?isDetails=true',
      'https://api.upbit.com/v1/ticker/all?quote_currencies=KRW',
    ]);
    const quotes = quotesOf(events);
    expect(quotes.map((q) => q.base).sort()).toEqual(['BTC', 'ETH', 'ORCA', 'SOL', 'USDT', 'XRP']);
    expect(quotes.find((q) => q.base === 'BTC')).toEqual({
      t: NOW,
      type: 'quote',
      venue: 'upbit',
      market: 'spot',
      base: 'BTC',
      quote: 'KRW',
      last: 131_820_000,
      volume24h: 331_245_987_612.10645,
      open24h: 132_450_000,
    });
    expect(quotes.find((q) => q.base === 'USDT')?.last).toBe(1471.5);
    expect(link(source, 'upbit')).toMatchObject({
      venue: 'upbit',
      status: 'connected',
      lastMessageAt: NOW,
      lastError: null,
    });
    expect(link(source, 'binance')).toMatchObject({
      status: 'disabled',
      lastError: 'disabled by configuration',
    });
    expect(link(source, 'kbit')).toMatchObject({
      status: 'unsupported',
      lastError: expect.stringMatching(/^no exchange named kbit publishes a public market-data API/),
    });
    expect(source.state()).toMatchObject({ mode: 'live', requested: 'live', reason: null });
  });

  it('reports HTTP 5xx and backs off on repeated failure', async () => {
    const routes: FixtureRoutes = {
      ...UPBIT_ROUTES,
      '/v1/ticker/all': {
        status: 503,
        body: '<html><body>Service Unavailable</body></html>',
        contentType: 'text/html',
      },
    };
    const { source, events } = await runOnce({
      venues: only(['upbit']),
      fetch: fixtureFetch(routes),
      pollIntervalMs: 1_000,
      maxBackoffMs: 8_000,
    });
    expect(quotesOf(events)).toEqual([]);
    expect(link(source, 'upbit')).toMatchObject({
      status: 'down',
      lastError: 'spot-tickers: HTTP 503 (venue server error) from api.upbit.com',
      lastMessageAt: null,
    });
    const poller = tickerPoll(source, 'upbit');
    expect(poller?.nextDelayMs()).toBe(1_000);
    await source.pollOnce();
    expect(poller?.nextDelayMs()).toBe(2_000);
    await source.pollOnce();
    await source.pollOnce();
    await source.pollOnce();
    expect(poller?.nextDelayMs()).toBe(8_000);
  });

  it('treats a malformed body as a failure and recovers when good data returns', async () => {
    let body = '[{"market":"KRW-BTC","trade_price":1318';
    const routes: FixtureRoutes = {
      ...UPBIT_ROUTES,
      '/v1/ticker/all': () => ({ body, contentType: 'application/json' }),
    };
    const { source, events } = await runOnce({ venues: only(['upbit']), fetch: fixtureFetch(routes) });
    expect(quotesOf(events)).toEqual([]);
    expect(link(source, 'upbit')?.status).toBe('down');
    expect(link(source, 'upbit')?.lastError).toMatch(
      /^spot-tickers: unreadable response from api\.upbit\.com: /,
    );
    body = json('upbit-ticker-all-krw.json').body;
    await source.pollOnce();
    expect(quotesOf(events)).toHaveLength(6);
    expect(link(source, 'upbit')).toMatchObject({ status: 'connected', lastError: null, lastMessageAt: NOW });
    // Healthy again: the next poll comes after the plain interval (LIVE_POLL_MS, 2 s), no back-off left.
    expect(tickerPoll(source, 'upbit')?.nextDelayMs()).toBe(2_000);
  });

  it('says "DNS lookup failed" when the host does not resolve', async () => {
    // The error shape Node's fetch (undici) produces for an unresolvable host.
    const failing: FetchLike = async (url) => {
      const host = new URL(url).hostname;
      const cause = Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), {
        code: 'ENOTFOUND',
        hostname: host,
      });
      throw new TypeError('fetch failed', { cause });
    };
    const { source } = await runOnce({ venues: only(['upbit', 'binance']), fetch: failing });
    expect(link(source, 'upbit')).toMatchObject({
      status: 'down',
      lastError: 'spot-tickers: DNS lookup failed for api.upbit.com',
    });
    expect(link(source, 'binance')?.lastError).toContain(
      'spot-tickers: DNS lookup failed for api.binance.com',
    );
    // Loading markets fails first, for both market types.
    expect(link(source, 'binance')?.lastError).toMatch(
      /perp-tickers: DNS lookup failed for f?api\.binance\.com/,
    );
  });
});

describe('LiveSource with recorded Binance responses', () => {
  it('keeps USDT/USDC spot and linear perpetuals, drops other quotes, futures and halted markets', async () => {
    const { source, events } = await runOnce({
      venues: only(['binance']),
      fetch: fixtureFetch(BINANCE_ROUTES),
    });
    const quotes = quotesOf(events);
    const keys = quotes.map((q) => `${q.market} ${q.base}/${q.quote}`).sort();
    expect(keys).toEqual([
      'perp BTC/USDC',
      'perp BTC/USDT',
      'perp ETH/USDT',
      'spot BTC/USDC',
      'spot BTC/USDT',
      'spot ETH/USDT',
      'spot XRP/USDT',
    ]);
    expect(quotes.find((q) => q.market === 'spot' && q.base === 'BTC' && q.quote === 'USDT')).toEqual({
      t: NOW,
      type: 'quote',
      venue: 'binance',
      market: 'spot',
      base: 'BTC',
      quote: 'USDT',
      last: 89_512.35,
      bid: 89_512.34,
      ask: 89_512.35,
      volume24h: 2_178_654_321.123_457,
      open24h: 90_510.01,
    });
    const perp = quotes.find((q) => q.market === 'perp' && q.base === 'BTC' && q.quote === 'USDT');
    expect(perp).toMatchObject({ last: 89_470.3, volume24h: 15_312_345_678.9, open24h: 90_461.1 });
    expect(link(source, 'binance')?.status).toBe('connected');
  });

  it('is degraded, not down, when only one market type is rate limited', async () => {
    const routes: FixtureRoutes = {
      ...BINANCE_ROUTES,
      '/api/v3/ticker/24hr': {
        status: 429,
        body: '{"code":-1003,"msg":"Too many requests; current limit of IP(203.0.113.7) is 6000 requests per minute. Please use the websocket for live updates to avoid polling the API."}',
      },
    };
    const { source, events } = await runOnce({ venues: only(['binance']), fetch: fixtureFetch(routes) });
    expect(quotesOf(events).every((q) => q.market === 'perp')).toBe(true);
    expect(quotesOf(events)).toHaveLength(3);
    expect(link(source, 'binance')).toMatchObject({
      status: 'degraded',
      lastError: 'spot-tickers: HTTP 429 (rate limited) from api.binance.com',
      lastMessageAt: NOW,
    });
  });

  it('is down with every market rate limited', async () => {
    const limited = { status: 429, body: '{"code":-1003,"msg":"Too many requests"}' };
    const routes: FixtureRoutes = {
      ...BINANCE_ROUTES,
      '/api/v3/ticker/24hr': limited,
      '/fapi/v1/ticker/24hr': limited,
    };
    const { source } = await runOnce({ venues: only(['binance']), fetch: fixtureFetch(routes) });
    expect(link(source, 'binance')).toMatchObject({
      status: 'down',
      lastError:
        'spot-tickers: HTTP 429 (rate limited) from api.binance.com; perp-tickers: HTTP 429 (rate limited) from fapi.binance.com',
    });
  });
});

describe('LiveSource over loopback HTTP', () => {
  it('sends a venue to its base-URL override', async () => {
    const server = await serveFixtures(UPBIT_ROUTES);
    try {
      const { source, events } = await runOnce({
        venues: only(['upbit'], { upbit: { baseUrl: `${server.url}/upbit-proxy` } }),
      });
      // Every Upbit host (api.upbit.com, api-manager.upbit.com) goes through the override, its own host kept
      // in the path so a proxy can route each request.
      expect([...server.requested].sort()).toEqual([
        '/upbit-proxy/api-manager.upbit.com/api/v1/announcements?os=web&page=1&per_page=20&category=all',
        '/upbit-proxy/api.upbit.com/v1/market/all',
        '/upbit-proxy/api.upbit.com/v1/market/all?isDetails=true',
        '/upbit-proxy/api.upbit.com/v1/ticker/all?quote_currencies=KRW',
      ]);
      expect(quotesOf(events)).toHaveLength(6);
      expect(link(source, 'upbit')?.status).toBe('connected');
    } finally {
      await server.close();
    }
  });

  it('reports a refused connection in plain words', async () => {
    const port = await closedPort();
    const { source } = await runOnce({
      venues: only(['upbit'], { upbit: { baseUrl: `http://127.0.0.1:${port}` } }),
    });
    expect(link(source, 'upbit')).toMatchObject({
      status: 'down',
      lastError: `spot-tickers: connection refused by 127.0.0.1:${port}`,
    });
  });

  it('announces link changes to listeners', async () => {
    const source = new LiveSource({
      manual: true,
      forexUrls: [],
      venues: only(['upbit']),
      fetch: fixtureFetch(UPBIT_ROUTES),
    });
    sources.push(source);
    const seen: string[] = [];
    source.onLinksChange((links) => seen.push(links.find((l) => l.venue === 'upbit')?.status ?? '?'));
    await source.start(() => {});
    await source.pollOnce();
    await Promise.resolve();
    // Announced as feeds change (tickers, then notices, or the other way round), ending connected.
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.at(-1)).toBe('connected');
  });
});

describe('LiveSource forex', () => {
  const routes: FixtureRoutes = {
    '/v1/forex/recent': json('dunamu-forex-recent.json'),
    '/v6/latest/USD': json('er-api-latest-usd.json'),
  };
  const urls = [
    'https://quotation-api-cdn.dunamu.com/v1/forex/recent?codes=FRX.KRWUSD',
    'https://open.er-api.com/v6/latest/USD',
  ];

  it('takes USD/KRW from the first source that answers', async () => {
    const { events } = await runOnce({ venues: only([]), forexUrls: urls, fetch: fixtureFetch(routes) });
    expect(events.filter((e): e is ForexEvent => e.type === 'forex')).toEqual([
      { t: NOW, type: 'forex', pair: 'USD/KRW', rate: 1468.5 },
    ]);
  });

  it('falls back to the next source, and says when none answers', async () => {
    const warnings: string[] = [];
    const logger = { info() {}, warn: (m: string) => warnings.push(m) };
    const fallback = await runOnce({
      venues: only([]),
      forexUrls: urls,
      logger,
      fetch: fixtureFetch({ ...routes, '/v1/forex/recent': { status: 500, body: 'oops' } }),
    });
    expect(fallback.events).toEqual([{ t: NOW, type: 'forex', pair: 'USD/KRW', rate: 1466.94 }]);
    expect(warnings).toEqual([]);
    const none = await runOnce({ venues: only([]), forexUrls: urls, logger, fetch: fixtureFetch({}) });
    expect(none.events).toEqual([]);
    expect(none.source.forexProblem()).toBe(
      'no USD/KRW rate (quotation-api-cdn.dunamu.com: HTTP 404; open.er-api.com: HTTP 404)',
    );
    expect(warnings).toHaveLength(1);
  });
});
