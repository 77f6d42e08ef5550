import type { ExchangesConnectionResponse } from '@spreadscope/contracts';
import type { BookEvent, MarketEvent, QuoteEvent } from '@spreadscope/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTapeServer, type TapeServer, until } from '../test-support/tape-server.ts';

/**
 * A tape with one of each feed fault, replayed through a real server: none of them ranks in the arbitrage or
 * premium tables, none lands in a minute candle, and /exchanges/connection says, per venue, why each was refused.
 */

const T0 = Date.UTC(2025, 10, 21, 3, 0, 0);
const S = 1_000;

function q(t: number, venue: string, quote: string, last: number, spread = 0.0001, extra = {}): QuoteEvent {
  return {
    t,
    type: 'quote',
    venue,
    market: 'spot',
    base: 'BTC',
    quote,
    last,
    bid: last * (1 - spread),
    ask: last * (1 + spread),
    volume24h: 1e9,
    ...extra,
  };
}

function book(t: number, venue: string, bid: number, ask: number): BookEvent {
  return {
    t,
    type: 'book',
    venue,
    market: 'spot',
    base: 'BTC',
    quote: 'USDT',
    bids: [[bid, 5]],
    asks: [[ask, 5]],
  };
}

/** Four minutes of an honest BTC market on four venues, a quote every 10 s each. */
function honest(): MarketEvent[] {
  const events: MarketEvent[] = [{ t: T0, type: 'forex', pair: 'USD/KRW', rate: 1400 }];
  for (let t = T0; t <= T0 + 4 * 60 * S; t += 10 * S) {
    events.push(q(t, 'binance', 'USDT', 100_000), q(t + 1, 'okx', 'USDT', 100_020));
    events.push(q(t + 2, 'upbit', 'KRW', 140_700_000), q(t + 3, 'bithumb', 'KRW', 140_600_000));
    events.push(book(t + 4, 'binance', 99_990, 100_010));
  }
  return events;
}

const FAULTS: MarketEvent[] = [
  // bid above ask: read as is, selling on OKX at 113,000 would rank first (a 13 % entry gap).
  q(T0 + 31 * S, 'okx', 'USDT', 100_000, 0, { bid: 113_000, ask: 100_000 }),
  // A crossed book would feed depth and the largest entry.
  book(T0 + 32 * S, 'binance', 110_000, 100_000),
  // Numbers that are no price: the premium candle's low would read −100 %.
  q(T0 + 33 * S, 'bithumb', 'KRW', 1e300, 0),
  q(T0 + 34 * S, 'upbit', 'KRW', 1e-300, 0),
  // Half price, 10 s late, after a newer quote: the BTC minute low would halve.
  q(T0 + 42 * S, 'upbit', 'KRW', 140_700_000),
  q(T0 + 32 * S, 'upbit', 'KRW', 70_000_000),
  // An absurd jump against Binance's own recent prices, fresh in time.
  q(T0 + 71 * S, 'binance', 'USDT', 400_000),
  // Gate's first BTC price, a hundred times everyone else's.
  q(T0 + 72 * S, 'gateio', 'USDT', 10_000_000),
];

let tape: TapeServer;

beforeAll(async () => {
  const events = [...honest(), ...FAULTS].sort((a, b) => a.t - b.t);
  // The late quote stays where a late message arrives: after the newer one it is older than.
  const late = events.findIndex((e) => e.type === 'quote' && e.last === 70_000_000);
  const [lateQuote] = events.splice(late, 1);
  const newer = events.findIndex((e) => e.t === T0 + 42 * S);
  if (lateQuote) events.splice(newer + 1, 0, lateQuote);
  tape = await startTapeServer(events);
  await until(async () => (tape.server.source.state().reason ? true : undefined), 'the tape to end');
}, 60_000);

afterAll(async () => {
  await tape?.close();
});

interface Row {
  id: string;
  gapPercent: number;
}

describe('a fault tape through replay', () => {
  it('ranks none of the faults in the arbitrage tables', async () => {
    const page = await tape.get<{ data: Row[] }>('/arbitrage/spot-spot?currency=USD&search=BTC&limit=50');
    expect(page.data.length).toBeGreaterThanOrEqual(2);
    expect(page.data.map((r) => r.id)).not.toContain(expect.stringContaining('gateio'));
    for (const row of page.data) expect(Math.abs(row.gapPercent)).toBeLessThan(1);
  });

  it('ranks none of them in the Kimchi premium table', async () => {
    const page = await tape.get<{ data: Row[] }>('/premium?currency=KRW&conversionBase=USD&limit=50');
    expect(page.data.length).toBeGreaterThanOrEqual(1);
    // ₩140.7M / 1,400 over $100,000: +0.5 %, and nothing else.
    for (const row of page.data) expect(row.gapPercent).toBeGreaterThan(0.3);
    for (const row of page.data) expect(row.gapPercent).toBeLessThan(0.6);
  });

  it('charts none of them in the minute candles', async () => {
    const to = T0 + 10 * 60 * S;
    type Candles = { data: { l: number; h: number }[] };
    const candles = (path: string) =>
      until(async () => {
        const body = await tape.get<Candles>(path);
        return body.data.length >= 4 ? body.data : undefined;
      }, path);
    const upbit = await candles(`/cex/candle?exchange=upbit&base=BTC&interval=1m&from=${T0}&to=${to}`);
    const bithumb = await candles(`/cex/candle?exchange=bithumb&base=BTC&interval=1m&from=${T0}&to=${to}`);
    const binance = await candles(`/cex/candle?exchange=binance&base=BTC&interval=1m&from=${T0}&to=${to}`);
    for (const c of upbit) expect([c.l, c.h]).toEqual([140_700_000, 140_700_000]);
    for (const c of bithumb) expect([c.l, c.h]).toEqual([140_600_000, 140_600_000]);
    for (const c of binance) expect([c.l, c.h]).toEqual([100_000, 100_000]);
    const premium = await candles(
      `/premium/candle?source=upbit&target=binance&base=BTC&interval=1m&from=${T0}&to=${to}`,
    );
    for (const c of premium) {
      expect(c.l).toBeCloseTo(0.5, 6);
      expect(c.h).toBeCloseTo(0.5, 6);
    }
  });

  it('counts each refusal per venue and reason in /exchanges/connection', async () => {
    const body = await tape.get<ExchangesConnectionResponse>('/exchanges/connection');
    const rejects = Object.fromEntries(body.venues.map((v) => [v.id, v.rejects]));
    expect(rejects.okx).toMatchObject({ total: 1, counts: { crossed: 1 } });
    expect(rejects.binance).toMatchObject({ total: 2, counts: { crossed: 1, jump: 1 } });
    expect(rejects.bithumb).toMatchObject({ total: 1, counts: { invalid: 1 } });
    expect(rejects.upbit).toMatchObject({ total: 2, counts: { invalid: 1, 'out-of-order': 1 } });
    expect(rejects.gateio).toMatchObject({ total: 1, counts: { jump: 1 } });
    expect(rejects.gateio?.last?.detail).toMatch(/first price/);
    expect(rejects.coinone).toMatchObject({ total: 0, last: null });
  });
});
