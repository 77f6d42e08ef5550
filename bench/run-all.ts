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
const ALONE: Record<string, string> = {
  ratios: './ratios.ts',
  'public-api': './public-api.ts',
  cluster: './cluster.ts',
  'ingest-path': './ingest-path.ts',
  'ingest-threads': './ingest-threads.ts',
  'log-codec': './log-codec.ts',
  'notices-live': './notices-live.ts',
  notify: './notify.ts',
  'alert-delivery': './alert-delivery.ts',
  wallets: './wallets.ts',
  alerts: './alerts.ts',
  backfill: './backfill.ts',
  'dex-index': './dex-index.ts',
  'listing-deposit': './listing-deposit.ts',
  search: './search.ts',
  'listing-live': './listing-live.ts',
  'web-table': './web-table.ts',
  // The /token list's part of the web-table bench (issue 18).
  'token-list': './token-list.ts',
};
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
// Alert rules on the engine's tick: 100,000 rules over 7,000 tokens (issue 13).
isolated('./alerts.ts');

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
// The same frame clock on the /token list: 7,000 tokens refetched every 2 s while scrolling (issue 18).
isolated('./token-list.ts');

// DEX indexing: 100,000 swap logs, and 30-day pool candles (issue 16).
isolated('./dex-index.ts');

// The event log's entry format at full scale: JSON against binary frames, µs and bytes per event.
isolated('./log-codec.ts');

// The ingest's CPU per event and stage at full scale: simulator, gate, log record and encode, engine.
isolated('./ingest-path.ts');
isolated('./ingest-threads.ts');

// The scaled-out shape (ingest, standby, two API replicas) at full scale; needs DATABASE_URL and REDIS_URL.
isolated('./cluster.ts');

// Live feeds for 90 s against a loopback venue that drops every socket every 3 s (FEEDS_SOAK_SECONDS).
isolated('./feeds-soak.ts');

// A new exchange announcement from the poll that sees it to the /events screen in Chromium (issue 12).
isolated('./notices-live.ts');
// A Korean listing notice from the poll that sees it to its card on /listing-arbitrage in Chromium (issue 15).
isolated('./listing-live.ts');
// A burst of 10,000 alerts through the notification outbox: enqueue → handed to the channel.
isolated('./notify.ts');
// A venue's wallet table (≈ 1,500 asset-networks), cached, uncached, under churn and over HTTP (issue 12).
isolated('./wallets.ts');

// Product against plain baselines (issue 11): REST, start and memory, first row in Chromium, recompute.
isolated('./ratios.ts');

// The simulated day of a fresh install: the job's rows/s, and the first table and /ping while it runs.
isolated('./backfill.ts');
