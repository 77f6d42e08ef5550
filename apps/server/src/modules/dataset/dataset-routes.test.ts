import { createHistoryRepository } from '@spreadscope/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMarket, startTestServer, T0, type TestServer } from '../../test-support/test-server.ts';
import { csvLine } from './dataset-tables.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field and checked by the assertions
type Loose = Record<string, any>;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  seedMarket(server.source);
});
afterAll(() => server.close());

const get = async (url: string, language: 'ko' | 'en' = 'en') => {
  const response = await server.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
  return { status: response.statusCode, body: response.body, headers: response.headers };
};

/** Reads a CSV body back into rows (the writer's quoting undone). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n').filter((l) => l !== '')) {
    const cells: string[] = [];
    let current = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (quoted && ch === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (ch === '"') quoted = !quoted;
      else if (ch === ',' && !quoted) {
        cells.push(current);
        current = '';
      } else current += ch;
    }
    cells.push(current);
    rows.push(cells);
  }
  return rows;
}

describe('dataset explorer API', () => {
  it('lists the thirteen categories of spec §3, with what this installation collects and a live sample', async () => {
    await expect
      .poll(async () => {
        const answer = JSON.parse((await get('/api/v1/front/dataset')).body) as Loose;
        return answer.categories.find((c: Loose) => c.id === 'ticker').sample.rows.length;
      })
      .toBeGreaterThan(0);
    const answer = JSON.parse((await get('/api/v1/front/dataset')).body) as Loose;
    expect(answer.categories.map((c: Loose) => c.id)).toEqual([
      'cex-info',
      'dex-info',
      'cex-data',
      'dex-data',
      'funding-rate',
      'trend',
      'forex',
      'telegram',
      'ticker',
      'orderbook',
      'token-updates',
      'trading-fees',
      'wallet-status',
    ]);
    const byId = Object.fromEntries(answer.categories.map((c: Loose) => [c.id, c]));
    expect(byId.trend.collected).toBe(false);
    expect(byId.telegram.collected).toBe(false);
    expect(byId['cex-data']).toMatchObject({ collected: true, kind: 'range', access: 'all' });
    expect(byId['dex-data'].access).toBe('pro');
    expect(byId.forex.sample.rows[0].slice(0, 2)).toEqual(['USD-KRW', 1_400]);
    expect(byId.ticker.coverage.venues).toEqual(expect.arrayContaining(['binance', 'bithumb', 'upbit']));
    expect(answer.rangeDays).toMatchObject({ visitor: 1, free: 7, pro: 92 });
  });

  it('says from when each stored category is available: its oldest stored row', async () => {
    // The source this server runs on (simulated by default): each source keeps its own history.
    const history = createHistoryRepository(server.database, { mode: server.source.state().mode });
    const bar = (venue: string, base: string, quote: string, minute: number) => ({
      venue,
      market: 'spot' as const,
      base,
      quote,
      minute,
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      volume24h: null,
    });
    const oldest = T0 - 40 * 86_400_000;
    await history.writeMinuteBars([
      bar('upbit', 'BTC', 'KRW', T0 - 2 * 86_400_000),
      bar('binance', 'ETH', 'USDT', oldest),
      bar('binance', 'ETH', 'USDT', T0 - 60_000),
    ]);
    await history.writeForexBars([
      { pair: 'USD/KRW', minute: T0 - 3 * 86_400_000, open: 1_400, high: 1_400, low: 1_400, close: 1_400 },
    ]);
    const answer = JSON.parse((await get('/api/v1/front/dataset')).body) as Loose;
    const since = Object.fromEntries(answer.categories.map((c: Loose) => [c.id, c.coverage.since]));
    expect(since['cex-data']).toBe(oldest);
    expect(since.forex).toBe(T0 - 3 * 86_400_000);
    // Current-state categories start now; nothing stored for the pools yet.
    expect(since.ticker).toBeNull();
    expect(since['dex-data']).toBeNull();
  });

  it('streams a category as CSV that reads back into the same rows', async () => {
    const answer = await get('/api/v1/front/dataset/ticker/csv');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="ticker_.*\.csv"$/);
    const rows = parseCsv(answer.body);
    expect(rows[0]).toEqual([
      'exchange',
      'market',
      'symbol',
      'priceUsd',
      'bidUsd',
      'askUsd',
      'change24hPercent',
      'volume24hUsd',
      'date',
    ]);
    const upbit = rows.find((r) => r[0] === 'upbit' && r[2] === 'upbit-krw-btc');
    expect(Number(upbit?.[3])).toBeCloseTo(143_500_000 / 1_400, 0);
    const candles = await get(`/api/v1/front/dataset/cex-data/csv?from=${T0 - 3_600_000}&to=${T0 + 60_000}`);
    expect(candles.status).toBe(200);
    expect(parseCsv(candles.body)[0]).toEqual([
      'time',
      'exchange',
      'symbol',
      'open',
      'high',
      'low',
      'close',
      'volume',
    ]);
  });

  it('bounds the range by plan, keeps DEX data to Pro, and names what is wrong in the language asked', async () => {
    const long = await get(`/api/v1/front/dataset/cex-data/csv?from=${T0 - 2 * 86_400_000}&to=${T0}`, 'ko');
    expect(long.status).toBe(400);
    expect(JSON.parse(long.body)).toEqual({
      error: 'range_too_long',
      message: '현재 요금제로는 한 번에 최대 1일까지 내려받을 수 있습니다. 기간을 줄여 주세요.',
      param: 'from',
    });
    expect((await get(`/api/v1/front/dataset/cex-data/csv?from=${T0}&to=${T0 - 1}`)).status).toBe(400);
    expect((await get('/api/v1/front/dataset/dex-data/csv')).status).toBe(401);
    const unknown = await get('/api/v1/front/dataset/nope/csv');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).message).toBe('Unknown data category "nope".');
    expect((await get('/api/v1/front/dataset/trend/csv')).status).toBe(404);
    const market = await get('/api/v1/front/dataset/cex-data/csv?exchange=upbit&symbol=upbit-krw-nope');
    expect(market.status).toBe(404);
  });

  it('quotes what a spreadsheet would misread', () => {
    expect(csvLine(['a,b', 'say "hi"', '=1+1', -3, null, true])).toBe(
      '"a,b","say ""hi""",\'=1+1,-3,,true\r\n',
    );
  });
});
