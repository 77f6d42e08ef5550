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

// The scaled-out shape (ingest, standby, two API replicas) at full scale; needs DATABASE_URL and REDIS_URL.
isolated('./cluster.ts');

// Live feeds for 90 s against a loopback venue that drops every socket every 3 s (FEEDS_SOAK_SECONDS).
isolated('./feeds-soak.ts');
