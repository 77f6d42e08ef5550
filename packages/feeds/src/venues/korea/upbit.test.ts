import { createHash } from 'node:crypto';
import type { BookEvent, MarketEvent, NoticeEvent, QuoteEvent, WalletEvent } from '@spreadscope/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type FixtureRoutes,
  fixture,
  fixtureFetch,
  json,
  UPBIT_ROUTES,
} from '../../live/fixtures/fixture-http.ts';
import type { FetchLike } from '../../live/http-seam.ts';
import {
  type FixtureWsServer,
  type Frame,
  serveWs,
  type WsScript,
  waitFor,
} from '../../test-support/fixture-ws.ts';
import { startLive, stopAll } from '../../test-support/live-harness.ts';
import { restFailureCase, streamFailureCases } from '../../test-support/venue-failures.ts';

/**
 * Upbit through its real wire formats: REST (market/all, ticker/all), WebSocket ticker and orderbook
 * frames, the notice board (api-manager.upbit.com) and the key-only wallet status.
 */

const load = (name: string) => JSON.parse(fixture(`../../venues/korea/fixtures/${name}`)) as unknown;
const tickerFrames = load('upbit-ws-ticker.json') as { code: string }[];
const bookFrame = load('upbit-ws-orderbook-btc.json') as Frame;

/** Upbit's per-network answers (recorded by `currency|net_type`), as the key-only chance endpoints give them. */
const chance = (name: string) => {
  const answers = load(name) as Record<string, unknown>;
  return (url: URL) => {
    const answer = answers[`${url.searchParams.get('currency')}|${url.searchParams.get('net_type')}`];
    return answer
      ? { body: JSON.stringify(answer), contentType: 'application/json' }
      : { status: 404, body: '{"error":{"name":"coin_not_found","message":"없는 코인입니다."}}' };
  };
};

const ROUTES: FixtureRoutes = {
  ...UPBIT_ROUTES,
  '/api/v1/announcements': json('../../notices/upbit/fixtures/upbit-notices.json'),
  '/v1/status/wallet': json('../../wallets/upbit/fixtures/upbit-wallet-status.json'),
  '/v1/deposits/chance/coin': chance('../../../wallets/upbit/fixtures/upbit-deposit-chance.json'),
  '/v1/withdraws/chance': chance('../../../wallets/upbit/fixtures/upbit-withdraw-chance.json'),
};

/** Upbit's subscription is one array: a ticket, then one object per data type and market codes. */
const upbitScript: WsScript = (message, ctx) => {
  const request = JSON.parse(message) as { type?: string; codes?: string[] }[];
  for (const part of request) {
    if (part.type === 'ticker') {
      const frames = tickerFrames.filter((f) => part.codes?.includes(f.code));
      for (const frame of frames) ctx.reply(frame as Frame);
      ctx.every(100, () => (frames[0] ? { ...frames[0], timestamp: Date.now() } : null));
    }
    if (part.type === 'orderbook' && part.codes?.includes('KRW-BTC')) {
      ctx.reply(bookFrame);
      ctx.every(100, () => ({ ...(bookFrame as object), stream_type: 'REALTIME', timestamp: Date.now() }));
    }
  }
};

/** Records the headers of every request (the wallet call must carry a signed token, nothing else secret). */
function recordingFetch(routes: FixtureRoutes, seen: { url: string; headers: Headers }[]): FetchLike {
  const inner = fixtureFetch(routes);
  return async (url, init) => {
    seen.push({ url, headers: new Headers(init?.headers) });
    return inner(url, init);
  };
}

let ws: FixtureWsServer | null = null;
afterEach(async () => {
  await stopAll();
  await ws?.close();
  ws = null;
});

const of = <T extends MarketEvent['type']>(events: readonly MarketEvent[], type: T) =>
  events.filter((e): e is Extract<MarketEvent, { type: T }> => e.type === type);

describe('Upbit adapter', () => {
  it('streams KRW tickers (USDT/KRW included) and the order book, reads notices, and no wallets without a key', async () => {
    ws = await serveWs(upbitScript);
    const requests: { url: string; headers: Headers }[] = [];
    const { events, link } = await startLive(
      ['upbit'],
      { upbit: { wsUrl: ws.url } },
      recordingFetch(ROUTES, requests),
    );
    await waitFor(() => of(events, 'quote').some((q) => q.last === 131_900_000), 'a streamed BTC/KRW quote');
    const btc = of(events, 'quote').find((q: QuoteEvent) => q.last === 131_900_000);
    expect(btc).toEqual({
      t: expect.any(Number),
      type: 'quote',
      venue: 'upbit',
      market: 'spot',
      base: 'BTC',
      quote: 'KRW',
      last: 131_900_000,
      volume24h: 331_338_320_388.106_45,
      open24h: 132_450_000,
    });
    await waitFor(() => of(events, 'quote').some((q) => q.base === 'USDT' && q.last === 1472), 'USDT/KRW');
    await waitFor(() => of(events, 'book').length > 0, 'the BTC/KRW book');
    const book = of(events, 'book')[0] as BookEvent;
    // ±2 % around the mid (131,890,000): the 127 M bid and the 136 M ask fall outside.
    expect(book).toMatchObject({
      base: 'BTC',
      quote: 'KRW',
      bids: [
        [131_880_000, 0.31],
        [131_870_000, 1.1],
        [130_000_000, 4],
      ],
      asks: [
        [131_900_000, 0.12],
        [131_910_000, 0.5],
        [133_000_000, 2],
      ],
    });
    await waitFor(() => of(events, 'notice').length >= 4, 'notices');
    const notices = of(events, 'notice') as NoticeEvent[];
    expect(notices.map((n) => [n.category, n.url])).toEqual([
      ['notice', 'https://upbit.com/service_center/notice?id=5722'],
      ['user_events', 'https://upbit.com/service_center/notice?id=5726'],
      ['delisting', 'https://upbit.com/service_center/notice?id=5729'],
      ['listing', 'https://upbit.com/service_center/notice?id=5731'],
    ]);
    expect(notices[3]).toMatchObject({
      title: '[거래] 에이아이티프로토콜(AIT) 원화 마켓 디지털 자산 추가',
      publishedAt: Date.UTC(2025, 10, 21, 4, 30, 12),
    });
    // The wallet endpoint needs a key; none is configured, so it is never called, and the map says why.
    expect(requests.some((r) => r.url.includes('/status/wallet'))).toBe(false);
    expect(link('upbit')?.capabilities?.wallets).toMatchObject({
      via: 'none',
      needsKey: { configured: false },
    });
    expect(link('upbit')?.feeds?.map((f) => f.feed)).toEqual([
      'spot-tickers',
      'books',
      'notices',
      'market-flags',
    ]);
  });

  it('publishes each notice once, however often the board is polled', async () => {
    ws = await serveWs(upbitScript);
    const { events } = await startLive(['upbit'], { upbit: { wsUrl: ws.url } }, fixtureFetch(ROUTES), {
      settings: { noticeIntervalMs: 50 },
    });
    await waitFor(() => of(events, 'notice').length >= 4, 'notices');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(of(events, 'notice')).toHaveLength(4);
  });

  it('reads wallet status with a read-only key, signing each request, and never leaks the key', async () => {
    ws = await serveWs(upbitScript);
    const requests: { url: string; headers: Headers }[] = [];
    const secret = 'upbit-secret-key-0123456789';
    const { events, link } = await startLive(
      ['upbit'],
      { upbit: { wsUrl: ws.url, apiKey: 'upbit-access-key-abc', apiSecret: secret } },
      recordingFetch(ROUTES, requests),
    );
    await waitFor(() => of(events, 'wallet').length === 3, 'wallet events');
    const wallets = of(events, 'wallet') as WalletEvent[];
    // With the key, each network's deposit confirmations and withdrawal fee come along.
    expect(
      wallets.map((w) => [w.asset, w.network, w.deposit, w.withdraw, w.confirmations, w.withdrawFee]),
    ).toEqual([
      ['BTC', 'BTC', true, true, 2, 0.0005],
      ['SOL', 'SOL', false, false, 1, 0.009],
      ['USDT', 'TRX', false, true, 20, 0],
    ]);
    // The per-network look-ups sign their query: the token carries its SHA-512.
    const chanceCall = requests.find((r) => r.url.includes('/v1/withdraws/chance?currency=BTC&net_type=BTC'));
    const [, chancePayload] = (chanceCall?.headers.get('authorization') ?? '')
      .replace(/^Bearer /, '')
      .split('.');
    expect(JSON.parse(Buffer.from(chancePayload ?? '', 'base64url').toString())).toMatchObject({
      access_key: 'upbit-access-key-abc',
      query_hash: createHash('sha512').update('currency=BTC&net_type=BTC').digest('hex'),
      query_hash_alg: 'SHA512',
    });
    const walletCall = requests.find((r) => r.url.endsWith('/v1/status/wallet'));
    const token = walletCall?.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
    const [, payload] = token.split('.');
    expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())).toMatchObject({
      access_key: 'upbit-access-key-abc',
      nonce: expect.any(String),
    });
    expect(token).not.toContain(secret);
    expect(link('upbit')?.capabilities?.wallets).toMatchObject({
      via: 'rest',
      needsKey: { configured: true },
    });
  });

  it('reports a refused key without repeating it', async () => {
    ws = await serveWs(upbitScript);
    const routes: FixtureRoutes = {
      ...ROUTES,
      '/v1/status/wallet': {
        status: 401,
        body: '{"error":{"name":"invalid_access_key","message":"잘못된 엑세스 키입니다."}}',
      },
    };
    const { link } = await startLive(
      ['upbit'],
      { upbit: { wsUrl: ws.url, apiKey: 'upbit-access-key-abc', apiSecret: 'upbit-secret-key-0123456789' } },
      fixtureFetch(routes),
    );
    await waitFor(
      () => link('upbit')?.feeds?.find((f) => f.feed === 'wallets')?.status === 'down',
      'wallets down',
    );
    const error = link('upbit')?.lastError ?? '';
    expect(error).toContain(
      'wallets: HTTP 401 (refused; check the API key, region or IP) from api.upbit.com',
    );
    expect(error).not.toContain('upbit-access-key-abc');
    expect(error).not.toContain('upbit-secret-key');
  });

  it('fails a poll on a notice board that is not Upbit’s, and says so', async () => {
    ws = await serveWs(upbitScript);
    const routes: FixtureRoutes = {
      ...ROUTES,
      '/api/v1/announcements': { body: '<html>Access denied</html>', contentType: 'text/html' },
    };
    const { link } = await startLive(['upbit'], { upbit: { wsUrl: ws.url } }, fixtureFetch(routes));
    await waitFor(
      () => link('upbit')?.feeds?.find((f) => f.feed === 'notices')?.status === 'down',
      'notices down',
    );
    expect(link('upbit')?.feeds?.find((f) => f.feed === 'notices')?.lastError).toBe(
      'unreadable response from api-manager.upbit.com: not JSON',
    );
  });
});

describe('Upbit failures', () => {
  streamFailureCases({
    venue: 'upbit',
    routes: ROUTES,
    script: upbitScript,
    feed: 'spot-tickers',
    streamed: (q) => q.base === 'BTC' && q.last === 131_900_000,
    polled: (q) => q.base === 'BTC' && q.last === 131_820_000,
    malformed: [
      '{"type":"ticker","code":"KRW-BTC","trade_price":1319',
      { type: 'ticker', code: 'KRW-BTC', trade_price: 'n/a', timestamp: 1 },
      ['not', 'a', 'frame'],
    ],
  });
  restFailureCase({
    venue: 'upbit',
    routes: ROUTES,
    path: '/v1/ticker/all',
    feed: 'spot-tickers',
    host: 'api.upbit.com',
  });
});
