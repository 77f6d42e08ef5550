import { describe, expect, it } from 'vitest';
import { startEnvServer, until } from '../test-support/tape-server.ts';

/** A fresh install on the simulator charts a full day at once, not one candle. */

type Candles = { data: { t: number; o: number; h: number; l: number; c: number; v: number | null }[] };

describe('simulated history on a fresh install', () => {
  it('serves a day of 1-minute candles for the majors and their Kimchi premium', async () => {
    const server = await startEnvServer({ MARKET_SOURCE: 'sim', SIM_SEED: '7' });
    try {
      const candles = await until(async () => {
        const body = await server.get<Candles>('/cex/candle?exchange=upbit&base=BTC&interval=1m&limit=1500');
        return body.data.length >= 1_440 ? body.data : undefined;
      }, 'a day of candles');
      expect(candles.length).toBeLessThanOrEqual(1_442);
      // Minute after minute, no holes, each candle a candle.
      for (let i = 1; i < candles.length; i++)
        expect((candles[i]?.t ?? 0) - (candles[i - 1]?.t ?? 0)).toBe(60_000);
      for (const c of candles) {
        expect(c.l).toBeLessThanOrEqual(Math.min(c.o, c.c));
        expect(c.h).toBeGreaterThanOrEqual(Math.max(c.o, c.c));
        // Every minute has its traded volume (in BTC), not null.
        expect(c.v).toBeGreaterThan(0);
      }
      // About a day's worth: Upbit BTC trades some $100-400 M a day, i.e. around a thousand-odd BTC.
      const dayVolume = candles.slice(-1_440).reduce((sum, c) => sum + (c.v ?? 0), 0);
      expect(dayVolume).toBeGreaterThan(200);
      expect(dayVolume).toBeLessThan(20_000);
      // A plausible day for BTC: it moved, but not by a crash.
      const closes = candles.map((c) => c.c);
      const range = Math.max(...closes) / Math.min(...closes);
      expect(range).toBeGreaterThan(1.001);
      expect(range).toBeLessThan(1.3);
      const premium = await server.get<Candles>(
        '/premium/candle?source=upbit&target=binance&base=BTC&interval=1m&limit=1500',
      );
      expect(premium.data.length).toBeGreaterThanOrEqual(1_440);
      for (const c of premium.data) {
        expect(c.c).toBeGreaterThan(-3);
        expect(c.c).toBeLessThan(8);
      }
    } finally {
      await server.close();
    }
  }, 120_000);
});
