import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { constants, inflateRawSync } from 'node:zlib';
import {
  applyTableDelta,
  DeltaMismatchError,
  type DeltaTable,
  isDeltaTopic,
  type TableState,
  tableState,
  type WsServerMessage,
} from '@spreadscope/contracts';

/**
 * The fan-out benchmark's subscribers, in a process of their own (the server keeps its core): `count`
 * WebSocket clients of the real protocol on loopback. Client i holds the subscriptions of profile i mod (number
 * of profiles).
 *
 * Every client reads every message whole: a minimal RFC 6455 client on a TCP socket (handshake, masked
 * frames out, frames in) that takes each text frame complete, reads its type, topic and the state's
 * `updatedAt` from the JSON text (delta: `fields.updatedAt`, the first key of `fields` when the clock moved;
 * snapshot: the response's own `updatedAt`, which comes before its rows), and times it. Every `checkEvery`-th
 * client also does what the web app does with each message — JSON.parse, keep each table topic's table from
 * its snapshot, apply every delta (contracts applyTableDelta), check that each delta starts from the state it
 * holds — and checks that the text scan read the same `updatedAt` the parse did. Commands and results travel
 * over IPC; the measuring window is given in wall-clock time before the ticks start, because a client process
 * that cannot keep up reads its IPC channel late too.
 */

interface Subscription {
  topic: string;
  params: Record<string, unknown>;
}

const [
  url = '',
  countText = '1000',
  offsetText = '0',
  profilesJson = '[]',
  deltasText = '1',
  checkEveryText = '10',
  deflateText = '0',
] = process.argv.slice(2);
/** Offer permessage-deflate and inflate compressed messages (each stands alone: no server context). */
const deflate = deflateText === '1';
const DEFLATE_TAIL = Buffer.from([0, 0, 0xff, 0xff]);
const profiles = JSON.parse(profilesJson) as Subscription[][];
const count = Number(countText);
const offset = Number(offsetText);
const deltas = deltasText === '1';
const checkEvery = Math.max(1, Number(checkEveryText));
const target = new URL(url);

const totals = {
  received: 0,
  bytes: 0,
  /** Bytes of the frames' payloads as they crossed the socket (compressed, when deflate is on). */
  wireBytes: 0,
  /** Time spent inflating compressed messages in the window (ms). */
  inflateMs: 0,
  snapshots: 0,
  snapshotBytes: 0,
  deltas: 0,
  deltaBytes: 0,
  /** Messages the checking clients parsed and applied. */
  checked: 0,
  /** Deltas on another base than the state held, or that did not fit it: must stay 0. */
  broken: 0,
  /** Messages whose text scan read another updatedAt than JSON.parse did: must stay 0. */
  scanMismatches: 0,
  closedEarly: 0,
};
/** The measuring window, wall clock (ms): messages read within it count. */
let from = Number.POSITIVE_INFINITY;
let until = Number.NEGATIVE_INFINITY;
const latencies: number[] = [];
const sockets: Socket[] = [];
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
/** Time spent reading, decoding and applying messages in the window (ms). */
let handling = 0;

/** A masked client frame (RFC 6455 §5.3); `opcode` 1 text, 8 close, 10 pong. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? 2 : 4;
  const out = Buffer.allocUnsafe(header + 4 + length);
  out[0] = 0x80 | opcode;
  if (length < 126) out[1] = 0x80 | length;
  else {
    out[1] = 0x80 | 126;
    out.writeUInt16BE(length, 2);
  }
  const mask = randomBytes(4);
  mask.copy(out, header);
  for (let i = 0; i < length; i++) out[header + 4 + i] = (payload[i] as number) ^ (mask[i & 3] as number);
  return out;
}

const QUOTE = 0x22;
const TYPE_AT = '{"type":"'.length;
const FIELDS_CLOCK = Buffer.from('"fields":{"updatedAt":');
const CLOCK = Buffer.from('"updatedAt":');
const TOPIC = Buffer.from('"topic":"');

/** The integer written at `at` in `text` (digits only), or NaN. */
function integerAt(text: Buffer, at: number): number {
  let value = 0;
  let i = at;
  for (; i < text.length; i++) {
    const c = text[i] as number;
    if (c < 0x30 || c > 0x39) break;
    value = value * 10 + (c - 0x30);
  }
  return i === at ? Number.NaN : value;
}

/** The state's clock, read from the message text without parsing it (NaN when it has none). */
function scanUpdatedAt(text: Buffer, kind: number): number {
  if (kind === 0x64 /* d: delta */) {
    const at = text.indexOf(FIELDS_CLOCK);
    return at < 0 ? Number.NaN : integerAt(text, at + FIELDS_CLOCK.length);
  }
  const at = text.indexOf(CLOCK);
  return at < 0 ? Number.NaN : integerAt(text, at + CLOCK.length);
}

/** Whether the message is of a table topic (premium, arbitrage-*), read from its `topic`. */
function tableTopic(text: Buffer): boolean {
  const at = text.indexOf(TOPIC);
  if (at < 0) return false;
  const end = text.indexOf(QUOTE, at + TOPIC.length);
  return isDeltaTopic(text.toString('latin1', at + TOPIC.length, end));
}

function open(i: number): Promise<void> {
  const index = offset + i;
  const subscriptions = profiles[index % Math.max(1, profiles.length)] ?? [];
  const checks = index % checkEvery === 0;
  // A checking client's tables, by the key the server assigned.
  const tables = new Map<string, { seq: number; state: TableState<DeltaTable> | null }>();

  function check(text: Buffer, scanned: number): void {
    const message = JSON.parse(text.toString()) as WsServerMessage;
    let updatedAt: unknown;
    if (message.type === 'snapshot') {
      const table = message.data as Partial<DeltaTable>;
      tables.set(message.key, {
        seq: message.seq,
        state: Array.isArray(table.data) ? tableState(table as DeltaTable) : null,
      });
      updatedAt = table.updatedAt;
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
    } else return;
    totals.checked++;
    const parsed = typeof updatedAt === 'number' ? updatedAt : Number.NaN;
    if (!(parsed === scanned || (Number.isNaN(parsed) && Number.isNaN(scanned)))) totals.scanMismatches++;
  }

  function onText(text: Buffer, at: number, measuring: boolean, wireLength: number): void {
    if (measuring) totals.wireBytes += wireLength;
    const kind = text[TYPE_AT] as number;
    // Only snapshots and deltas carry a state; hello, subscribed and pong do not.
    if (kind !== 0x73 /* s */ && kind !== 0x64 /* d */) return;
    const updatedAt = scanUpdatedAt(text, kind);
    if (checks) check(text, updatedAt);
    if (!measuring) return;
    if (tableTopic(text)) {
      if (kind === 0x64) {
        totals.deltas++;
        totals.deltaBytes += text.length;
      } else {
        totals.snapshots++;
        totals.snapshotBytes += text.length;
      }
    }
    if (totals.received % 64 === 0) sampleCpu(at);
    totals.received++;
    totals.bytes += text.length;
    if (!Number.isNaN(updatedAt)) latencies.push(at - updatedAt);
  }

  return new Promise((resolve, reject) => attempt(resolve, reject, 0));

  /** Connects; a handshake that fails or hangs (a burst of connections on a busy machine) is tried again. */
  function attempt(resolve: () => void, reject: (error: Error) => void, tries: number): void {
    const socket = connect({ host: target.hostname, port: Number(target.port) });
    socket.setNoDelay(true);
    const retry = (why: string) => {
      clearTimeout(timer);
      socket.destroy();
      if (tries >= 5) reject(new Error(`client ${index}: ${why}`));
      else setTimeout(() => attempt(resolve, reject, tries + 1), 200 * (tries + 1));
    };
    const timer = setTimeout(() => retry('no handshake in 10 s'), 10_000);
    let upgraded = false;
    /** Bytes read but not yet a whole frame, and how many the frame they start needs (0: unknown yet). */
    let parts: Buffer[] = [];
    let partsBytes = 0;
    let need = 0;
    socket.on('connect', () => {
      const key = randomBytes(16).toString('base64');
      socket.write(
        `GET ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n${deflate ? 'Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n' : ''}\r\n`,
      );
    });
    socket.on('error', (error) => {
      if (!upgraded) retry(error.message);
    });
    socket.on('data', (chunk: Buffer) => {
      const at = Date.now();
      const measuring = at >= from && at < until;
      const began = performance.now();
      parts.push(chunk);
      partsBytes += chunk.length;
      if (partsBytes < need) return;
      const buffer = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, partsBytes);
      parts = [];
      partsBytes = 0;
      need = 0;
      let pos = 0;
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) {
          parts = [buffer];
          partsBytes = buffer.length;
          return;
        }
        if (!buffer.toString('latin1', 0, 12).startsWith('HTTP/1.1 101')) {
          retry(buffer.toString('latin1', 0, end));
          return;
        }
        upgraded = true;
        clearTimeout(timer);
        sockets.push(socket);
        pos = end + 4;
        subscriptions.forEach(({ topic, params }, k) => {
          const text = JSON.stringify({
            op: 'subscribe',
            id: `s${index}.${k}`,
            topic,
            interval: 'realtime',
            params,
            deltas,
          });
          socket.write(clientFrame(1, Buffer.from(text)));
        });
        resolve();
      }
      while (pos < buffer.length) {
        if (buffer.length - pos < 2) break;
        const b0 = buffer[pos] as number;
        let length = (buffer[pos + 1] as number) & 0x7f;
        let header = 2;
        if (length === 126) {
          if (buffer.length - pos < 4) break;
          length = buffer.readUInt16BE(pos + 2);
          header = 4;
        } else if (length === 127) {
          if (buffer.length - pos < 10) break;
          length = Number(buffer.readBigUInt64BE(pos + 2));
          header = 10;
        }
        if (buffer.length - pos < header + length) {
          need = header + length;
          break;
        }
        const payload = buffer.subarray(pos + header, pos + header + length);
        pos += header + length;
        const opcode = b0 & 0x0f;
        if (opcode === 1) {
          if ((b0 & 0x80) === 0) throw new Error('fragmented message: the hub sends whole frames');
          if ((b0 & 0x40) !== 0) {
            const i0 = performance.now();
            const text = inflateRawSync(Buffer.concat([payload, DEFLATE_TAIL]), {
              finishFlush: constants.Z_SYNC_FLUSH,
            });
            if (measuring) totals.inflateMs += performance.now() - i0;
            onText(text, at, measuring, payload.length);
          } else onText(payload, at, measuring, payload.length);
        } else if (opcode === 9) socket.write(clientFrame(10, Buffer.from(payload)));
        else if (opcode === 8) {
          const code = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
          if (code === 4008 && Date.now() < until) totals.closedEarly++;
          socket.end();
        }
      }
      if (pos < buffer.length) {
        const rest = buffer.subarray(pos);
        parts = [rest];
        partsBytes = rest.length;
      }
      if (measuring) handling += performance.now() - began;
    });
  }
}

process.on('message', async (message: { cmd: string; from?: number; until?: number }) => {
  if (message.cmd === 'connect') {
    // Connect in batches so the handshake burst does not trip the server's accept backlog.
    for (let i = 0; i < count; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, k) => open(i + k)));
    }
    process.send?.({ event: 'connected' });
  } else if (message.cmd === 'window') {
    from = message.from ?? from;
    until = message.until ?? until;
    process.send?.({ event: 'armed' });
  } else if (message.cmd === 'stop') {
    if (process.env.FANOUT_DEBUG) console.error(`fanout client ${offset}: stop, ${latencies.length} samples`);
    // Share of one core this process used in the window: near 100 means the clients were the bottleneck.
    const cpuPct =
      cpuFrom && cpuUntil && cpuUntil.at > cpuFrom.at
        ? ((cpuUntil.used - cpuFrom.used) / 1_000 / (cpuUntil.at - cpuFrom.at)) * 100
        : Number.NaN;
    for (const socket of sockets) socket.destroy();
    // Exit once the result (megabytes of samples) has left over IPC.
    process.send?.({ event: 'result', ...totals, latencies, cpuPct, handling }, undefined, {}, () =>
      process.exit(0),
    );
  }
});
