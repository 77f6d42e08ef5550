import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runHistoryWriteBench } from './history-write.ts';
import { writeResult } from './support/write-result.ts';
import { runWebTableSuite } from './web-table.ts';

/** Runs a benchmark in a process of its own, so the memory and timings it reports are its own. */
function isolated(file: string): void {
  execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', fileURLToPath(new URL(file, import.meta.url))],
    {
      stdio: 'inherit',
    },
  );
}

/** Benchmarks that can be run alone by name: `npm run bench -- ratios`. */
const ALONE: Record<string, string> = { ratios: './ratios.ts' };
const only = process.argv[2];
if (only) {
  const file = ALONE[only];
  if (!file) throw new Error(`unknown benchmark ${only}; alone: ${Object.keys(ALONE).join(', ')}`);
  isolated(file);
  process.exit(0);
}

/** `npm run bench`: every benchmark, each writing bench/results/<name>.json. */
isolated('./engine.ts');
isolated('./fanout.ts');

const pglite = await runHistoryWriteBench();
console.log('history-write (PGlite)', pglite);
writeResult('history-write-pglite', pglite);
if (process.env.DATABASE_URL) {
  const postgres = await runHistoryWriteBench(process.env.DATABASE_URL);
  console.log('history-write (PostgreSQL)', postgres);
  writeResult('history-write-postgres', postgres);
}

const webTable = await runWebTableSuite();
console.log('web-table', webTable);
writeResult('web-table', webTable);

// The event log's entry format at full scale: JSON against binary frames, µs and bytes per event.
isolated('./log-codec.ts');

// The scaled-out shape (ingest, standby, two API replicas) at full scale; needs DATABASE_URL and REDIS_URL.
isolated('./cluster.ts');

// Live feeds for 90 s against a loopback venue that drops every socket every 3 s (FEEDS_SOAK_SECONDS).
isolated('./feeds-soak.ts');

// Product against plain baselines (issue 11): REST, start and memory, first row in Chromium, recompute.
isolated('./ratios.ts');
