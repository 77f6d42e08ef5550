import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MarketEvent } from '@spreadscope/core';
import { DerivativesSimulator, Simulator, TapeWriter } from '@spreadscope/feeds';

/**
 * A few simulated minutes with borrow rates, open interest and liquidations (tape v1 additions), for the
 * margin and derivatives screens: the majors only, so it writes in a second or two. A sharp BTC drop near
 * the end is spelled out as the venues would report it, so the liquidation feed has rows whatever the seed.
 */
export async function writeDerivativesTape(minutes = 5, seed = 11): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'spreadscope-deriv-tape-')), 'market.ndjson');
  const start = Date.UTC(2026, 0, 5, 3, 0, 0);
  const simulator = new Simulator({ seed, startTime: start, tokenLimit: 12, books: false });
  const derivatives = new DerivativesSimulator(seed, simulator.venues, start);
  const writer = await TapeWriter.open(path, { source: `e2e derivatives seed ${seed}`, start });
  let lastBtc = 90_000;
  for (const batch of simulator.batches(minutes * 60_000)) {
    for (const event of batch) {
      if (
        event.type === 'quote' &&
        event.venue === 'binance' &&
        event.market === 'perp' &&
        event.base === 'BTC'
      ) {
        lastBtc = event.last;
      }
    }
    const merged = [...batch, ...derivatives.observe(batch)].sort((a, b) => a.t - b.t);
    for (const event of merged) if (!writer.write(event)) await writer.drained();
  }
  const end = start + minutes * 60_000;
  const burst: MarketEvent[] = [1, 2, 3].map((i) => ({
    t: end + i * 100,
    type: 'liquidation',
    venue: i === 2 ? 'bybit' : 'binance',
    base: 'BTC',
    quote: 'USDT',
    side: 'long',
    price: lastBtc * (1 - 0.001 * i),
    size: 0.5 * i,
  }));
  for (const event of burst) writer.write(event);
  await writer.close();
  return path;
}
