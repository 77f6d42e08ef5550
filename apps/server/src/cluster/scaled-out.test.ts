import { randomBytes } from 'node:crypto';
import {
  applyTableDelta,
  type DeltaTable,
  type TableState,
  tableState,
  type WsServerMessage,
} from '@spreadscope/contracts';
import { MINUTE_MS, minuteStart, VENUES } from '@spreadscope/core';
import { openDatabase } from '@spreadscope/db';
import { createScratchDatabase, type ScratchDatabase } from '@spreadscope/db/testing';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type FakeVenues, startFakeVenues } from '../test-support/fake-venues.ts';
import { type RoleProcess, startRoleProcess } from '../test-support/role-process.ts';

/**
 * The scaled-out shape on the machine's PostgreSQL and Redis, as an operator runs it: one active ingest, a hot
 * standby and two API replicas, each a real process. The ingest reads Upbit, Binance and USD/KRW from a
 * loopback fake (prices moving on every poll); every process is given its own path on the fake, so the fake
 * knows who connected.
 */
const redisUrl = process.env.REDIS_URL;
const databaseUrl = process.env.DATABASE_URL;
const ready = Boolean(redisUrl && databaseUrl);
if (!ready) {
  console.warn('scaled-out cluster test skipped: set REDIS_URL and DATABASE_URL (CI does) to run it');
}

/** Resolves once `check` holds (polled); rejects with `what` after `timeoutMs`. */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const PREMIUM = '/api/v1/front/premium?targetQuote=any&limit=50';

interface Health {
  status: string;
  cluster?: {
    role: string;
    active?: boolean;
    logSeq?: number | null;
    logSilentMs?: number;
    degraded: boolean;
  };
}

async function health(node: RoleProcess): Promise<Health> {
  return (await (await fetch(`${node.url}/healthz`)).json()) as Health;
}

async function text(node: RoleProcess, path: string): Promise<string> {
  const response = await fetch(`${node.url}${path}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** Asks both replicas at once until they answer at the same market clock, `pairs` times; returns the pairs. */
async function samePairs(a: RoleProcess, b: RoleProcess, pairs: number): Promise<Array<[string, string]>> {
  const found: Array<[string, string]> = [];
  for (let i = 0; i < 400 && found.length < pairs; i++) {
    const [x, y] = await Promise.all([text(a, PREMIUM), text(b, PREMIUM)]);
    const [ux, uy] = [JSON.parse(x).updatedAt, JSON.parse(y).updatedAt];
    if (ux === uy && (JSON.parse(x) as { data: unknown[] }).data.length > 0) found.push([x, y]);
  }
  return found;
}

/** Minutes of history written for Upbit's BTC/KRW (epoch ms, ascending, one per row). */
async function btcMinutes(url: string): Promise<number[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ minute: Date }>(
      `select p.minute from price_minutes p join instruments i on i.id = p.instrument_id
       where i.venue = 'upbit' and i.market = 'spot' and i.base = 'BTC' and i.quote = 'KRW' order by p.minute`,
    );
    return result.rows.map((row) => row.minute.getTime());
  } finally {
    await client.end();
  }
}

/** A WebSocket client on the premium table with deltas, rebuilding the table from what it receives. */
function watchPremium(node: RoleProcess) {
  const socket = new WebSocket(`${node.url.replace('http', 'ws')}/api/v1/ws`);
  let state: TableState<DeltaTable> | null = null;
  let deltas = 0;
  /** The table as rebuilt at each market clock it was sent at. */
  const tables = new Map<number, string>();
  /** Each delta's body by the clocks it goes from and to (seq and base are per-replica counters). */
  const steps = new Map<string, string>();
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as WsServerMessage;
    if (message.type === 'snapshot') state = tableState(message.data as unknown as DeltaTable);
    else if (message.type === 'delta' && state) {
      const from = (state.table as unknown as { updatedAt: number }).updatedAt;
      state = applyTableDelta(state, message);
      deltas++;
      const { seq: _seq, base: _base, ...body } = message;
      steps.set(
        `${from}->${(state.table as unknown as { updatedAt: number }).updatedAt}`,
        JSON.stringify(body),
      );
    } else return;
    if (state)
      tables.set((state.table as unknown as { updatedAt: number }).updatedAt, JSON.stringify(state.table));
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      socket.send(
        JSON.stringify({
          op: 'subscribe',
          id: 'p',
          topic: 'premium',
          params: { targetQuote: 'any' },
          deltas: true,
        }),
      );
      resolve();
    });
    socket.once('error', reject);
  });
  return { opened, tables, steps, deltas: () => deltas, close: () => socket.close() };
}

describe.skipIf(!ready)(
  'scaled out: one ingest, a standby and two API replicas on PostgreSQL + Redis',
  () => {
    let venues: FakeVenues;
    let scratch: ScratchDatabase;
    let scratchUrl: string;
    let prefix: string;
    let ingestA: RoleProcess;
    let ingestB: RoleProcess;
    let api1: RoleProcess;
    let api2: RoleProcess;
    const all: RoleProcess[] = [];

    const start = async (name: string, role: 'ingest' | 'api') => {
      const base = venues.baseFor(name);
      const node = await startRoleProcess(name, {
        ROLE: role,
        DATABASE_URL: scratchUrl,
        REDIS_URL: redisUrl as string,
        CLUSTER_KEY_PREFIX: prefix,
        // Every process is configured for live venues: only the ingest may use them.
        MARKET_SOURCE: 'live',
        VENUES_DISABLED: VENUES.filter((v) => v.id !== 'upbit' && v.id !== 'binance')
          .map((v) => v.id)
          .join(','),
        VENUE_UPBIT_URL: base,
        VENUE_BINANCE_URL: base,
        FOREX_URLS: `${base}/forex`,
        LIVE_STREAMS: '0',
        LIVE_POLL_MS: '500',
      });
      all.push(node);
      return node;
    };

    beforeAll(async () => {
      venues = await startFakeVenues();
      scratch = await createScratchDatabase('postgres', 'cluster');
      scratchUrl = scratch.options.url as string;
      // Migrated once up front: four processes must not race to create the schema.
      await (await openDatabase(scratch.options)).close();
      prefix = `test-cluster-${process.pid}-${randomBytes(4).toString('hex')}`;
      ingestA = await start('ingest-a', 'ingest');
      await until(
        async () => (await health(ingestA)).cluster?.active === true,
        20_000,
        'ingest-a to take the lock',
      );
      [ingestB, api1, api2] = await Promise.all([
        start('ingest-b', 'ingest'),
        start('api-1', 'api'),
        start('api-2', 'api'),
      ]);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(all.map((p) => p.stop()));
      await venues?.close();
      await scratch?.dispose();
      if (redisUrl && prefix) {
        const redis = new Redis(redisUrl);
        const keys = await redis.keys(`{${prefix}}:*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
    }, 60_000);

    it('answers the same premium table, byte for byte, from both replicas at the same updatedAt', async () => {
      const pairs = await samePairs(api1, api2, 5);
      expect(pairs.length).toBe(5);
      for (const [a, b] of pairs) expect(a).toBe(b);
      // And the replicas show the ingest's source: live, with its venue links.
      const exchanges = JSON.parse(await text(api1, '/api/v1/front/exchanges/connection')) as {
        dataSource: { mode: string };
        venues: { id: string; status: string }[];
      };
      expect(exchanges.dataSource.mode).toBe('live');
      expect(exchanges.venues.find((v) => v.id === 'binance')?.status).toBe('connected');
    }, 90_000);

    it('leaves the venues to the active ingest: replicas and the standby connect to none', async () => {
      expect(venues.requestsFrom('ingest-a')).toBeGreaterThan(0);
      expect(venues.requestsFrom('ingest-b')).toBe(0);
      expect(venues.requestsFrom('api-1')).toBe(0);
      expect(venues.requestsFrom('api-2')).toBe(0);
      expect((await health(ingestB)).cluster?.active).toBe(false);
    });

    it('sends a WebSocket client on each replica the same deltas', async () => {
      const one = watchPremium(api1);
      const two = watchPremium(api2);
      await Promise.all([one.opened, two.opened]);
      const common = () => [...one.tables.keys()].filter((at) => two.tables.has(at));
      await expect
        .poll(() => common().length >= 3 && one.deltas() > 0 && two.deltas() > 0, { timeout: 30_000 })
        .toBe(true);
      for (const at of common()) expect(one.tables.get(at)).toBe(two.tables.get(at));
      const steps = [...one.steps.keys()].filter((step) => two.steps.has(step));
      for (const step of steps) expect(one.steps.get(step)).toBe(two.steps.get(step));
      one.close();
      two.close();
    }, 60_000);

    it('kill -9 of the active ingest: the standby takes over within 10 s, replicas show stale meanwhile and resume, no history minute lost', async () => {
      // At least one minute written by the first ingest, so the check below spans the takeover.
      await expect
        .poll(async () => (await btcMinutes(scratchUrl)).length, { timeout: 75_000, interval: 1_000 })
        .toBeGreaterThan(0);
      const seqBefore = (await health(api1)).cluster?.logSeq ?? 0;
      const killedAt = Date.now();
      await ingestA.kill9();

      // The replicas keep answering; with the log silent their clock runs on, so the last prices turn stale.
      await expect
        .poll(async () => (await health(api1)).cluster?.degraded, { timeout: 10_000, interval: 200 })
        .toBe(true);
      const during = JSON.parse(await text(api2, '/api/v1/front/time')) as {
        serverTime: number;
        marketTime: number;
      };
      expect(during.marketTime).toBeGreaterThan(killedAt);

      // The standby holds the lock well within the ceiling the product promises.
      await expect
        .poll(async () => (await health(ingestB)).cluster?.active, { timeout: 10_000, interval: 200 })
        .toBe(true);
      await expect.poll(async () => (await health(api1)).status, { timeout: 20_000 }).toBe('ok');
      await expect.poll(async () => (await health(api2)).cluster?.degraded, { timeout: 20_000 }).toBe(false);
      expect((await health(api1)).cluster?.logSeq ?? 0).toBeGreaterThan(seqBefore);
      expect(venues.requestsFrom('ingest-b')).toBeGreaterThan(0);
      expect(venues.requestsFrom('api-1') + venues.requestsFrom('api-2')).toBe(0);
      // One market still: both replicas agree after the takeover.
      const pairs = await samePairs(api1, api2, 3);
      expect(pairs.length).toBe(3);
      for (const [a, b] of pairs) expect(a).toBe(b);

      // History: the minute in progress at the kill is written by the new ingest, and no minute is missing.
      const killMinute = minuteStart(killedAt);
      await expect
        .poll(async () => (await btcMinutes(scratchUrl)).at(-1) ?? 0, { timeout: 80_000, interval: 1_000 })
        .toBeGreaterThanOrEqual(killMinute);
      const minutes = await btcMinutes(scratchUrl);
      const first = minutes[0] as number;
      const expected = Array.from({ length: minutes.length }, (_, i) => first + i * MINUTE_MS);
      expect(minutes).toEqual(expected);
      expect(minutes).toContain(killMinute);
    }, 200_000);
  },
);
