import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { readFrame } from '../apps/server/src/cluster/log-entry.ts';
import { type RoleProcess, startRoleProcess } from '../apps/server/src/test-support/role-process.ts';
import { round, writeResult } from './support/write-result.ts';

/**
 * The scaled-out shape at the simulator's full rate (SIM_TOKENS, default the whole ≈7,000-token universe): one
 * active ingest, a standby and two API replicas as processes of their own on PostgreSQL (DATABASE_URL) and
 * Redis (REDIS_URL), started from the built bundle (`npm run build`; from source with tsx when there is none).
 * Measures
 *
 * - replica lag (log entry published by the ingest → applied by a replica) over the last minute, p50/p99/max,
 *   per replica, as each replica reports it in /healthz after a warm-up (CLUSTER_WARMUP_S, default 60 s);
 * - the log's rate: events per second and bytes per entry;
 * - RSS of an API replica (no venue, no history writer) and of the active ingest at full scale;
 * - takeover: kill -9 of the active ingest → the standby reports itself active, and → both replicas apply
 *   entries again.
 */
const redisUrl = process.env.REDIS_URL;
const adminUrl = process.env.DATABASE_URL;
const tokens = process.env.SIM_TOKENS ?? '7000';
const warmupS = Number(process.env.CLUSTER_WARMUP_S ?? 60);
const measureS = Number(process.env.CLUSTER_MEASURE_S ?? 60);
const bundle = existsSync(fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url)));

interface Health {
  cluster?: {
    active?: boolean;
    logSeq?: number | null;
    logSilentMs?: number;
    lagMs?: { p50: number | null; p99: number | null };
  };
}

async function health(node: RoleProcess): Promise<Health> {
  return (await (await fetch(`${node.url}/healthz`)).json()) as Health;
}

async function metric(node: RoleProcess, name: string, labels = ''): Promise<number> {
  const text = await (await fetch(`${node.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line ? Number(line.split(' ')[1]) : Number.NaN;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - started;
}

/** CPU seconds a process used so far (user + system), from /proc (Linux). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const sleep = (s: number) => new Promise((r) => setTimeout(r, s * 1000));

async function main(): Promise<void> {
  if (!redisUrl || !adminUrl) {
    console.log('cluster bench skipped: set REDIS_URL and DATABASE_URL');
    return;
  }
  const name = `spreadscope_bench_cluster_${process.pid}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const prefix = `bench-cluster-${process.pid}-${randomBytes(3).toString('hex')}`;
  const env = {
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    CLUSTER_KEY_PREFIX: prefix,
    MARKET_SOURCE: 'sim',
    // The steady state: a fresh install's day of back-filled history is bench/backfill.ts's to measure.
    SIM_BACKFILL_TOKENS: '0',
    SIM_SEED: '7',
    SIM_TOKENS: tokens,
    LOG_LEVEL: 'warn',
  };
  const nodes: RoleProcess[] = [];
  const start = async (label: string, role: string) => {
    const node = await startRoleProcess(label, { ...env, ROLE: role }, { bundle });
    nodes.push(node);
    return node;
  };
  const redis = new Redis(redisUrl);
  try {
    // The first ingest alone migrates the database and takes the lock.
    const ingestA = await start('ingest-a', 'ingest');
    await until(async () => (await health(ingestA)).cluster?.active === true, 60_000, 'the first ingest');
    // One after another: starting processes compete for the CPU with the running ingest.
    const ingestB = await start('ingest-b', 'ingest');
    const api1 = await start('api-1', 'api');
    const api2 = await start('api-2', 'api');
    const replicas = [api1, api2];
    console.log(`cluster: 4 processes up; warming up ${warmupS} s, then measuring ${measureS} s`);
    await sleep(warmupS);
    const load: number[] = [loadavg()[0] ?? 0];
    const seqStart = (await health(api1)).cluster?.logSeq ?? 0;
    const measured = [ingestA, api1, api2];
    const cpuStart = measured.map((node) => cpuSeconds(node.pid));
    await sleep(measureS);
    const cpuUsed = measured.map((node, i) => cpuSeconds(node.pid) - (cpuStart[i] ?? 0));
    load.push(loadavg()[0] ?? 0);
    const seqEnd = (await health(api1)).cluster?.logSeq ?? 0;

    const figures: Record<string, number | string> = {
      started_from: bundle ? 'bundle' : 'source (tsx)',
      tokens: Number(tokens),
      warmup_s: warmupS,
      measure_s: measureS,
    };
    for (const [i, replica] of replicas.entries()) {
      const lag = (await health(replica)).cluster?.lagMs;
      figures[`replica${i + 1}_lag_p50_ms`] = lag?.p50 ?? Number.NaN;
      figures[`replica${i + 1}_lag_p99_ms`] = lag?.p99 ?? Number.NaN;
      figures[`replica${i + 1}_lag_max_ms`] = round(
        (await metric(replica, 'spreadscope_replica_lag_seconds', '{quantile="1"}')) * 1000,
        1,
      );
      figures[`replica${i + 1}_rss_mb`] = round(
        (await metric(replica, 'process_resident_memory_bytes')) / 2 ** 20,
        1,
      );
    }
    figures.ingest_rss_mb = round((await metric(ingestA, 'process_resident_memory_bytes')) / 2 ** 20, 1);
    figures.standby_rss_mb = round((await metric(ingestB, 'process_resident_memory_bytes')) / 2 ** 20, 1);
    figures.entries_per_s = round((seqEnd - seqStart) / measureS, 1);
    // The log's weight: the last 100 entries.
    const recent = (await redis.xrevrangeBuffer(`{${prefix}}:market:log`, '+', '-', 'COUNT', 100)) as [
      Buffer,
      Buffer[],
    ][];
    let bytes = 0;
    let events = 0;
    for (const [, fields] of recent) {
      const at = fields.findIndex((field) => field.toString() === 'entry');
      const entry = fields[at + 1] ?? Buffer.alloc(0);
      bytes += entry.length;
      events += readFrame(entry).n;
    }
    figures.entry_kb = round(bytes / recent.length / 1024, 1);
    figures.events_per_entry = round(events / recent.length, 0);
    figures.events_per_s = round((events / recent.length) * figures.entries_per_s, 0);
    // Where the time goes: CPU per second of market and per event, for the ingest and each replica.
    for (const [i, label] of ['ingest', 'replica1', 'replica2'].entries()) {
      const used = cpuUsed[i] ?? Number.NaN;
      figures[`${label}_cpu_pct`] = round((used / measureS) * 100, 1);
      figures[`${label}_cpu_us_per_event`] = round((used * 1e6) / (figures.events_per_s * measureS), 2);
    }
    figures.snapshot_mb = round(
      Number(await redis.hstrlen(`{${prefix}}:market:snapshot`, 'body')) / 2 ** 20,
      2,
    );

    // Takeover: the active ingest dies without a word.
    const seqBefore = (await health(api1)).cluster?.logSeq ?? 0;
    const killed = Date.now();
    await ingestA.kill9();
    figures.takeover_ms = await until(
      async () => (await health(ingestB)).cluster?.active === true,
      60_000,
      'takeover',
    );
    await until(
      async () => {
        const all = await Promise.all(replicas.map(health));
        return all.every(
          (h) => (h.cluster?.logSeq ?? 0) > seqBefore + 5 && (h.cluster?.logSilentMs ?? 1e9) < 1_000,
        );
      },
      60_000,
      'the replicas to resume',
    );
    figures.replicas_resumed_ms = Date.now() - killed;
    figures.load_avg_during = load.map((l) => l.toFixed(1)).join(' → ');
    console.log('cluster', figures);
    writeResult('cluster', figures);
  } catch (error) {
    for (const node of nodes) console.error(`--- ${node.name}\n${node.output().slice(-3000)}`);
    throw error;
  } finally {
    await Promise.all(nodes.map((n) => n.stop()));
    const keys = await redis.keys(`{${prefix}}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

await main();
