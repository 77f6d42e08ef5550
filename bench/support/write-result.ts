import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));

/** Writes one benchmark's figures as bench/results/<name>.json, with when and where they were measured. */
export function writeResult(name: string, figures: Record<string, number | string | boolean>): string {
  mkdirSync(RESULTS, { recursive: true });
  const path = `${RESULTS}${name}.json`;
  const record = {
    ...figures,
    measured_at: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    cpu_model: cpus()[0]?.model ?? 'unknown',
    // Other work on the machine skews every figure; the 1-minute load average says how much there was.
    load_avg_1m: Number((loadavg()[0] ?? 0).toFixed(2)),
  };
  writeFileSync(path, `${JSON.stringify(record, null, 2)}\n`);
  return path;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function round(value: number, digits = 3): number {
  return Number(value.toFixed(digits));
}
