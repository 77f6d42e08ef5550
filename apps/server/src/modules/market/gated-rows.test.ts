import type { GatedRow } from '@spreadscope/contracts';
import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import type { CookieClient } from '../../test-support/cookie-client.ts';
import { forex, quote, T0 } from '../../test-support/test-server.ts';
import { connectWs } from '../../test-support/ws-client.ts';

const FRONT = '/api/v1/front';

interface Row {
  id: string;
  base: string;
  gapPercent: number;
  source: { exchange: string };
  target: { exchange: string };
}
interface Page {
  data: Row[];
  gatedRows?: GatedRow[];
  total: number;
}

/** Eight tokens on Upbit and Binance, each with its own Kimchi premium, plus BTC on Hyperliquid spot. */
function market(fx: AccountsFixture): void {
  const { source } = fx.server;
  const premiums: [string, number, number][] = [
    ['BTC', 100_000, 2.5],
    ['ETH', 3_500, 4.1],
    ['XRP', 2, 0.8],
    ['SOL', 150, 6.3],
    ['DOGE', 0.3, -1.2],
    ['ADA', 0.7, 3.3],
    ['TRX', 0.25, 1.7],
    ['LINK', 20, 5.2],
  ];
  source.push(forex(T0, 1_400), quote(T0 + 1, 'upbit', 'USDT', 'KRW', 1_435));
  premiums.forEach(([base, usd, premium], i) => {
    const krw = usd * 1_400 * (1 + premium / 100);
    source.push(
      quote(T0 + 10 + i, 'binance', base, 'USDT', usd, {
        bid: usd * 0.9999,
        ask: usd * 1.0001,
        volume24h: 1e9,
      }),
      quote(T0 + 30 + i, 'upbit', base, 'KRW', krw, {
        bid: krw * 0.9999,
        ask: krw * 1.0001,
        volume24h: 1e11,
      }),
    );
  });
  source.push(
    quote(T0 + 50, 'hyperliquid', 'BTC', 'USDC', 99_000, { bid: 98_990, ask: 99_010, volume24h: 1e8 }),
  );
  source.clock = T0 + 1_000;
}

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

/** The page as a person sees it: full rows and gated rows merged at their places. */
function merged(page: Page): (Row | GatedRow)[] {
  const out: (Row | GatedRow)[] = [...page.data];
  for (const gated of [...(page.gatedRows ?? [])].sort((a, b) => a.position - b.position)) {
    out.splice(gated.position, 0, gated);
  }
  return out;
}

forEachDatabase('gated rows of the premium and arbitrage tables', (getDb) => {
  let fx: AccountsFixture;
  let free: CookieClient;
  let pro: CookieClient;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb(), { visitorGatedRows: 3 });
    market(fx);
    free = (await signedInUser(fx, 'free')).client;
    pro = (await signedInUser(fx, 'pro')).client;
  });
  afterAll(() => fx.close());

  it('masks the three best premium rows for a visitor: same places, same tokens, no numbers', async () => {
    const full = (await free.get<Page>(`${FRONT}/premium`)).body;
    expect(full.gatedRows).toBeUndefined();
    const best = ids(full.data.slice(0, 3));

    const visitor = (await fx.client().get<Page>(`${FRONT}/premium`)).body;
    expect(visitor.total).toBe(full.total);
    expect(visitor.gatedRows?.map((g) => [g.position, g.id, g.gated])).toEqual(
      best.map((id, position) => [position, id, 'login']),
    );
    // Each gated row says which token and markets it is about, and nothing priced.
    for (const gated of visitor.gatedRows ?? []) {
      expect(Object.keys(gated).sort()).toEqual(['base', 'gated', 'id', 'position', 'source', 'target']);
      expect(Object.keys(gated.source).sort()).toEqual(['exchange', 'market', 'quote']);
    }
    expect(JSON.stringify(visitor.gatedRows)).not.toMatch(/price|gap|Percent/i);
    // The rest of the table is the same rows, in the same order.
    expect(ids(merged(visitor))).toEqual(ids(full.data));
    expect(visitor.data).toEqual(full.data.slice(3));
  });

  it('keeps the same rows masked however the visitor sorts, pages or searches', async () => {
    const best = ids((await pro.get<Page>(`${FRONT}/premium`)).body.data.slice(0, 3));
    const gatedIn = async (query: string) =>
      ((await fx.client().get<Page>(`${FRONT}/premium?${query}`)).body.gatedRows ?? [])
        .map((g) => g.id)
        .sort();

    expect(await gatedIn('order=asc')).toEqual([...best].sort());
    expect(await gatedIn('sort=base')).toEqual([...best].sort());
    const ascending = (await fx.client().get<Page>(`${FRONT}/premium?order=asc`)).body;
    expect(ascending.gatedRows?.map((g) => g.position)).toEqual([5, 6, 7]);
    // Narrowed to one of the best tokens, it stays masked; narrowed to another, nothing is.
    const bestBase = best[0]?.split('-').at(-1) ?? '';
    expect(await gatedIn(`search=${bestBase}`)).toEqual([best[0]]);
    expect(await gatedIn('search=DOGE')).toEqual([]);
    // Paging does not move them out of the mask.
    const paged = (await fx.client().get<Page>(`${FRONT}/premium?limit=2&page=2`)).body;
    expect(ids(paged.data)).not.toContain(best[2]);
    expect(paged.gatedRows?.map((g) => [g.position, g.id])).toEqual([[0, best[2]]]);
  });

  it('masks the best arbitrage rows by net gap for a visitor', async () => {
    const full = (await free.get<Page>(`${FRONT}/arbitrage/spot-spot`)).body;
    const visitor = (await fx.client().get<Page>(`${FRONT}/arbitrage/spot-spot`)).body;
    expect(visitor.gatedRows?.map((g) => g.id)).toEqual(ids(full.data.slice(0, 3)));
    expect(visitor.gatedRows?.every((g) => g.gated === 'login')).toBe(true);
    expect(ids(merged(visitor))).toEqual(ids(full.data));
  });

  it('shows a Free user who asks for DEX venues the DEX rows as "upgrade", and Pro the rows themselves', async () => {
    const query = `${FRONT}/arbitrage/spot-spot?dex=true&targetQuote=USDC`;
    const proPage = (await pro.get<Page>(query)).body;
    const dexRows = proPage.data.filter(
      (r) => r.source.exchange === 'hyperliquid' || r.target.exchange === 'hyperliquid',
    );
    expect(dexRows.length).toBeGreaterThan(0);
    expect(proPage.gatedRows).toBeUndefined();

    const freePage = (await free.get<Page>(query)).body;
    expect(freePage.gatedRows?.map((g) => [g.id, g.gated])).toEqual(dexRows.map((r) => [r.id, 'upgrade']));
    expect(
      freePage.data.some((r) => r.source.exchange === 'hyperliquid' || r.target.exchange === 'hyperliquid'),
    ).toBe(false);
    expect(ids(merged(freePage))).toEqual(ids(proPage.data));
    // A visitor asking for DEX venues is asked to sign in, as on every DEX route.
    const visitor = await fx.client().get(query);
    expect(visitor.status).toBe(401);
  });

  it('sends each viewer its own snapshot on the WebSocket', async () => {
    const address = await fx.server.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}/api/v1/ws`;
    const visitor = connectWs(url);
    const member = connectWs(url, { cookie: `ss_session=${free.jar.get('ss_session')}` });
    await Promise.all([visitor.opened, member.opened]);
    for (const socket of [visitor, member]) socket.send({ op: 'subscribe', id: 'p', topic: 'premium' });
    const [seen, full] = await Promise.all(
      [visitor, member].map(
        async (socket) => (await socket.next((m) => m.type === 'snapshot')) as { key: string; data: Page },
      ),
    );
    expect(seen?.key).not.toBe(full?.key);
    expect(full?.data.gatedRows).toBeUndefined();
    expect(seen?.data.gatedRows?.map((g) => g.id)).toEqual(ids(full?.data.data.slice(0, 3) ?? []));
    expect(ids(merged(seen?.data as Page))).toEqual(ids(full?.data.data ?? []));
    // A Free member asking for DEX venues gets the DEX rows gated "upgrade"; a visitor is asked to sign in.
    const params = { dex: true, targetQuote: 'USDC' };
    member.send({ op: 'subscribe', id: 'dex', topic: 'arbitrage-spot-spot', params });
    const upgrade = (await member.next(
      (m) => m.type === 'snapshot' && m.topic === 'arbitrage-spot-spot',
    )) as {
      data: Page;
    };
    expect(upgrade.data.gatedRows?.length).toBeGreaterThan(0);
    const dexLeg = (g: GatedRow) =>
      g.source.exchange === 'hyperliquid' || g.target.exchange === 'hyperliquid';
    expect(upgrade.data.gatedRows?.every((g) => g.gated === 'upgrade' && dexLeg(g))).toBe(true);
    visitor.send({ op: 'subscribe', id: 'dex', topic: 'arbitrage-spot-spot', params });
    expect(await visitor.next((m) => m.id === 'dex')).toMatchObject({
      type: 'error',
      error: 'unauthenticated',
    });
    visitor.close();
    member.close();
  });
});
