import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHistoryRepository, createMarketHistoryRepository, openDatabase } from '@spreadscope/db';
import { runSimBackfill } from '../apps/server/src/jobs/sim-backfill-job.ts';
import { percentile, round, writeResult } from './support/write-result.ts';

/**
 * The simulated day of a fresh install (`npm run bench -- backfill`):
 * - job: the back-fill alone on a fresh PGlite directory at the product's default (the top 300 tokens of the
 *   full universe, or BENCH_BACKFILL_TOKENS): wall time, rows written, rows/s, and when Bitcoin's day had
 *   landed (its charts full);
 * - start: a fresh server on the simulator, spawned as `npm start` runs it, until its first table answers
 *   with a BTC row, with the back-fill on and with it off (SIM_BACKFILL_TOKENS=0); and `/ping` latency
 *   while the back-fill runs, against the same server without it.
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER_MAIN = join(ROOT, 'apps/server/src/main.ts');
const BTC_ROW = '/api/v1/front/premium?limit=1&search=BTC';
const TOKENS = Number(process.env.BENCH_BACKFILL_TOKENS ?? 300);
const PING_SECONDS = 10;

async function jobAlone(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'spreadscope-bench-backfill-'));
  const database = await openDatabase({ dataDir: join(dir, 'pglite') });
  try {
    const started = performance.now();
    let btcMs = Number.NaN;
    let chunks = 0;
    const result = await runSimBackfill(
      { end: Date.now(), seed: 1, minutes: 1_440, tokens: TOKENS, tokenLimit: null, disabledVenues: [] },
      {
        history: createHistoryRepository(database),
        marketHistory: createMarketHistoryRepository(database),
        logger: { info: (m) => console.log(m), warn: (m) => console.warn(m) },
        onLanded: (landed) => {
          if (landed.closes.length === 0) return;
          // USDT/KRW lands first, Bitcoin second.
          if (++chunks === 2) btcMs = performance.now() - started;
        },
      },
    );
    const ms = performance.now() - started;
    return {
      tokens: result.tokens,
      markets: result.markets,
      rows: result.rows,
      wall_ms: round(ms, 0),
      rows_per_s: round((result.rows / ms) * 1000, 0),
      btc_day_landed_ms: round(btcMs, 0),
    };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Spawned {
  readonly child: ChildProcess;
  readonly url: string;
  readonly firstRowMs: number;
  readonly dir: string;
}

async function spawnFresh(backfillTokens: number): Promise<Spawned> {
  const dir = mkdtempSync(join(tmpdir(), 'spreadscope-bench-start-'));
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      MARKET_SOURCE: 'sim',
      SIM_BACKFILL_TOKENS: String(backfillTokens),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Spreadscope is running at (http:\/\/\S+)/.exec(out);
      if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  for (;;) {
    const row = await fetch(`${url}${BTC_ROW}`)
      .then(async (r) => (r.ok ? ((await r.json()) as { data: unknown[] }).data.length > 0 : false))
      .catch(() => false);
    if (row) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { child, url, firstRowMs: performance.now() - spawnedAt, dir };
}

async function pingLatency(url: string): Promise<number[]> {
  const samples: number[] = [];
  const until = performance.now() + PING_SECONDS * 1_000;
  while (performance.now() < until) {
    const t0 = performance.now();
    await fetch(`${url}/api/v1/front/ping`).then((r) => r.arrayBuffer());
    samples.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return samples.sort((a, b) => a - b);
}

async function stop(spawned: Spawned): Promise<void> {
  const exited = new Promise((resolve) => spawned.child.once('exit', resolve));
  spawned.child.kill('SIGTERM');
  await exited;
  rmSync(spawned.dir, { recursive: true, force: true });
}

async function startFigures(): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  for (const [name, tokens] of [
    ['with_backfill', TOKENS],
    ['without_backfill', 0],
  ] as const) {
    const spawned = await spawnFresh(tokens);
    try {
      figures[`first_table_ms_${name}`] = round(spawned.firstRowMs, 0);
      const pings = await pingLatency(spawned.url);
      figures[`ping_p50_ms_${name}`] = round(percentile(pings, 50), 1);
      figures[`ping_p99_ms_${name}`] = round(percentile(pings, 99), 1);
      console.log(
        `${name}: first table ${round(spawned.firstRowMs, 0)} ms, /ping p99 ${figures[`ping_p99_ms_${name}`]} ms`,
      );
    } finally {
      await stop(spawned);
    }
  }
  return figures;
}

const start = await startFigures();
const job = await jobAlone();
console.log('backfill', { ...job, ...start });
writeResult('backfill', { ...job, ...start });
