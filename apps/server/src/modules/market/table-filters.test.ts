import type { Database } from '@spreadscope/db';
import { openMemoryDatabase } from '@spreadscope/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { quote, seedMarket, T0, type TestServer } from '../../test-support/test-server.ts';
import { connectWs, listenTestServer, ofType, type WsTestClient } from '../../test-support/ws-client.ts';

let database: Database;
let server: TestServer | undefined;
const clients: WsTestClient[] = [];
beforeAll(async () => {
  database = await openMemoryDatabase();
});
afterAll(async () => {
  await database.close();
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await server?.close();
  server = undefined;
});

async function start() {
  const listening = await listenTestServer({ database });
  server = listening.server;
  seedMarket(server.source);
  // A third token on one pair of venues, and a USDC market.
  server.source.push(
    quote(T0 + 8, 'upbit', 'XRP', 'KRW', 3_000),
    quote(T0 + 9, 'binance', 'XRP', 'USDT', 2.1),
    quote(T0 + 10, 'okx', 'BTC', 'USDC', 100_400),
  );
  return listening;
}

const front = (path: string, lang = 'ko') =>
  (server as TestServer).app.inject({
    method: 'GET',
    url: `/api/v1/front${path}`,
    headers: { 'accept-language': lang },
  });

describe('the owned-tokens filter (bases) on the server', () => {
  it('filters premium and arbitrage tables over every combination before paging', async () => {
    await start();
    const premium = (await front('/premium?source=upbit&target=binance&bases=eth,xrp&limit=1')).json();
    expect(premium.total).toBe(2);
    expect(premium.data).toHaveLength(1);
    expect(['ETH', 'XRP']).toContain(premium.data[0].base);
    const arbitrage = (await front('/arbitrage/spot-spot?bases=XRP&limit=500')).json();
    expect(arbitrage.data.map((r: { id: string }) => r.id).sort()).toEqual([
      'binance-upbit-XRP',
      'upbit-binance-XRP',
    ]);
    // Repeating the parameter works as well as a comma list.
    const repeated = (await front('/arbitrage/spot-spot?bases=XRP&bases=ETH')).json();
    expect(repeated.total).toBe(4);
    expect((await front('/arbitrage/perp-perp?bases=XRP')).json().total).toBe(0);
  });

  it('refuses more than 20 tokens, or a malformed one, naming bases in the caller’s language', async () => {
    await start();
    const many = Array.from({ length: 21 }, (_, i) => `T${i}`).join(',');
    const tooMany = await front(`/arbitrage/spot-spot?bases=${many}`, 'en');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: 'invalid_parameter', param: 'bases' });
    expect(tooMany.json().message).toContain('at most 20 tokens');
    const bad = await front('/premium?bases=BTC,%24%24', 'ko');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().param).toBe('bases');
    // The reason is Korean too, not zod's English sentence inside a Korean frame.
    expect(bad.json().message).toBe('"bases" 값이 올바르지 않습니다: "$$": 영문자와 숫자만 쓸 수 있습니다');
    expect((await front('/premium?bases=,')).json().param).toBe('bases');
    // Exactly 20, duplicates and case folded, is fine.
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`).join(',');
    expect((await front(`/premium?bases=${twenty},T0`)).statusCode).toBe(200);
  });

  it('serves the same filter on the WebSocket topics, one group per set of tokens whatever their order', async () => {
    const { url } = await start();
    const a = connectWs(url);
    const b = connectWs(url);
    clients.push(a, b);
    await Promise.all([a.opened, b.opened]);
    a.send({ op: 'subscribe', id: 'x', topic: 'arbitrage-spot-spot', params: { bases: 'xrp,eth' } });
    b.send({ op: 'subscribe', id: 'y', topic: 'arbitrage-spot-spot', params: { bases: ['ETH', 'XRP'] } });
    const [sa, sb] = await Promise.all([a.next(ofType('subscribed')), b.next(ofType('subscribed'))]);
    expect(sa.key).toBe(sb.key);
    const snapshot = (await a.next(ofType('snapshot'))) as { data: { total: number } };
    expect(snapshot.data.total).toBe(4);
    a.send({ op: 'subscribe', id: 'z', topic: 'premium', params: { bases: 'BTC,!' } });
    const error = await a.next(ofType('error'));
    expect(error).toMatchObject({ id: 'z', error: 'bad_message' });
    expect(String(error.message)).toContain('params.bases');
  });
});

describe('quote filters', () => {
  it('filters arbitrage legs by quote, and the global premium by the source quote', async () => {
    await start();
    const usdc = (await front('/arbitrage/spot-spot?targetQuote=USDC&bases=BTC')).json();
    expect(usdc.data.every((r: { target: { quote: string } }) => r.target.quote === 'USDC')).toBe(true);
    expect(usdc.total).toBe(4); // Upbit, Bithumb, Binance and OKX USDT → OKX USDC
    const krwToUsdt = (await front('/arbitrage/spot-spot?sourceQuote=KRW&targetQuote=USDT&bases=BTC')).json();
    expect(krwToUsdt.total).toBe(4); // 2 Korean × 2 USDT markets
    const global = (await front('/premium?scope=global&targetQuote=any&sourceQuote=USDC&bases=BTC')).json();
    expect(global.data.map((r: { id: string }) => r.id).sort()).toEqual([
      'okx.usdc-binance-BTC',
      'okx.usdc-okx-BTC',
    ]);
    const bad = await front('/arbitrage/spot-spot?sourceQuote=EUR', 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().param).toBe('sourceQuote');
  });
});
