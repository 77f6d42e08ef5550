import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  arbitrageResponseSchema,
  fundingExchangesResponseSchema,
  fundingHeatmapResponseSchema,
  fundingIntervalsResponseSchema,
  fundingLatestResponseSchema,
  fundingOverviewResponseSchema,
  fundingRankingResponseSchema,
  fundingSymbolsResponseSchema,
  fundingTokenResponseSchema,
  networksResponseSchema,
  premiumDetailHeaderResponseSchema,
  premiumDetailOverviewResponseSchema,
  premiumDetailWalletResponseSchema,
  premiumExchangesResponseSchema,
  premiumIndexResponseSchema,
  premiumResponseSchema,
  premiumSymbolsResponseSchema,
  priceStatsResponseSchema,
} from '@spreadscope/contracts';
import { forEachDatabase } from '@spreadscope/db/testing';
import { Simulator } from '@spreadscope/feeds';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import { quote, T0 } from '../../test-support/test-server.ts';

const FRONT = '/api/v1/front';

/** Every cached route, a URL that reaches it, and the contract its answers must meet. */
const CACHED: readonly [route: string, url: string, schema: z.ZodType][] = [
  ['/premium', '/premium?limit=100', premiumResponseSchema],
  ['/premium/exchanges', '/premium/exchanges', premiumExchangesResponseSchema],
  ['/premium/symbols', '/premium/symbols', premiumSymbolsResponseSchema],
  ['/premium/detail/header', '/premium/detail/header?symbol=upbit-btc', premiumDetailHeaderResponseSchema],
  [
    '/premium/detail/overview',
    '/premium/detail/overview?symbol=upbit-btc',
    premiumDetailOverviewResponseSchema,
  ],
  [
    '/premium/detail/wallet-status',
    '/premium/detail/wallet-status?symbol=upbit-btc',
    premiumDetailWalletResponseSchema,
  ],
  ['/kimchi-premium-index', '/kimchi-premium-index', premiumIndexResponseSchema],
  ['/price-stats', '/price-stats', priceStatsResponseSchema],
  ['/networks', '/networks', networksResponseSchema],
  ['/arbitrage/spot-spot', '/arbitrage/spot-spot', arbitrageResponseSchema],
  ['/arbitrage/spot-perp', '/arbitrage/spot-perp', arbitrageResponseSchema],
  ['/arbitrage/perp-perp', '/arbitrage/perp-perp', arbitrageResponseSchema],
  ['/funding-rate/latest', '/funding-rate/latest', fundingLatestResponseSchema],
  ['/funding-rate/symbols', '/funding-rate/symbols', fundingSymbolsResponseSchema],
  ['/funding-rates/ranking', '/funding-rates/ranking', fundingRankingResponseSchema],
  ['/funding-rates/overview/v2', '/funding-rates/overview/v2', fundingOverviewResponseSchema],
  ['/funding-rates/overviewtoken', '/funding-rates/overviewtoken?base=BTC', fundingTokenResponseSchema],
  ['/funding-rates/heatmap', '/funding-rates/heatmap', fundingHeatmapResponseSchema],
  ['/funding-rates/exchanges', '/funding-rates/exchanges', fundingExchangesResponseSchema],
  ['/funding-rates/intervals', '/funding-rates/intervals', fundingIntervalsResponseSchema],
];

forEachDatabase('market answers cached per market version', (getDb) => {
  let fx: AccountsFixture;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb(), { visitorGatedRows: 3 });
    const simulator = new Simulator({ seed: 3, startTime: T0, tokenLimit: 30 });
    fx.server.source.push(...simulator.advanceTo(T0 + 5_000));
  });
  afterAll(() => fx.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    fx.server.app.inject({ method: 'GET', url: `${FRONT}${url}`, headers });

  it('serves the same answer until the market moves, revalidates with 304, and changes when it moves', async () => {
    const first = await get('/premium?limit=100');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    const again = await get('/premium?limit=100');
    expect(again.body).toBe(first.body);
    // The same query written another way is the same answer (defaults filled, order of keys irrelevant).
    expect((await get('/premium?limit=100&scope=kimchi&page=1')).headers.etag).toBe(etag);

    const revalidated = await get('/premium?limit=100', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    // A Korean market of the table jumps 10 %: the next caller sees it, and the old validator no longer matches.
    type Row = { id: string; base: string; source: { exchange: string; quote: string; price: number } };
    const row = (first.json().data as Row[]).find((r) => r.source.quote === 'KRW');
    if (!row) throw new Error('no Korean row in the table');
    const { source } = fx.server;
    source.push(quote(source.now() + 1, row.source.exchange, row.base, 'KRW', row.source.price * 1.1));
    const moved = await get('/premium?limit=100', { 'if-none-match': etag });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
    const after = (moved.json().data as Row[]).find((r) => r.id === row.id);
    expect(after?.source.price).toBeCloseTo(row.source.price * 1.1, 0);
  });

  it('sends brotli or gzip as the client accepts, the same JSON either way', async () => {
    const plain = await get('/premium?limit=100');
    const br = await get('/premium?limit=100', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers.etag).toBe(plain.headers.etag);
    const brBody = brotliDecompressSync(br.rawPayload).toString();
    expect(brBody).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

    const gz = await get('/premium?limit=100', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // Small answers go as they are.
    const intervals = await get('/funding-rates/intervals', { 'accept-encoding': 'br' });
    if (intervals.rawPayload.length < 1024) expect(intervals.headers['content-encoding']).toBeUndefined();
  });

  it("never serves one caller's view to another: visitors, Free and Pro each get their own table", async () => {
    const free = (await signedInUser(fx, 'free')).client;
    const pro = (await signedInUser(fx, 'pro')).client;
    const url = `${FRONT}/premium?limit=20&dex=true`;
    const visitorUrl = `${FRONT}/premium?limit=20`;
    type Page = { data: { id: string }[]; gatedRows?: { id: string; gated: string }[] };
    // Asked in an order that would leak if the cache ignored the caller.
    const proPage = (await pro.get<Page>(url)).body;
    const freePage = (await free.get<Page>(url)).body;
    const visitorPage = (await fx.client().get<Page>(visitorUrl)).body;
    const freeFull = (await free.get<Page>(visitorUrl)).body;
    expect(proPage.gatedRows).toBeUndefined();
    expect(freePage.gatedRows?.every((g) => g.gated === 'upgrade')).toBe(true);
    expect(freePage.gatedRows?.length).toBeGreaterThan(0);
    expect(visitorPage.gatedRows?.map((g) => g.gated)).toEqual(['login', 'login', 'login']);
    expect(freeFull.gatedRows).toBeUndefined();
    // A gated row's numbers never reach those who may not see them.
    const gatedIds = new Set(visitorPage.gatedRows?.map((g) => g.id));
    expect(visitorPage.data.some((r) => gatedIds.has(r.id))).toBe(false);
    expect(freeFull.data.filter((r) => gatedIds.has(r.id))).toHaveLength(3);
  });

  it('keeps every cached answer to its contract, whole (no field the schema does not name)', async () => {
    const cache = fx.server.app.answers;
    for (const [, url] of CACHED) {
      const visitor = await get(url);
      expect(visitor.statusCode, url).toBe(200);
    }
    const pro = (await signedInUser(fx, 'pro')).client;
    for (const [, url] of CACHED) expect((await pro.get(`${FRONT}${url}`)).status, url).toBe(200);

    const schemas = new Map(CACHED.map(([route, , schema]) => [`${FRONT}${route}`, schema]));
    const seen = new Set<string>();
    for (const entry of cache.held()) {
      // Served pages (first-screen.ts) are HTML around an answer checked here under its own key.
      if (entry.key.startsWith('page:')) continue;
      const route = entry.key.slice(0, entry.key.indexOf('?'));
      const schema = schemas.get(route);
      expect(schema, `${route} is cached but has no contract check here`).toBeDefined();
      const body = JSON.parse(entry.raw.toString());
      // Parsing strips what the schema does not name: equal means nothing extra went out.
      expect(schema?.parse(body), entry.key).toEqual(body);
      seen.add(route);
    }
    expect([...seen].sort()).toEqual([...schemas.keys()].sort());
  });

  it('inlines the first screen into /premium: the REST answer for the first visit, as this caller may see it', async () => {
    const { PREMIUM_FIRST_SCREEN } = await import('@spreadscope/contracts');
    const page = await fx.server.app.inject({ url: '/premium', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(page.rawPayload).toString();
    const boot = JSON.parse(
      /<script type="application\/json" id="ss-boot">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}',
    );
    expect(boot.dataSource.mode).toBe('simulated');
    expect(boot.table.path).toBe(PREMIUM_FIRST_SCREEN.path);
    const query = new URLSearchParams(
      Object.entries(PREMIUM_FIRST_SCREEN.query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const rest = await get(`/premium?${query}`);
    // The same answer, byte for byte, as the REST call the page would have made — a visitor's, gated.
    expect(boot.table.etag).toBe(rest.headers.etag);
    expect(boot.table.data).toEqual(rest.json());
    expect(boot.table.data.gatedRows).toHaveLength(3);

    // A signed-in reader gets their own view inlined; a filtered URL or another page gets none.
    const pro = (await signedInUser(fx, 'pro')).client;
    const proHtml = (
      await fx.server.app.inject({
        url: '/premium',
        headers: { cookie: `ss_session=${pro.jar.get('ss_session')}` },
      })
    ).body;
    const proBoot = JSON.parse(/id="ss-boot">(.*?)<\/script>/s.exec(proHtml)?.[1] ?? '{}');
    expect(proBoot.table.data.gatedRows).toBeUndefined();
    const filtered = (await fx.server.app.inject({ url: '/premium?source=bithumb' })).body;
    expect(filtered).toContain('id="ss-boot"');
    expect(filtered).not.toContain('"table"');
    expect((await fx.server.app.inject({ url: '/funding-rate' })).body).not.toContain('"table"');
  });
});
