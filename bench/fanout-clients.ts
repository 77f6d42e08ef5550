import WebSocket from 'ws';

/**
 * The fan-out benchmark's subscribers, in a process of their own (the server keeps its core): `count`
 * WebSocket clients on loopback. Client i holds the subscriptions of profile i mod (number of profiles), so a
 * profile list of ten entries spreads clients over the filter groups in tenths. They count every frame and,
 * for one frame in SAMPLE, read the snapshot's time (the market tick it shows: a table page's first
 * `updatedAt`, the last one of the smaller topics) to measure tick → client latency. Commands and results
 * travel over the IPC channel.
 */
const SAMPLE = 16;
const TABLE_TOPICS = ['"topic":"premium"', '"topic":"arbitrage-'];

interface Subscription {
  topic: string;
  params: Record<string, unknown>;
}

const [url = '', countText = '1000', offsetText = '0', profilesJson = '[]'] = process.argv.slice(2);
const profiles = JSON.parse(profilesJson) as Subscription[][];
const count = Number(countText);
const offset = Number(offsetText);
let received = 0;
let bytes = 0;
let measuring = false;
let closedEarly = 0;
const latencies: number[] = [];
const sockets: WebSocket[] = [];

function snapshotTime(text: string): number {
  if (!text.startsWith('{"type":"snapshot"')) return Number.NaN;
  const head = text.slice(0, 80);
  const table = TABLE_TOPICS.some((t) => head.includes(t));
  const at = table ? text.indexOf('"updatedAt":') : text.lastIndexOf('"updatedAt":');
  return at < 0 ? Number.NaN : Number.parseInt(text.slice(at + 12, at + 30), 10);
}

function open(i: number): Promise<void> {
  const subscriptions = profiles[(offset + i) % Math.max(1, profiles.length)] ?? [];
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false, maxPayload: 64 * 1024 * 1024 });
    sockets.push(socket);
    let seen = 0;
    socket.on('open', () => {
      subscriptions.forEach(({ topic, params }, k) => {
        socket.send(
          JSON.stringify({ op: 'subscribe', id: `s${i}.${k}`, topic, interval: 'realtime', params }),
        );
      });
      resolve();
    });
    socket.on('error', reject);
    socket.on('close', (code) => {
      if (code === 4008) closedEarly++;
    });
    socket.on('message', (data: Buffer) => {
      if (!measuring) return;
      received++;
      bytes += data.length;
      if (++seen % SAMPLE !== 0) return;
      const at = snapshotTime(data.toString());
      if (Number.isFinite(at)) latencies.push(Date.now() - at);
    });
  });
}

process.on('message', async (message: { cmd: string }) => {
  if (message.cmd === 'connect') {
    // Connect in batches so the handshake burst does not trip the server's accept backlog.
    for (let i = 0; i < count; i += 100) {
      await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, k) => open(i + k)));
    }
    process.send?.({ event: 'connected' });
  } else if (message.cmd === 'start') {
    received = 0;
    bytes = 0;
    latencies.length = 0;
    measuring = true;
  } else if (message.cmd === 'stop') {
    measuring = false;
    process.send?.({ event: 'result', received, bytes, latencies, closedEarly });
    for (const socket of sockets) socket.terminate();
    setTimeout(() => process.exit(0), 100);
  }
});
