import {
  BINANCE_ROUTES,
  type FixtureResponse,
  type FixtureRoutes,
  fixture,
  serveFixtures,
  UPBIT_ROUTES,
} from '../../../../packages/feeds/src/live/fixtures/fixture-http.ts';

/**
 * Upbit, Binance and a USD/KRW source on one loopback server, answering recorded responses with prices that
 * move a little on every poll (so tables change and WebSocket clients get deltas). Each process is given its
 * own path prefix (`<url>/<name>`) as its venue base URL, so the server can tell who connected.
 */
export interface FakeVenues {
  /** The base URL to give process `name` (VENUE_UPBIT_URL, VENUE_BINANCE_URL, FOREX_URLS=<base>/forex). */
  baseFor(name: string): string;
  /** Requests received from process `name`. */
  requestsFrom(name: string): number;
  close(): Promise<void>;
}

function drifting(file: string, fields: readonly string[]): (url: URL) => FixtureResponse {
  const rows = JSON.parse(fixture(file)) as Record<string, unknown>[];
  let polls = 0;
  return () => {
    polls++;
    // A slow deterministic wave: ±0.5 %, a different phase per market.
    const moved = rows.map((row, i) => {
      const factor = 1 + 0.005 * Math.sin((polls + i * 7) / 5);
      const copy: Record<string, unknown> = { ...row };
      for (const field of fields) {
        const value = row[field];
        if (typeof value === 'number') copy[field] = value * factor;
        else if (typeof value === 'string' && value !== '') copy[field] = String(Number(value) * factor);
      }
      return copy;
    });
    return { body: JSON.stringify(moved), contentType: 'application/json' };
  };
}

export async function startFakeVenues(): Promise<FakeVenues> {
  const routes: FixtureRoutes = {
    ...UPBIT_ROUTES,
    ...BINANCE_ROUTES,
    '/v1/ticker/all': drifting('upbit-ticker-all-krw.json', ['trade_price']),
    '/api/v3/ticker/24hr': drifting('binance-ticker-24hr.json', ['lastPrice', 'bidPrice', 'askPrice']),
    '/forex': { body: '{"rates":{"KRW":1400}}', contentType: 'application/json' },
  };
  const server = await serveFixtures(routes);
  return {
    baseFor: (name) => `${server.url}/${name}`,
    requestsFrom: (name) => server.requested.filter((path) => path.startsWith(`/${name}/`)).length,
    close: () => server.close(),
  };
}
