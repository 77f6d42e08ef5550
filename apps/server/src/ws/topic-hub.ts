import type { Socket } from 'node:net';
import {
  clientMessageSchema,
  type SubscribeMessage,
  WS_TOPIC_PARAMS,
  type WsServerMessage,
  type WsTopic,
} from '@spreadscope/contracts';
import {
  type ArbitrageKind,
  type Language,
  type MessageKey,
  minimumPlanFor,
  PLAN_NAMES,
  type Role,
  translate,
  UPDATE_INTERVAL_MS,
  type UpdateInterval,
} from '@spreadscope/core';
import type { WebSocket } from 'ws';
import { BUS_TOPICS, type Bus } from '../bus/bus.ts';
import type { MarketApi } from '../modules/market/api.ts';
import { mayView } from '../modules/market/entitlements.ts';
import type { TableView } from '../modules/market/gated-rows.ts';

/** Close code sent to a client that cannot keep up; it should reconnect and resubscribe. */
export const CLOSE_TOO_SLOW = 4008;
const MAX_SUBSCRIPTIONS_PER_CLIENT = 20;
/** Topics whose rows may be gated per caller (spec §6): their groups are split by the caller's view. */
const TABLE_TOPICS: ReadonlySet<WsTopic> = new Set([
  'premium',
  'arbitrage-spot-spot',
  'arbitrage-spot-perp',
  'arbitrage-perp-perp',
]);
/** Topics whose params carry a freshness window (`interval`) of the update-interval kind. */
const SPREAD_TOPICS: ReadonlySet<WsTopic> = new Set([
  'premium',
  'arbitrage-spot-spot',
  'arbitrage-spot-perp',
  'arbitrage-perp-perp',
]);

interface Client {
  readonly socket: WebSocket;
  /** The TCP socket under `socket`: snapshots framed once are written to it directly. */
  readonly wire: Socket | undefined;
  /** Corked during the current publishing pass. */
  corked: boolean;
  readonly lang: Language;
  readonly role: () => Promise<Role>;
  /** subscription id → group key */
  readonly subscriptions: Map<string, string>;
  /**
   * Since when its socket has held more than the backlog bound (0: keeping up). While behind, each group's
   * newest snapshot waits in `pending` (older ones are dropped: snapshots are whole tables) and goes out when
   * the socket drains; a client that does not drain within the stall time is dropped.
   */
  behindSince: number;
  readonly pending: Map<string, Frame>;
  stallTimer: NodeJS.Timeout | null;
}

interface Group {
  readonly key: string;
  readonly topic: WsTopic;
  readonly interval: UpdateInterval;
  readonly params: unknown;
  /** How the premium and arbitrage tables show to this group's members (gated rows); 'full' otherwise. */
  readonly view: TableView;
  readonly members: Set<Client>;
  seq: number;
  lastSentAt: number;
  sentVersion: number;
  pending: NodeJS.Timeout | null;
  /** The last snapshot built, for newcomers: its seq, the market version it shows and when it was built. */
  frame: {
    readonly frame: Frame;
    readonly seq: number;
    readonly version: number;
    readonly at: number;
  } | null;
}

/**
 * A newcomer to a group gets the group's last snapshot when it shows the current market and is this recent
 * (freshness flags move with the clock): a thousand clients resubscribing after a restart cost one table,
 * not a thousand.
 */
const FRAME_REUSE_MS = 500;

export interface TopicHubOptions {
  /** A client whose unsent bytes exceed this is dropped at once (a hard bound; conflation keeps below it). */
  readonly maxBufferedBytes?: number;
  /** Above this many unsent bytes a client is behind: its snapshots are conflated, newest per group. */
  readonly backlogBytes?: number;
  /** A client behind for this long without its socket draining is dropped with 4008 (ms). */
  readonly stallMs?: number;
  /** After the 4008 close frame, the connection is cut if the close handshake has not finished (ms). */
  readonly closeGraceMs?: number;
  /** Real-time groups push on change, at most this often (ms). */
  readonly realtimeMs?: number;
}

/**
 * Fans every table out over WebSocket topics. Subscribers with the same topic, interval and params form one
 * group; each group's snapshot is computed and serialized once per push, and the same bytes go to every
 * member.
 *
 * Slow members never queue without bound: past `backlogBytes` of unsent data a member is behind, and only the
 * newest snapshot of each of its groups waits for its socket to drain. One that does not drain within
 * `stallMs` is closed with 4008 ("too slow: resync") — the close frame then sits behind at most that backlog,
 * so a client that reads again gets it promptly — and cut off `closeGraceMs` later if it never answers
 * (ws would wait 30 s). The hard bound `maxBufferedBytes` drops a member at once.
 */
export class TopicHub {
  private readonly groups = new Map<string, Group>();
  private readonly clients = new Set<Client>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribeBus: () => void;
  private readonly maxBufferedBytes: number;
  private readonly backlogBytes: number;
  private readonly stallMs: number;
  private readonly closeGraceMs: number;
  private readonly realtimeMs: number;
  private readonly snapshots: Readonly<Record<WsTopic, (params: never, view: TableView) => unknown>>;
  /** Sockets corked by the publishing pass under way, or null outside one. */
  private corked: Socket[] | null = null;
  private corkedClients: Client[] = [];

  constructor(
    private readonly api: MarketApi,
    bus: Bus,
    options: TopicHubOptions = {},
  ) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? 8 * 1024 * 1024;
    this.backlogBytes = options.backlogBytes ?? 4 * 1024 * 1024;
    this.stallMs = options.stallMs ?? 10_000;
    this.closeGraceMs = options.closeGraceMs ?? 2_000;
    this.realtimeMs = options.realtimeMs ?? UPDATE_INTERVAL_MS.realtime;
    const { market, funding, tables } = api;
    const arbitrage = (kind: ArbitrageKind) => (q: never, view: TableView) => tables.arbitrage(kind, q, view);
    this.snapshots = {
      premium: (q, view) => tables.premium(q, view),
      'arbitrage-spot-spot': arbitrage('spot-spot'),
      'arbitrage-spot-perp': arbitrage('spot-perp'),
      'arbitrage-perp-perp': arbitrage('perp-perp'),
      'funding-latest': (q) => funding.latest(q),
      'funding-ranking': (q) => funding.ranking(q),
      'funding-overview': (q) => funding.overview(q),
      'kimchi-premium-index': (q: { conversionBase: 'USD' | 'USDT' }) =>
        market.premiumIndex(q.conversionBase),
      'price-stats': (q) => market.priceStats(q),
    };
    this.unsubscribeBus = bus.subscribe(BUS_TOPICS.marketTick, () => this.onMarketTick());
    for (const interval of ['3s', '10s', '30s'] as const) {
      const timer = setInterval(() => this.publishInterval(interval), UPDATE_INTERVAL_MS[interval]);
      timer.unref();
      this.timers.push(timer);
    }
  }

  get clientCount(): number {
    return this.clients.size;
  }

  get groupCount(): number {
    return this.groups.size;
  }

  /**
   * `role` is asked only when a subscription needs a plan feature (DEX data). `wire` is the upgraded TCP
   * socket: given one, snapshots go out as frames built once per group instead of once per client.
   */
  attach(
    socket: WebSocket,
    lang: Language,
    role: () => Promise<Role> = async () => 'visitor',
    wire?: Socket,
  ): void {
    const client: Client = {
      socket,
      lang,
      role,
      wire,
      corked: false,
      subscriptions: new Map(),
      behindSince: 0,
      pending: new Map(),
      stallTimer: null,
    };
    this.clients.add(client);
    this.send(client, { type: 'hello', serverTime: Date.now(), dataSource: this.api.market.dataSource() });
    socket.on('message', (data, isBinary) => {
      if (isBinary) this.sendError(client, 'bad_message', 'ws.badMessage', { detail: 'binary frames' });
      else this.onMessage(client, data.toString());
    });
    socket.on('close', () => this.detach(client));
    socket.on('error', () => this.detach(client));
  }

  close(): void {
    this.unsubscribeBus();
    for (const timer of this.timers) clearInterval(timer);
    for (const group of this.groups.values()) if (group.pending) clearTimeout(group.pending);
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
    this.clients.clear();
    this.groups.clear();
  }

  private onMessage(client: Client, text: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      this.sendError(client, 'bad_message', 'ws.badMessage', { detail: 'not JSON' });
      return;
    }
    const parsed = clientMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') ?? '';
      const topic = (raw as { topic?: unknown } | null)?.topic;
      if (issue?.path[0] === 'topic' && typeof topic === 'string') {
        this.sendError(client, 'unknown_topic', 'ws.unknownTopic', { topic });
        return;
      }
      // Name the subscription when the message had a usable id, so a client knows which request failed.
      const id = (raw as { id?: unknown } | null)?.id;
      this.sendError(
        client,
        'bad_message',
        'ws.badMessage',
        { detail: `${where ? `${where}: ` : ''}${issue?.message ?? 'invalid'}` },
        typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : undefined,
      );
      return;
    }
    const message = parsed.data;
    switch (message.op) {
      case 'ping':
        this.send(client, { type: 'pong', serverTime: Date.now() });
        return;
      case 'unsubscribe':
        this.leave(client, message.id);
        this.send(client, { type: 'unsubscribed', id: message.id });
        return;
      case 'subscribe':
        void this.subscribe(client, message);
        return;
    }
  }

  private async subscribe(client: Client, message: SubscribeMessage): Promise<void> {
    if (!client.subscriptions.has(message.id) && client.subscriptions.size >= MAX_SUBSCRIPTIONS_PER_CLIENT) {
      this.sendError(
        client,
        'too_many_subscriptions',
        'ws.badMessage',
        { detail: `at most ${MAX_SUBSCRIPTIONS_PER_CLIENT} subscriptions per connection` },
        message.id,
      );
      return;
    }
    // Params are the REST query of the topic: the same validation and the same defaults, except that a
    // spread table's freshness window follows the subscription's own interval unless the client set one:
    // a 10 s subscriber must not see rows marked stale by the real-time window.
    const withWindow =
      SPREAD_TOPICS.has(message.topic) && message.params.interval === undefined
        ? { ...message.params, interval: message.interval }
        : message.params;
    const parsed = WS_TOPIC_PARAMS[message.topic].safeParse(withWindow);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const detail = `params.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`;
      this.sendError(client, 'bad_message', 'ws.badMessage', { detail }, message.id);
      return;
    }
    const params = parsed.data;
    const query = params as Record<string, unknown>;
    const table = TABLE_TOPICS.has(message.topic);
    // DEX data (dex=true, or a DEX venue named) needs the plan; tables also depend on who asks (gated rows).
    let role: Role = 'visitor';
    if (table || mayView('visitor', query, table)) role = await client.role();
    const missing = mayView(role, query, table);
    if (missing) {
      if (role === 'visitor')
        this.sendError(client, 'unauthenticated', 'auth.unauthenticated', {}, message.id);
      else
        this.sendError(
          client,
          'plan_required',
          'plan.upgradeRequired',
          { plan: PLAN_NAMES[role], required: PLAN_NAMES[minimumPlanFor(missing)] },
          message.id,
        );
      return;
    }
    if (!this.clients.has(client)) return;
    const view: TableView = table ? this.api.tables.viewOf(role, query.dex === true) : 'full';
    const key = `${groupKey(message.topic, message.interval, params)}${view === 'full' ? '' : `|view=${view}`}`;
    this.leave(client, message.id);
    let group = this.groups.get(key);
    if (!group) {
      group = {
        key,
        topic: message.topic,
        interval: message.interval,
        params,
        view,
        members: new Set(),
        seq: 0,
        lastSentAt: 0,
        // The newcomer's first snapshot (below) shows this version: no second, identical push for it.
        sentVersion: this.api.market.version,
        pending: null,
        frame: null,
      };
      this.groups.set(key, group);
    }
    group.members.add(client);
    client.subscriptions.set(message.id, key);
    this.send(client, {
      type: 'subscribed',
      id: message.id,
      key,
      topic: message.topic,
      interval: message.interval,
    });
    // A newcomer gets the current table at once, not at the group's next tick.
    this.sendFrame(client, this.snapshot(group, group.seq), group.key);
  }

  private leave(client: Client, id: string): void {
    const key = client.subscriptions.get(id);
    if (key === undefined) return;
    client.subscriptions.delete(id);
    const group = this.groups.get(key);
    if (!group) return;
    // Another subscription of the same client may share the group.
    if (![...client.subscriptions.values()].includes(key)) group.members.delete(client);
    if (group.members.size === 0) {
      if (group.pending) clearTimeout(group.pending);
      this.groups.delete(key);
    }
  }

  private detach(client: Client): void {
    if (client.stallTimer) clearTimeout(client.stallTimer);
    client.stallTimer = null;
    client.pending.clear();
    if (!this.clients.delete(client)) return;
    for (const id of [...client.subscriptions.keys()]) this.leave(client, id);
  }

  private onMarketTick(): void {
    const now = Date.now();
    this.batched(() => {
      for (const group of this.groups.values()) {
        if (group.interval !== 'realtime' || group.pending) continue;
        const wait = group.lastSentAt + this.realtimeMs - now;
        if (wait <= 0) this.publish(group);
        else {
          group.pending = setTimeout(() => {
            group.pending = null;
            this.publish(group);
          }, wait);
        }
      }
    });
  }

  private publishInterval(interval: UpdateInterval): void {
    this.batched(() => {
      for (const group of this.groups.values()) if (group.interval === interval) this.publish(group);
    });
  }

  /**
   * Runs a publishing pass with each client's socket corked: the frames of every group a client belongs to go
   * out in one write when the pass ends, instead of one system call per frame.
   */
  private batched(pass: () => void): void {
    const corked: Socket[] = [];
    this.corked = corked;
    try {
      pass();
    } finally {
      this.corked = null;
      for (const wire of corked) wire.uncork();
      for (const client of this.corkedClients) client.corked = false;
      this.corkedClients = [];
    }
  }

  private publish(group: Group): void {
    if (!this.groups.has(group.key)) return;
    const version = this.api.market.version;
    // Real-time pushes only on change; slower intervals always push, because freshness moves with the clock.
    if (group.interval === 'realtime' && group.sentVersion === version) return;
    group.seq++;
    group.lastSentAt = Date.now();
    group.sentVersion = version;
    const frame = this.snapshot(group, group.seq);
    for (const client of group.members) this.sendFrame(client, frame, group.key);
  }

  /** The snapshot message, serialized and framed once for every member of the group. */
  private snapshot(group: Group, seq: number): Frame {
    const version = this.api.market.version;
    const now = Date.now();
    const last = group.frame;
    if (last && last.seq === seq && last.version === version && now - last.at < FRAME_REUSE_MS)
      return last.frame;
    const data = this.snapshots[group.topic](group.params as never, group.view);
    const built = frame(
      `{"type":"snapshot","topic":${JSON.stringify(group.topic)},"key":${JSON.stringify(group.key)},"seq":${seq},"data":${JSON.stringify(data)}}`,
    );
    group.frame = { frame: built, seq, version, at: now };
    return built;
  }

  private send(client: Client, message: WsServerMessage): void {
    this.sendFrame(client, frame(JSON.stringify(message)));
  }

  private sendError(
    client: Client,
    error: string,
    key: MessageKey,
    params: Record<string, string | number>,
    id?: string,
  ): void {
    this.send(client, {
      type: 'error',
      error,
      message: translate(client.lang, key, params),
      ...(id ? { id } : {}),
    });
  }

  /**
   * Writes a frame, or — for a snapshot (`group` given) to a member that is behind — keeps it as the group's
   * newest until the socket drains. Control messages (hello, acks, errors) are small and always written.
   */
  private sendFrame(client: Client, message: Frame, group?: string): void {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    const queued = socket.bufferedAmount;
    if (queued > this.maxBufferedBytes) {
      this.dropSlow(client);
      return;
    }
    if (group !== undefined && (client.behindSince > 0 || queued > this.backlogBytes)) {
      if (client.behindSince === 0) this.fallBehind(client);
      client.pending.set(group, message);
      return;
    }
    this.write(client, message);
  }

  /** The member's socket holds more than the backlog: wait for it to drain, at most the stall time. */
  private fallBehind(client: Client): void {
    client.behindSince = Date.now();
    client.stallTimer = setTimeout(() => this.dropSlow(client), this.stallMs);
    client.stallTimer.unref();
    const drained = () => this.catchUp(client);
    if (client.wire) client.wire.once('drain', drained);
    else {
      // No TCP socket to listen on: look again every 50 ms.
      const poll = setInterval(() => {
        if (client.socket.readyState !== client.socket.OPEN || client.behindSince === 0) clearInterval(poll);
        else if (client.socket.bufferedAmount <= this.backlogBytes) {
          clearInterval(poll);
          drained();
        }
      }, 50);
      poll.unref();
    }
  }

  /** The socket drained: send each group's newest snapshot that waited, and keep up again. */
  private catchUp(client: Client): void {
    if (client.behindSince === 0 || !this.clients.has(client)) return;
    if (client.stallTimer) clearTimeout(client.stallTimer);
    client.stallTimer = null;
    client.behindSince = 0;
    const frames = [...client.pending.values()];
    client.pending.clear();
    const wire = client.wire;
    const cork = wire?.writable === true && !client.corked;
    if (cork) wire?.cork();
    for (const frame of frames) this.write(client, frame);
    if (cork) wire?.uncork();
  }

  /**
   * Closes a member that cannot keep up with 4008 and forgets it. Close reasons are capped at 123 bytes, so
   * the reason stays ASCII; the code tells the client to resync. A peer that never reads would keep the
   * connection for ws's 30 s close timeout: it is cut after the grace period instead.
   */
  private dropSlow(client: Client): void {
    const { socket } = client;
    this.detach(client);
    if (socket.readyState !== socket.OPEN) return;
    socket.close(CLOSE_TOO_SLOW, 'too slow: reconnect to resync');
    const cut = setTimeout(() => socket.terminate(), this.closeGraceMs);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
  }

  private write(client: Client, message: Frame): void {
    const { socket, wire } = client;
    // One write of bytes framed once per group. Safe next to ws's own writes (pings, close): every write is
    // a whole frame, frames are never compressed here, and the socket keeps writes in order.
    if (wire?.writable) {
      if (this.corked && !client.corked) {
        wire.cork();
        client.corked = true;
        this.corked.push(wire);
        this.corkedClients.push(client);
      }
      wire.write(message.wire);
    } else socket.send(message.payload, { binary: false });
  }
}

interface Frame {
  /** The message as UTF-8. */
  readonly payload: Buffer;
  /** The same message as one unmasked, final text frame (RFC 6455 §5.2), ready for the TCP socket. */
  readonly wire: Buffer;
}

function frame(text: string): Frame {
  const payload = Buffer.from(text);
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const wire = Buffer.allocUnsafe(headerLength + length);
  wire[0] = 0x81; // FIN + text opcode
  if (length < 126) {
    wire[1] = length;
  } else if (length < 65_536) {
    wire[1] = 126;
    wire.writeUInt16BE(length, 2);
  } else {
    wire[1] = 127;
    wire.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(wire, headerLength);
  return { payload, wire };
}

function groupKey(topic: string, interval: UpdateInterval, params: unknown): string {
  const entries = Object.entries(params as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return `${topic}:${interval}:${entries.map(([k, v]) => `${k}=${String(v)}`).join('&')}`;
}
