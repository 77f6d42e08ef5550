import { forEachDatabase } from '@spreadscope/db/testing';
import { expect, it } from 'vitest';
import { forex, quote, startTestServer, T0 } from '../test-support/test-server.ts';

const MIN = 60_000;
const MINUTES = 70;
/** The Kimchi premium of Upbit over Binance in minute i of the first run: 1 % at first, then 2 %. */
const premiumAt = (i: number) => (i <= 20 ? 1 : 2);

forEachDatabase('restart continuity', (getDb, { kind }) => {
  it(`refills the look-back columns and premium duration from the minute history (${kind})`, async () => {
    const database = getDb();
    // First run: seventy minutes of quotes, persisted minute by minute.
    const first = await startTestServer({ database });
    for (let i = 0; i < MINUTES; i++) {
      const t = T0 + i * MIN + 1_000;
      first.source.push(
        forex(t, 1_400),
        quote(t + 1, 'binance', 'BTC', 'USDT', 100_000),
        quote(t + 2, 'upbit', 'BTC', 'KRW', 100_000 * 1_400 * (1 + premiumAt(i) / 100)),
      );
    }
    await first.close();

    // A restart a minute later: a new process knows nothing but what the database holds.
    const restartAt = T0 + (MINUTES + 1) * MIN;
    const second = await startTestServer({ database, clock: restartAt });
    await second.runtime.restored;
    const now = restartAt + 30_000;
    second.source.push(
      forex(now - 3_000, 1_400),
      quote(now - 2_000, 'binance', 'BTC', 'USDT', 100_000),
      quote(now - 1_000, 'upbit', 'BTC', 'KRW', 100_000 * 1_400 * 1.02),
    );
    const res = await second.app.inject({
      method: 'GET',
      url: '/api/v1/front/premium?source=upbit&target=binance&search=BTC&interval=30s',
    });
    const [row] = res.json().data;
    // 1 h ago is minute 10 of the first run (1 %); 5 m ago, minute 65 (2 %); nothing reaches back 4 h.
    expect(row.gapAgo['1h']).toBeCloseTo(1, 4);
    expect(row.gapAgo['5m']).toBeCloseTo(2, 4);
    expect(row.gapAgo['30m']).toBeCloseTo(2, 4);
    expect(row.gapAgo['4h']).toBeNull();
    // 2 % since minute 21 of the first run, restart included (the market clock is the last event's time).
    expect(row.durationSince).toBe(T0 + 21 * MIN);
    await second.close();
  });
});
