import type { FundingEvent } from '@spreadscope/core';
import { forEachDatabase } from '@spreadscope/db/testing';
import { expect, it } from 'vitest';
import { quote, startTestServer, T0 } from '../test-support/test-server.ts';

const MIN = 60_000;
const HOUR = 3_600_000;
/** On the hour, so the hours below are whole heatmap cells. */
const START = Math.floor(T0 / HOUR) * HOUR;

const funding = (t: number, rate: number): FundingEvent => ({
  t,
  type: 'funding',
  venue: 'binance',
  base: 'BTC',
  quote: 'USDT',
  rate,
  intervalHours: 8,
  nextFundingTime: START + 8 * HOUR,
});

forEachDatabase('funding heatmap across a restart', (getDb, { kind }) => {
  it(`rebuilds the last day's cells from the persisted funding minutes (${kind})`, async () => {
    const database = getDb();
    // First run: three hours of Binance BTC funding, one update a minute (0.01 %, then 0.03 %, then 0.02 %).
    const first = await startTestServer({ database });
    first.source.push(quote(START, 'binance', 'BTC', 'USDT', 100_000, { market: 'perp' }));
    const rates = [0.0001, 0.0003, 0.0002];
    for (let h = 0; h < 3; h++) {
      for (let m = 0; m < 60; m++)
        first.source.push(funding(START + h * HOUR + m * MIN + 1_000, rates[h] ?? 0));
    }
    await first.close();

    // Restarted ten minutes into the next hour.
    const restartAt = START + 3 * HOUR + 10 * MIN;
    const second = await startTestServer({ database, clock: restartAt });
    await second.runtime.restored;
    // The perpetual quotes again and its funding comes in (the heatmap lists perpetuals with a rate).
    second.source.push(
      quote(restartAt + 1_000, 'binance', 'BTC', 'USDT', 100_000, { market: 'perp' }),
      funding(restartAt + 2_000, 0.0004),
    );
    const heatmap = (
      await second.app.inject({ method: 'GET', url: '/api/v1/front/funding-rates/heatmap' })
    ).json();
    expect(heatmap.hours.at(-1)).toBe(START + 3 * HOUR);
    const cells = heatmap.data.find((row: { baseToken: string }) => row.baseToken === 'BTC')?.cells;
    // rate × 8760 / 8 h, in percent: 10.95, 32.85 and 21.9 for the three hours before the restart.
    expect(cells?.at(-4)).toBeCloseTo(10.95, 8);
    expect(cells?.at(-3)).toBeCloseTo(32.85, 8);
    expect(cells?.at(-2)).toBeCloseTo(21.9, 8);
    expect(cells?.at(-1)).toBeCloseTo(43.8, 8); // live since the restart
    expect(cells?.at(-5)).toBeNull();
    await second.close();
  });
});
