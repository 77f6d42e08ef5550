import type { FundingEvent, MarketEvent, WalletEvent } from '@spreadscope/core';
import { forEachDatabase } from '@spreadscope/db/testing';
import { expect, it } from 'vitest';
import type { TestServer } from '../test-support/test-server.ts';
import { forex, quote, startTestServer, T0 } from '../test-support/test-server.ts';
import { connectWs, listenTestServer, ofType } from '../test-support/ws-client.ts';

const MIN = 60_000;
const HOUR = 3_600_000;
/** Simulated data shows a 1 % Kimchi premium on BTC, live data 2 %: any mix-up shows in the numbers. */
const SIM_PREMIUM = 1;
const LIVE_PREMIUM = 2;

const funding = (t: number, rate: number, next: number): FundingEvent => ({
  t,
  type: 'funding',
  venue: 'binance',
  base: 'BTC',
  quote: 'USDT',
  rate,
  intervalHours: 8,
  nextFundingTime: next,
});
const wallet = (t: number): WalletEvent => ({
  t,
  type: 'wallet',
  venue: 'upbit',
  asset: 'BTC',
  network: 'BTC',
  deposit: true,
  withdraw: true,
  confirmations: 2,
  blockTimeSec: 600,
});

/** One minute of a market: USD/KRW, Binance BTC spot and perpetual with funding, Upbit BTC at `premium` %. */
function minute(t: number, premium: number, fundingRate: number, nextFunding: number): MarketEvent[] {
  return [
    forex(t, 1_400),
    quote(t + 1, 'binance', 'BTC', 'USDT', 100_000),
    quote(t + 2, 'upbit', 'BTC', 'KRW', 100_000 * 1_400 * (1 + premium / 100), { volume24h: 3e11 }),
    quote(t + 3, 'binance', 'BTC', 'USDT', 100_000, { market: 'perp' }),
    funding(t + 4, fundingRate, nextFunding),
  ];
}

async function get<T = Record<string, unknown>>(server: TestServer, path: string): Promise<T> {
  const res = await server.app.inject({ method: 'GET', url: `/api/v1/front${path}` });
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json() as T;
}

interface PremiumRow {
  gapPercent: number;
  gapAgo: Record<string, number | null>;
  durationSince: number | null;
}
interface Page<R> {
  data: R[];
  dataSource: { mode: string };
}

const premium = (server: TestServer) =>
  get<Page<PremiumRow>>(server, '/premium?source=upbit&target=binance&search=BTC&interval=30s');
const premiumCandles = (server: TestServer) =>
  get<{ data: { t: number; c: number }[] }>(
    server,
    `/premium/candle?source=upbit&target=binance&base=BTC&interval=1m&limit=500&to=${server.source.now()}`,
  );
const cexCandles = (server: TestServer) =>
  get<{ data: { t: number }[] }>(
    server,
    `/cex/candle?exchange=upbit&base=BTC&interval=1m&limit=500&to=${server.source.now()}`,
  );
const settlements = (server: TestServer) =>
  get<{ data: { t: number }[] }>(server, '/funding-rate?exchange=binance&base=BTC&range=1d');
const heatmapBtc = async (server: TestServer) =>
  (
    await get<{ data: { baseToken: string; cells: (number | null)[] }[] }>(server, '/funding-rates/heatmap')
  ).data.find((row) => row.baseToken === 'BTC');
const indexHistory = (server: TestServer) =>
  get<{ data: { t: number; value: number }[] }>(server, '/kimchi-premium-index/history?range=1d');
const networks = (server: TestServer) => get<{ data: unknown[] }>(server, '/networks?asset=BTC');

/** Pushes minutes `from` … `to - 1` (late in each, so the last is fresh), then writes what closed. */
async function play(server: TestServer, from: number, to: number, premiumPercent: number): Promise<void> {
  for (let i = from; i < to; i++) {
    const t = T0 + i * MIN + 50_000;
    // Binance settles funding at T0 + 1 h: 0.1 % until then, 0.05 % after (next settlement 8 h later).
    const next = t < T0 + HOUR ? T0 + HOUR : T0 + 9 * HOUR;
    server.source.push(...minute(t, premiumPercent, t < T0 + HOUR ? 0.001 : 0.0005, next));
  }
  server.source.clock = T0 + to * MIN + 5_000;
  await server.runtime.flush(false);
}

forEachDatabase('market source switching', (getDb, { kind }) => {
  it(`drops the simulator's state and history when auto switches to live, and back (${kind})`, async () => {
    const server = await startTestServer({ database: getDb() });
    try {
      // Seventy simulated minutes, a funding settlement among them, and a wallet network.
      server.source.push(wallet(T0));
      await play(server, 0, 70, SIM_PREMIUM);
      const simulated = await premium(server);
      expect(simulated.dataSource.mode).toBe('simulated');
      expect(simulated.data[0]?.gapAgo['1h']).toBeCloseTo(SIM_PREMIUM, 4);
      expect((await settlements(server)).data).toHaveLength(1);
      expect((await premiumCandles(server)).data.length).toBeGreaterThan(60);
      expect((await indexHistory(server)).data.length).toBeGreaterThan(0);
      expect(await heatmapBtc(server)).toBeDefined();
      expect((await networks(server)).data).not.toEqual([]);

      // Live venues answer again: nothing the simulator made is served any more, live or from history.
      server.source.setMode('live');
      const empty = await premium(server);
      expect(empty.dataSource.mode).toBe('live');
      expect(empty.data).toEqual([]);
      expect((await networks(server)).data).toEqual([]);
      expect(await heatmapBtc(server)).toBeUndefined();
      expect((await settlements(server)).data).toEqual([]);
      expect((await premiumCandles(server)).data).toEqual([]);
      expect((await cexCandles(server)).data).toEqual([]);
      expect((await indexHistory(server)).data).toEqual([]);
      await server.runtime.restored;

      // Ten live minutes: their look-back columns reach back as far as live data does, no further.
      await play(server, 71, 80, LIVE_PREMIUM);
      const live = await premium(server);
      const [row] = live.data;
      expect(row?.gapPercent).toBeCloseTo(LIVE_PREMIUM, 4);
      expect(row?.gapAgo['5m']).toBeCloseTo(LIVE_PREMIUM, 4);
      expect(row?.gapAgo['30m']).toBeNull();
      expect(row?.gapAgo['1h']).toBeNull();
      expect(row?.durationSince ?? Number.POSITIVE_INFINITY).toBeGreaterThanOrEqual(T0 + 71 * MIN);
      const liveCandles = (await premiumCandles(server)).data;
      expect(liveCandles.map((c) => c.t)).toEqual(Array.from({ length: 9 }, (_, i) => T0 + (71 + i) * MIN));
      for (const candle of liveCandles) expect(candle.c).toBeCloseTo(LIVE_PREMIUM, 4);
      const liveIndex = (await indexHistory(server)).data;
      expect(liveIndex.length).toBeGreaterThan(0);
      for (const point of liveIndex) expect(point.value).toBeCloseTo(LIVE_PREMIUM, 1);
      expect((await settlements(server)).data).toEqual([]);
      expect(await heatmapBtc(server)).toBeDefined();

      // Live goes away again: the simulator's own history comes back, and none of the live minutes.
      server.source.setMode('simulated', 'every live exchange failed');
      expect((await premium(server)).data).toEqual([]);
      await server.runtime.restored;
      server.source.push(...minute(T0 + 80 * MIN + 10_000, SIM_PREMIUM, 0.0005, T0 + 9 * HOUR));
      const back = await premium(server);
      expect(back.dataSource.mode).toBe('simulated');
      expect(back.data[0]?.gapAgo['1h']).toBeCloseTo(SIM_PREMIUM, 4);
      // 5 minutes ago the simulator was not running: its last close (minute 69) carries, not live's 2 %.
      expect(back.data[0]?.gapAgo['5m'] ?? SIM_PREMIUM).toBeCloseTo(SIM_PREMIUM, 4);
      expect((await settlements(server)).data).toHaveLength(1);
      const simCandles = (await premiumCandles(server)).data;
      expect(simCandles.every((c) => c.t < T0 + 71 * MIN || c.t >= T0 + 80 * MIN)).toBe(true);
      for (const candle of simCandles) expect(candle.c).toBeCloseTo(SIM_PREMIUM, 4);
    } finally {
      await server.close();
    }

    // A restart refills the rings from the history of the source it runs, and only from that.
    for (const [mode, expected15m, expected1h] of [
      ['live', LIVE_PREMIUM, null],
      ['simulated', SIM_PREMIUM, SIM_PREMIUM],
    ] as const) {
      const restartAt = T0 + 90 * MIN;
      const restarted = await startTestServer({ database: getDb(), clock: restartAt, mode });
      try {
        await restarted.runtime.restored;
        restarted.source.push(...minute(restartAt + 30_000, 0, 0.0005, T0 + 9 * HOUR));
        const [row] = (await premium(restarted)).data;
        // 15 minutes ago is minute 75: live had 2 % then; the simulator was off, its minute 69 carries.
        expect(row?.gapAgo['15m'], mode).toBeCloseTo(expected15m, 4);
        if (expected1h === null) expect(row?.gapAgo['1h'], mode).toBeNull();
        else expect(row?.gapAgo['1h'], mode).toBeCloseTo(expected1h, 4);
      } finally {
        await restarted.close();
      }
    }
  });
});

it('switches before applying the first event of a new mode, even when it comes before the announcement', async () => {
  const server = await startTestServer();
  try {
    server.source.push(...minute(T0 + 1_000, SIM_PREMIUM, 0.001, T0 + HOUR), wallet(T0 + 1_000));
    expect((await premium(server)).data).toHaveLength(1);
    const fundingSearch = async (q: string) =>
      (await get<{ data: { baseToken: string }[] }>(server, `/funding-rates/search?q=${q}`)).data.map(
        (hit) => hit.baseToken,
      );
    expect(await fundingSearch('BTC')).toEqual(['BTC']);
    // auto's live source hands over its first quote while the state already says live, unannounced yet.
    server.source.state_ = { ...server.source.state_, mode: 'live' };
    server.source.push(quote(T0 + 2_000, 'okx', 'BTC', 'USDT', 100_000));
    expect(server.runtime.sourceMode).toBe('live');
    const page = await get<{ data: { target: { exchange: string } }[] }>(
      server,
      '/premium?source=upbit&search=BTC&targetQuote=any',
    );
    expect(page.data).toEqual([]); // Upbit's simulated quote is gone with the simulator's engine
    expect((await networks(server)).data).toEqual([]);
    // Search indexes built from the simulator's markets are rebuilt too, even when live lists as many perpetuals.
    server.source.push(quote(T0 + 3_000, 'okx', 'ETH', 'USDT', 3_000, { market: 'perp' }), {
      ...funding(T0 + 3_001, 0.0001, T0 + HOUR),
      venue: 'okx',
      base: 'ETH',
    });
    expect(await fundingSearch('BTC')).toEqual([]);
    expect(await fundingSearch('ETH')).toEqual(['ETH']);
  } finally {
    await server.close();
  }
});

async function connectAndGreet(url: string): Promise<{ dataSource: unknown }> {
  const late = connectWs(url);
  try {
    await late.opened;
    return (await late.next(ofType('hello'))) as { dataSource: unknown };
  } finally {
    late.close();
  }
}

it('tells WebSocket subscribers the new source with a fresh table', async () => {
  const { server, url } = await listenTestServer();
  const client = connectWs(url);
  try {
    server.source.push(...minute(T0 + 1_000, SIM_PREMIUM, 0.001, T0 + HOUR));
    await client.opened;
    expect(await client.next(ofType('hello'))).toMatchObject({ dataSource: { mode: 'simulated' } });
    client.send({ op: 'subscribe', id: 'main', topic: 'premium', interval: 'realtime', params: {} });
    const snapshot = (mode: string, total: number) => (m: Record<string, unknown>) => {
      const data = m.data as { total?: number; dataSource?: { mode: string } } | undefined;
      return m.type === 'snapshot' && data?.dataSource?.mode === mode && data.total === total;
    };
    await client.next(snapshot('simulated', 1));
    server.source.setMode('live');
    // The simulated row is gone from the very next table, which says live.
    const switched = await client.next((m) => m.type === 'snapshot');
    expect(switched.data).toMatchObject({ total: 0, dataSource: { mode: 'live' } });
    server.source.push(...minute(T0 + 2_000, LIVE_PREMIUM, 0.001, T0 + HOUR));
    await client.next(snapshot('live', 1));
    expect((await connectAndGreet(url)).dataSource).toMatchObject({ mode: 'live' });
  } finally {
    client.close();
    await server.close();
  }
});
