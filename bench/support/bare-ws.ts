import { EventEmitter } from 'node:events';
import { loadavg } from 'node:os';
import type { Role } from '@spreadscope/core';
import type { WebSocket as HubSocket } from 'ws';
import { type WebSocket, WebSocketServer } from 'ws';
import type { TopicHub } from '../../apps/server/src/ws/topic-hub.ts';
import { type ClientTotals, type Profiles, startClientProcesses } from './client-processes.ts';
import { percentile, round } from './write-result.ts';

/** One group's messages as the hub sent them to a member: its key, the snapshot it joined with, then each push. */
export interface RecordedGroup {
  readonly topic: string;
  /** The subscription's params as the clients send them (JSON), to match their subscribe messages. */
  readonly params: string;
  key: string;
  readonly messages: string[];
}

export interface Recording {
  groups?: RecordedGroup[];
}

/** A socket the hub writes to in this process (no TCP under it: the hub sends through `send`). */
class RecorderSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  constructor(private readonly onText: (text: string) => void) {
    super();
  }
  send(data: Buffer | string) {
    this.onText(data.toString());
  }
  close() {
    this.readyState = 3;
  }
  terminate() {
    this.readyState = 3;
  }
}

/**
 * Joins every distinct subscription of `profiles` as one more member, before the clients do (so its turn for a
 * periodic snapshot is the first, past the run), and keeps each group's messages.
 */
export function recordHub(hub: TopicHub, profiles: Profiles, role: Role): { done(): Recording } {
  const groups = new Map<string, RecordedGroup>();
  const byId = new Map<string, RecordedGroup>();
  const byKey = new Map<string, RecordedGroup>();
  const socket = new RecorderSocket((text) => {
    // Read from the head of the text only: parsing every table here would cost the measured server.
    const head = text.slice(0, 1_000);
    const type = /^\{"type":"(\w+)"/.exec(head)?.[1];
    const key = /"key":("(?:[^"\\]|\\.)*")/.exec(head)?.[1];
    const id = /"id":("(?:[^"\\]|\\.)*")/.exec(head)?.[1];
    if (!key) return;
    const name = JSON.parse(key) as string;
    if (type === 'subscribed' && id) {
      const group = byId.get(JSON.parse(id) as string);
      if (group) {
        group.key = name;
        byKey.set(name, group);
      }
    } else if (type === 'snapshot' || type === 'delta') byKey.get(name)?.messages.push(text);
  });
  hub.attach(socket as unknown as HubSocket, 'en', async () => role);
  for (const profile of profiles) {
    for (const { topic, params } of profile) {
      const sig = `${topic} ${JSON.stringify(params)}`;
      if (groups.has(sig)) continue;
      const group: RecordedGroup = { topic, params: JSON.stringify(params), key: '', messages: [] };
      groups.set(sig, group);
      const id = `rec${groups.size}`;
      byId.set(id, group);
      socket.emit(
        'message',
        Buffer.from(
          JSON.stringify({ op: 'subscribe', id, topic, interval: 'realtime', params, deltas: true }),
        ),
        false,
      );
    }
  }
  return {
    done: () => {
      socket.readyState = 3;
      socket.emit('close');
      return { groups: [...groups.values()] };
    },
  };
}

const FIELDS_CLOCK = Buffer.from('"fields":{"updatedAt":');
const CLOCK = Buffer.from('"updatedAt":');

/** A recorded message, and where its state's clock is written (the clients time it from there). */
interface Stamped {
  readonly bytes: Buffer;
  /** Offset of the clock's digits, and how many there are (-1: none). */
  readonly at: number;
  readonly digits: number;
}

function stamped(text: string): Stamped {
  const bytes = Buffer.from(text);
  const delta = text.startsWith('{"type":"delta"');
  const marker = delta ? FIELDS_CLOCK : CLOCK;
  const found = bytes.indexOf(marker);
  if (found < 0) return { bytes, at: -1, digits: 0 };
  const at = found + marker.length;
  let end = at;
  while (end < bytes.length && (bytes[end] as number) >= 0x30 && (bytes[end] as number) <= 0x39) end++;
  return { bytes, at, digits: end - at };
}

/** The message with its clock set to `now` (a fresh copy: the clock is the tick's, as in the product). */
function at(message: Stamped, now: number): Buffer {
  const clock = String(now);
  if (message.at < 0 || clock.length !== message.digits) return message.bytes;
  const out = Buffer.from(message.bytes);
  out.write(clock, message.at, 'latin1');
  return out;
}

/**
 * The least a server can do to feed the same clients: a bare `ws` server (no compression) that answers each
 * subscribe with the recorded key and the group's first recorded snapshot, then on every tick sends each group's
 * next recorded message, its clock set to the tick, to every member (`ws` frames it per socket). Same clients,
 * same processes, same tick rate and window as runFanoutBench; tick → client latency read the same way.
 */
export async function runBareWsBench(options: {
  readonly recording: Recording;
  readonly clients: number;
  readonly profiles: Profiles;
  readonly ticksPerSecond?: number;
  readonly seconds?: number;
  readonly processes?: number;
  readonly checkEvery?: number;
}): Promise<Record<string, number | string>> {
  const ticksPerSecond = options.ticksPerSecond ?? 2;
  const seconds = options.seconds ?? 10;
  const groups = (options.recording.groups ?? []).map((group) => ({
    group,
    messages: group.messages.map(stamped),
    members: new Set<WebSocket>(),
    cursor: 1,
  }));
  const bySig = new Map(groups.map((g) => [`${g.group.topic} ${g.group.params}`, g]));
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as {
        op: string;
        id: string;
        topic: string;
        params: unknown;
      };
      if (message.op !== 'subscribe') return;
      const g = bySig.get(`${message.topic} ${JSON.stringify(message.params)}`);
      if (!g || g.messages.length === 0) return;
      socket.send(
        JSON.stringify({
          type: 'subscribed',
          id: message.id,
          key: g.group.key,
          topic: message.topic,
          interval: 'realtime',
          deltas: true,
        }),
      );
      socket.send(at(g.messages[0] as Stamped, Date.now()), { binary: false });
      g.members.add(socket);
    });
    socket.on('close', () => {
      for (const g of groups) g.members.delete(socket);
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const processes = startClientProcesses({
    url: `ws://127.0.0.1:${port}/ws`,
    clients: options.clients,
    processes: options.processes ?? 2,
    profiles: options.profiles,
    deltas: true,
    checkEvery: options.checkEvery ?? 10,
    deflate: false,
  });
  await processes.all('connect', 'connected');
  const from = Date.now() + 3_000;
  const until = from + seconds * 1_000;
  await processes.all('window', 'armed', { from, until });
  const timer = setInterval(() => {
    const now = Date.now();
    for (const g of groups) {
      // Past the end of the recording: the snapshot again, and its pushes after it.
      if (g.cursor >= g.messages.length) g.cursor = 0;
      const bytes = at(g.messages[g.cursor++] as Stamped, now);
      for (const socket of g.members) socket.send(bytes, { binary: false });
    }
  }, 1_000 / ticksPerSecond);
  await new Promise((r) => setTimeout(r, from - Date.now()));
  const cpu0 = process.cpuUsage();
  await new Promise((r) => setTimeout(r, until - Date.now()));
  const cpu = process.cpuUsage(cpu0);
  clearInterval(timer);
  processes.stopping();
  const results = await processes.all<ClientTotals>('stop', 'result');
  for (const client of server.clients) client.terminate();
  await new Promise((resolve) => server.close(resolve));
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const received = results.reduce((total, r) => total + r.received, 0);
  return {
    clients: options.clients,
    groups: groups.length,
    msgs_per_s: Math.round(received / seconds),
    tick_to_client_p50_ms: round(percentile(latencies, 50), 1),
    tick_to_client_p99_ms: round(percentile(latencies, 99), 1),
    latency_samples: latencies.length,
    broken_deltas: results.reduce((total, r) => total + r.broken, 0),
    server_cpu_pct: Math.round((cpu.user + cpu.system) / 10 / seconds / 1_000),
    run_load_avg_1m: round(loadavg()[0] ?? 0, 2),
  };
}
