import {
  applyTableDelta,
  DeltaMismatchError,
  type DeltaTable,
  isDeltaTopic,
  type TableState,
  tableState,
  type WsServerMessage,
} from '@spreadscope/contracts';
import WebSocket from 'ws';

/**
 * The fan-out benchmark's subscribers, in a process of their own (the server keeps its core): `count`
 * WebSocket clients on loopback. Client i holds the subscriptions of profile i mod (number of profiles), so a
 * profile list of ten entries spreads clients over the filter groups in tenths. Each is a client of the real
 * protocol: it parses every message, keeps each table topic's table from its snapshot and applies every delta
 * to it (contracts applyTableDelta, as the web app does), and checks that each delta starts from the state it
 * holds. Tick → client latency is the receive time minus the state's `updatedAt` (the driver sets the market
 * clock to the tick's time), for every message that carries one. Commands and results travel over IPC; the
 * measuring window is given in wall-clock time before the ticks start, because a client process that cannot
 * keep up reads its IPC channel late too.
 */

interface Subscription {
  topic: string;
  params: Record<string, unknown>;
}

const [url = '', countText = '1000', offsetText = '0', profilesJson = '[]', deltasText = '1'] =
  process.argv.slice(2);
const profiles = JSON.parse(profilesJson) as Subscription[][];
const count = Number(countText);
const offset = Number(offsetText);
const deltas = deltasText === '1';

const totals = {
  received: 0,
  bytes: 0,
  snapshots: 0,
  snapshotBytes: 0,
  deltas: 0,
  deltaBytes: 0,
  /** Deltas on another base than the state held, or that did not fit it: must stay 0. */
  broken: 0,
  closedEarly: 0,
};
/** The measuring window, wall clock (ms): messages read within it count. */
let from = Number.POSITIVE_INFINITY;
let until = Number.NEGATIVE_INFINITY;
const latencies: number[] = [];
const sockets: WebSocket[] = [];
/** CPU time this process used (µs) at the first sample in the window and the last one before its end. */
let cpuFrom: { at: number; used: number } | null = null;
let cpuUntil: { at: number; used: number } | null = null;
/** Samples the CPU time on the way (a saturated process runs no timers, so messages sample it too). */
function sampleCpu(at: number): void {
  if (at < from || at >= until) return;
  const { user, system } = process.cpuUsage();
  if (cpuFrom === null) cpuFrom = { at, used: user + system };
  cpuUntil = { at, used: user + system };
}
setInterval(() => sampleCpu(Date.now()), 100).unref();
/** Time spent decoding and applying messages in the window (ms). */
let handling = 0;

function open(i: number): Promise<void> {
  const subscriptions = profiles[(offset + i) % Math.max(1, profiles.length)] ?? [];
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false, maxPayload: 64 * 1024 * 1024 });
    sockets.push(socket);
    // This client's tables, by the key the server assigned.
    const tables = new Map<string, { seq: number; state: TableState<DeltaTable> | null }>();
    socket.on('open', () => {
      subscriptions.forEach(({ topic, params }, k) => {
        socket.send(
          JSON.stringify({ op: 'subscribe', id: `s${i}.${k}`, topic, interval: 'realtime', params, deltas }),
        );
      });
      resolve();
    });
    socket.on('error', reject);
    socket.on('close', (code) => {
      if (code === 4008 && Date.now() < until) totals.closedEarly++;
    });
    socket.on('message', (data: Buffer) => {
      const at = Date.now();
      const measuring = at >= from && at < until;
      const began = performance.now();
      const message = JSON.parse(data.toString()) as WsServerMessage;
      let updatedAt: unknown;
      if (message.type === 'snapshot') {
        const table = message.data as Partial<DeltaTable>;
        tables.set(message.key, {
          seq: message.seq,
          state: Array.isArray(table.data) ? tableState(table as DeltaTable) : null,
        });
        updatedAt = table.updatedAt;
        if (measuring && isDeltaTopic(message.topic)) {
          totals.snapshots++;
          totals.snapshotBytes += data.length;
        }
      } else if (message.type === 'delta') {
        const held = tables.get(message.key);
        try {
          if (!held?.state || held.seq !== message.base) throw new DeltaMismatchError('gap');
          tables.set(message.key, { seq: message.seq, state: applyTableDelta(held.state, message) });
        } catch (error) {
          if (!(error instanceof DeltaMismatchError)) throw error;
          totals.broken++;
          tables.delete(message.key);
        }
        updatedAt = message.fields?.updatedAt;
        if (measuring) {
          totals.deltas++;
          totals.deltaBytes += data.length;
        }
      }
      if (!measuring) return;
      handling += performance.now() - began;
      if (totals.received % 64 === 0) sampleCpu(at);
      totals.received++;
      totals.bytes += data.length;
      if (typeof updatedAt === 'number') latencies.push(at - updatedAt);
    });
  });
}

process.on('message', async (message: { cmd: string; from?: number; until?: number }) => {
  if (message.cmd === 'connect') {
    // Connect in batches so the handshake burst does not trip the server's accept backlog.
    for (let i = 0; i < count; i += 100) {
      await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, k) => open(i + k)));
    }
    process.send?.({ event: 'connected' });
  } else if (message.cmd === 'window') {
    from = message.from ?? from;
    until = message.until ?? until;
    process.send?.({ event: 'armed' });
  } else if (message.cmd === 'stop') {
    // Share of one core this process used in the window: near 100 means the clients were the bottleneck.
    const cpuPct =
      cpuFrom && cpuUntil && cpuUntil.at > cpuFrom.at
        ? ((cpuUntil.used - cpuFrom.used) / 1_000 / (cpuUntil.at - cpuFrom.at)) * 100
        : Number.NaN;
    process.send?.({ event: 'result', ...totals, latencies, cpuPct, handling });
    for (const socket of sockets) socket.terminate();
    setTimeout(() => process.exit(0), 100);
  }
});
