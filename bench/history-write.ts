import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MinuteBar } from '@spreadscope/core';
import { createHistoryRepository, openDatabase } from '@spreadscope/db';
import { percentile, round } from './support/write-result.ts';

/** Writing one minute of bars for 5,000 markets, as the history recorder does every minute. */
export async function runHistoryWriteBench(url?: string): Promise<Record<string, number | string>> {
  const dir = mkdtempSync(join(tmpdir(), 'spreadscope-bench-'));
  const database = await openDatabase(url ? { url } : { dataDir: join(dir, 'pglite') });
  try {
    const repo = createHistoryRepository(database);
    const minute0 = Date.UTC(2026, 0, 5, 0, 0, 0) + Math.floor(Math.random() * 1e6) * 60_000;
    const bars = (k: number): MinuteBar[] =>
      Array.from({ length: 5_000 }, (_, i) => ({
        venue: 'bench',
        market: 'spot',
        base: `T${i}`,
        quote: 'USDT',
        minute: minute0 + k * 60_000,
        open: i,
        high: i + 1,
        low: i - 1,
        close: i + k / 7,
        volume24h: 1e6,
      }));
    const first0 = performance.now();
    await repo.writeMinuteBars(bars(0));
    const firstMs = performance.now() - first0;
    const steady: number[] = [];
    for (let k = 1; k <= 10; k++) {
      const t0 = performance.now();
      await repo.writeMinuteBars(bars(k));
      steady.push(performance.now() - t0);
    }
    steady.sort((a, b) => a - b);
    return {
      backend: database.kind,
      bars_per_minute: 5_000,
      first_write_ms: round(firstMs, 1),
      write_p50_ms: round(percentile(steady, 50), 1),
      write_max_ms: round(steady.at(-1) ?? Number.NaN, 1),
    };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
