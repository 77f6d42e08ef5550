import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Client } from 'pg';
import WebSocket from 'ws';
import { startRoleProcess } from '../apps/server/src/test-support/role-process.ts';
import { percentile, round, writeResult } from './support/write-result.ts';

/**
 * The paid API (issue 14) on the built product over the simulator:
 * - rest: GET /api/v1/premium (100 rows, gzip) with a key at PAPI_RATE requests a second for PAPI_SECONDS,
 *   credits metered as in production (every call counted and recorded): achieved rate, p50/p99 latency;
 *   target p99 ≤ 20 ms at 2,000 req/s;
 * - ws: PAPI_WS_CLIENTS subscribers of one /ws/v1/premium parameter: from the message's own timestamp (the
 *   market update it carries) to its arrival at each client, p50/p99; target p99 ≤ 100 ms at 1,000.
 * First on the embedded default (one process doing everything); then, with DATABASE_URL and REDIS_URL, on the
 * scaled-out shape the "one API process" names: an ingest process and one API process (ROLE=api, its
 * credits metered through Redis and recorded in PostgreSQL), measured on the API process (`scaled_*`).
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const RATE = Number(process.env.PAPI_RATE ?? 2_000);
const SECONDS = Number(process.env.PAPI_SECONDS ?? 10);
const WS_CLIENTS = Number(process.env.PAPI_WS_CLIENTS ?? 1_000);
const WS_SECONDS = Number(process.env.PAPI_WS_SECONDS ?? 10);
const LIMITS = {
  RATE_LIMIT_PER_MINUTE: '1000000000',
  PUBLIC_API_RATE_PER_MINUTE: 'partner=100000000',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Partner user and their API key, made with the admin CLI against the server's database. */
function partnerKey(env: Record<string, string | undefined>): string {
  const admin = (...argv: string[]) =>
    execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/admin.ts'), ...argv], {
      // Only the servers this shape names: never the shell's DATABASE_URL under an embedded run.
      env: { ...embeddedEnv(), ...env, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    })
      .trim()
      .split('\n');
  admin(
    'create-user',
    '--email',
    'bench@example.com',
    '--password',
    'bench-Horse7!',
    '--plan',
    'partner',
    '--verified',
  );
  return admin('create-api-key', '--email', 'bench@example.com').at(-1) ?? '';
}

/** REST at the fixed rate, then the WebSocket fan-out, against one server. */
async function measure(url: string, key: string): Promise<Record<string, number>> {
  const headers = { 'X-DTMX-APIKEY': key, 'Accept-Encoding': 'gzip' };
  // Warm: the first answers build the tables.
  for (let i = 0; i < 20; i++) await fetch(`${url}/api/v1/premium?limit=100`, { headers });
  await loopDelay(url); // the server's next reading covers the REST run alone
  const rest = await autocannon({
    url: `${url}/api/v1/premium?limit=100`,
    headers,
    connections: 20,
    overallRate: RATE,
    duration: SECONDS,
  });
  const restLoop = await loopDelay(url);
  const usage = await fetch(`${url}/api/v1/forex?symbol=USD-KRW`, { headers });

  const latencies: number[] = [];
  const sockets: WebSocket[] = [];
  const param = 'upbit:binance:bitcoin:KRW:USDT:spot:spot';
  await Promise.all(
    Array.from({ length: WS_CLIENTS }, async () => {
      const socket = new WebSocket(`${url.replace('http', 'ws')}/ws/v1/premium`, {
        headers: { 'X-DTMX-APIKEY': key },
      });
      sockets.push(socket);
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: [param], id: 1 }));
    }),
  );
  const measuring = Date.now();
  for (const socket of sockets) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { timestamp?: number };
      if (typeof message.timestamp === 'number' && Date.now() > measuring + 1_000) {
        latencies.push(Date.now() - message.timestamp);
      }
    });
  }
  await sleep(WS_SECONDS * 1_000);
  for (const socket of sockets) socket.terminate();
  latencies.sort((a, b) => a - b);
  return {
    rest_target_rps: RATE,
    rest_achieved_rps: round(rest.requests.average, 1),
    rest_p50_ms: rest.latency.p50,
    rest_p99_ms: rest.latency.p99,
    rest_errors: rest.errors + rest.non2xx,
    // How late the server's event loop ran during the REST run (its /metrics): a stall delays every request.
    rest_server_loop_p99_ms: restLoop.p99,
    rest_server_loop_max_ms: restLoop.max,
    rest_credits_used_after: Number(usage.headers.get('x-credits-used') ?? Number.NaN),
    ws_clients: WS_CLIENTS,
    ws_messages: latencies.length,
    ws_p50_ms: percentile(latencies, 50),
    ws_p99_ms: percentile(latencies, 99),
  };
}

/** The server's event-loop delay since its previous /metrics scrape, in ms. */
async function loopDelay(url: string): Promise<{ p99: number; max: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const read = (name: string) =>
    round(
      Number(new RegExp(`^nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1]) * 1_000,
      1,
    );
  return { p99: read('p99'), max: read('max') };
}

/**
 * This shell's environment without the scaled-out shape's servers: with DATABASE_URL and REDIS_URL set (for
 * the scaled part) the embedded server and its admin CLI would otherwise run on them.
 */
function embeddedEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...rest } = process.env;
  return rest;
}

/** One process doing everything, on PGlite, as `npm start` runs. */
async function embedded(): Promise<Record<string, number>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'spreadscope-papi-bench-'));
  const env = {
    ...embeddedEnv(),
    ...LIMITS,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MARKET_SOURCE: 'sim',
    LOG_LEVEL: 'warn',
  };
  // BENCH_SERVER_NODE_ARGS: Node flags for the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (not
  // allowed in NODE_OPTIONS), to see where its time goes under this load; BENCH_SERVER_LOG: a file its standard
  // output is appended to (e.g. with `--trace-gc`, its collector's pauses).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, 'apps/server/dist/main.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        if (process.env.BENCH_SERVER_LOG) appendFileSync(process.env.BENCH_SERVER_LOG, chunk);
        out += chunk.toString();
        const port = /running at http:\/\/[^:]+:(\d+)/.exec(out)?.[1];
        if (port) resolve(`http://127.0.0.1:${port}`);
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
    });
    const key = partnerKey(env);
    // A fresh server first back-fills the simulated day of USDT/KRW, BTC and the premium index flat out (they
    // chart first); the bench measures the steady state after them, once ETH (the next, paced) has landed.
    for (let landed = false; !landed; await sleep(500)) {
      const answer = await fetch(`${url}/api/v1/cex/candle?exchange=binance&symbol=ETH-USDT&interval=1h`, {
        headers: { 'X-DTMX-APIKEY': key },
      });
      landed = answer.ok && ((await answer.json()) as { data: unknown[] }).data.length >= 20;
    }
    return await measure(url, key);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** An ingest and one API process on PostgreSQL and Redis; measured on the API process. */
async function scaled(databaseUrl: string, redisUrl: string): Promise<Record<string, number>> {
  const name = `spreadscope_bench_papi_${process.pid}`;
  const admin = new Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const env = {
    ...LIMITS,
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    CLUSTER_KEY_PREFIX: `bench-papi-${process.pid}`,
    MARKET_SOURCE: 'sim',
    // The API process's steady state: the ingest's first-start back-fill is bench/backfill.ts's to measure.
    SIM_BACKFILL_TOKENS: '0',
    LOG_LEVEL: 'warn',
  };
  const ingest = await startRoleProcess('papi-ingest', { ...env, ROLE: 'ingest' }, { bundle: true });
  try {
    const api = await startRoleProcess('papi-api', { ...env, ROLE: 'api' }, { bundle: true });
    try {
      const key = partnerKey(env);
      // The replica serves once it has replayed the log into its engine: wait for a full premium table.
      for (let rows = 0; rows < 50; await sleep(500)) {
        const answer = await fetch(`${api.url}/api/v1/premium?limit=100`, {
          headers: { 'X-DTMX-APIKEY': key },
        });
        rows = answer.ok ? ((await answer.json()) as { data: unknown[] }).data.length : 0;
      }
      // Past the ingest's own start-up writes (the derivatives day, the DEX day, due jobs).
      await sleep(20_000);
      return await measure(api.url, key);
    } finally {
      await api.stop();
    }
  } finally {
    await ingest.stop();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

const figures: Record<string, number | string> = { ...(await embedded()) };
const { DATABASE_URL, REDIS_URL } = process.env;
if (DATABASE_URL && REDIS_URL) {
  for (const [name, value] of Object.entries(await scaled(DATABASE_URL, REDIS_URL))) {
    figures[`scaled_${name}`] = value;
  }
} else {
  figures.scaled = 'skipped: set DATABASE_URL and REDIS_URL';
}
console.log('public-api', figures);
writeResult('public-api', figures);
