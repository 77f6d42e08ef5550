import type { Socket } from 'node:net';
import {
  clientMessageSchema,
  type DeltaTable,
  diffTable,
  isDeltaTopic,
  isEmptyDelta,
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
  /** The TCP socket under `socket`: frames built once per group are written to it directly. */
  readonly wire: Socket | undefined;
  /** Corked during the current publishing pass. */
  corked: boolean;
  readonly lang: Language;
  readonly role: () => Promise<Role>;
  /** subscription id → its group and whether it asked for deltas */
  readonly subscriptions: Map<string, { readonly key: string; readonly deltas: boolean }>;
  /** group key → what this connection holds of that group */
  readonly memberships: Map<string, Membership>;
  /**
   * Since when its socket has held more than the backlog bound (0: keeping up). While behind, nothing more is
   * written for its groups: they wait in `pending` and each sends its newest state as a snapshot when the
   * socket drains (a delta would need the states skipped). A client that does not drain within the stall
   * time is dropped.
   */
  behindSince: number;
  readonly pending: Set<string>;
  stallTimer: NodeJS.Timeout | null;
}

/** One connection's place in a group. */
interface Membership {
  /** The seq of the group state last written to it; -1 when none is, so the next one goes as a snapshot. */
  seq: number;
  /** Deltas written since its last snapshot. */
  sinceSnapshot: number;
  /** Every subscription of the connection to this group asked for deltas (and the topic has them). */
  deltas: boolean;
}

/** One state of a group's table: the data its subscribers see, serialized at most once per form. */
interface GroupState {
  readonly seq: number;
  readonly data: unknown;
  /** The market version it shows, and when it was computed. */
  readonly version: number;
  readonly at: number;
  snapshot: Frame | null;
  /** The delta to this state from an earlier one, by the earlier one's seq (null: send a snapshot). */
  readonly deltas: Map<number, Frame | null>;
}

interface Group {
  readonly key: string;
  readonly topic: WsTopic;
  readonly interval: UpdateInterval;
  readonly params: unknown;
  /** How the premium and arbitrage tables show to this group's members (gated rows); 'full' otherwise. */
  readonly view: TableView;
  /** A table topic: members who asked for them get deltas. */
  readonly deltas: boolean;
  readonly members: Set<Client>;
  /** The seq of the newest state (-1: none yet). */
  seq: number;
  lastSentAt: number;
  pending: NodeJS.Timeout | null;
  /**
   * The newest state last, and before it those that members may still hold: a newcomer that finds the
   * newest state outdated gets a fresh one without a push to everyone, so until the next push the others
   * are one state behind, and their deltas start from there.
   */
  states: GroupState[];
  /** Size of the last snapshot serialized and its row count: a delta larger than a snapshot is not sent. */
  snapshotBytes: number;
  snapshotRows: number;
}

/** States kept for members that are behind the newest one (newcomers made the others). */
const MAX_STATES = 4;

/**
 * A newcomer to a group gets the group's newest state when it shows the current market and is this recent
 * (freshness flags move with the clock): a thousand clients resubscribing after a restart cost one table and
 * one serialized snapshot, not a thousand.
 */
const STATE_REUSE_MS = 500;

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
  /**
   * A subscriber taking deltas gets a snapshot instead after this many (staggered across subscribers), so a
   * client's copy is rebuilt from scratch now and then.
   */
  readonly snapshotEvery?: number;
}

/**
 * Fans every table out over WebSocket topics. Subscribers with the same topic, interval and params form one
 * group; each group's table is computed once per push, and each form of the message — the snapshot, the delta
 * from the state the members hold (contracts ws.ts) — is serialized and framed once, the same bytes going to
 * every member that needs it. A member gets a delta only on the very state last written to it; otherwise
 * (newcomer, back from behind, every `snapshotEvery` deltas, or when the delta would be the larger) a
 * snapshot.
 *
 * Slow members never queue without bound: past `backlogBytes` of unsent data a member is behind, nothing more
 * is written for it, and each of its groups sends its newest state as a snapshot once the socket drains. One
 * that does not drain within `stallMs` is closed with 4008 ("too slow: resync") — the close frame then sits
 * behind at most that backlog, so a client that reads again gets it promptly — and cut off `closeGraceMs`
 * later if it never answers (ws would wait 30 s). The hard bound `maxBufferedBytes` drops a member at once.
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
  private readonly snapshotEvery: number;
  /** Staggers subscribers' periodic snapshots. */
  private memberships = 0;
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
    this.snapshotEvery = options.snapshotEvery ?? 100;
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
   * socket: given one, snapshots and deltas go out as frames built once per group instead of once per client.
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
      memberships: new Map(),
      behindSince: 0,
      pending: new Set(),
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
        deltas: isDeltaTopic(message.topic),
        members: new Set(),
        seq: -1,
        lastSentAt: 0,
        pending: null,
        states: [],
        snapshotBytes: 0,
        snapshotRows: 0,
      };
      this.groups.set(key, group);
    }
    group.members.add(client);
    client.subscriptions.set(message.id, { key, deltas: message.deltas });
    let membership = client.memberships.get(key);
    if (!membership) {
      membership = {
        seq: -1,
        sinceSnapshot: this.memberships++ % Math.max(1, this.snapshotEvery),
        deltas: false,
      };
      client.memberships.set(key, membership);
    }
    this.updateDeltas(client, group);
    this.send(client, {
      type: 'subscribed',
      id: message.id,
      key,
      topic: message.topic,
      interval: message.interval,
      deltas: membership.deltas,
    });
    // A newcomer gets the current table at once, not at the group's next tick, and whole: the connection may
    // already hold this group's state for another subscription, but this one has nothing yet.
    membership.seq = -1;
    this.deliver(client, group, this.current(group));
  }

  /** A connection gets deltas of a group when the topic has them and each of its subscriptions to it asked. */
  private updateDeltas(client: Client, group: Group): void {
    const membership = client.memberships.get(group.key);
    if (!membership) return;
    let deltas = group.deltas;
    for (const sub of client.subscriptions.values()) if (sub.key === group.key) deltas &&= sub.deltas;
    membership.deltas = deltas;
  }

  private leave(client: Client, id: string): void {
    const sub = client.subscriptions.get(id);
    if (sub === undefined) return;
    client.subscriptions.delete(id);
    const { key } = sub;
    const group = this.groups.get(key);
    // Another subscription of the same client may share the group.
    if ([...client.subscriptions.values()].some((other) => other.key === key)) {
      if (group) this.updateDeltas(client, group);
      return;
    }
    client.memberships.delete(key);
    client.pending.delete(key);
    if (!group) return;
    group.members.delete(client);
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
    const newest = group.states.at(-1);
    let state: GroupState;
    // Real-time pushes only on change; slower intervals always push, because freshness moves with the clock.
    if (group.interval === 'realtime' && newest?.version === this.api.market.version) {
      // The market did not move since the newest state, but a newcomer made it: bring the others up to it.
      if (group.states.length === 1) return;
      state = newest;
    } else state = this.advance(group);
    group.lastSentAt = Date.now();
    for (const client of group.members) this.deliver(client, group, state);
    // Every member now holds this state, or waits for its snapshot.
    group.states = [state];
  }

  /**
   * The state a newcomer gets: the newest when it shows the current market and is recent (freshness flags move
   * with the clock), else a new one — which the other members get at the group's next push.
   */
  private current(group: Group): GroupState {
    const newest = group.states.at(-1);
    if (newest && newest.version === this.api.market.version && Date.now() - newest.at < STATE_REUSE_MS)
      return newest;
    return this.advance(group);
  }

  /** Computes the group's table once: its next state. */
  private advance(group: Group): GroupState {
    const version = this.api.market.version;
    const state: GroupState = {
      seq: ++group.seq,
      data: this.snapshots[group.topic](group.params as never, group.view),
      version,
      at: Date.now(),
      snapshot: null,
      deltas: new Map(),
    };
    group.states.push(state);
    if (group.states.length > MAX_STATES) group.states.shift();
    return state;
  }

  /**
   * Writes `state` to a member that does not hold it yet: as a delta from the state it holds when it may take
   * one, else as a snapshot. A member that is behind gets nothing now and the newest snapshot once it drains.
   */
  private deliver(client: Client, group: Group, state: GroupState): void {
    const membership = client.memberships.get(group.key);
    if (!membership || membership.seq === state.seq) return;
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    const queued = socket.bufferedAmount;
    if (queued > this.maxBufferedBytes) {
      this.dropSlow(client);
      return;
    }
    if (client.behindSince > 0 || queued > this.backlogBytes) {
      if (client.behindSince === 0) this.fallBehind(client);
      membership.seq = -1;
      client.pending.add(group.key);
      return;
    }
    let message: Frame | null = null;
    if (membership.deltas && membership.seq >= 0 && membership.sinceSnapshot < this.snapshotEvery) {
      message = this.delta(group, membership.seq, state);
    }
    if (message) membership.sinceSnapshot++;
    else {
      message = this.snapshot(group, state);
      membership.sinceSnapshot = 0;
    }
    membership.seq = state.seq;
    this.write(client, message);
  }

  /** The snapshot message of a state, serialized and framed once for every member of the group. */
  private snapshot(group: Group, state: GroupState): Frame {
    if (state.snapshot) return state.snapshot;
    const built = frame(
      `{"type":"snapshot","topic":${JSON.stringify(group.topic)},"key":${JSON.stringify(group.key)},"seq":${state.seq},"data":${JSON.stringify(state.data)}}`,
    );
    state.snapshot = built;
    group.snapshotBytes = built.payload.length;
    group.snapshotRows = rowCount(state.data);
    return built;
  }

  /**
   * The delta from the state `base` to `state`, serialized and framed once for every member holding `base`;
   * null when that state is no longer kept or the delta would outweigh a snapshot.
   */
  private delta(group: Group, base: number, state: GroupState): Frame | null {
    const cached = state.deltas.get(base);
    if (cached !== undefined) return cached;
    const from = group.states.find((s) => s.seq === base);
    let built: Frame | null = null;
    if (from) {
      // Even a delta that changes nothing goes out: it tells the member which state it now holds.
      const body = diffTable(from.data as DeltaTable, state.data as DeltaTable);
      const head = `{"type":"delta","topic":${JSON.stringify(group.topic)},"key":${JSON.stringify(group.key)},"seq":${state.seq},"base":${base}`;
      const text = isEmptyDelta(body) ? `${head}}` : `${head},${JSON.stringify(body).slice(1)}`;
      // What a snapshot of this state would weigh, from the last one serialized.
      const snapshotBytes =
        state.snapshot?.payload.length ??
        (group.snapshotBytes * Math.max(1, rowCount(state.data))) / Math.max(1, group.snapshotRows);
      built = frame(text);
      if (built.payload.length >= snapshotBytes) built = null;
    }
    state.deltas.set(base, built);
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

  /** Writes a control message (hello, acks, errors): small, and always written unless over the hard bound. */
  private sendFrame(client: Client, message: Frame): void {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      this.dropSlow(client);
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

  /** The socket drained: send each waiting group's newest state as a snapshot, and keep up again. */
  private catchUp(client: Client): void {
    if (client.behindSince === 0 || !this.clients.has(client)) return;
    if (client.stallTimer) clearTimeout(client.stallTimer);
    client.stallTimer = null;
    client.behindSince = 0;
    const keys = [...client.pending];
    client.pending.clear();
    const wire = client.wire;
    const cork = wire?.writable === true && !client.corked;
    if (cork) wire?.cork();
    for (const key of keys) {
      const group = this.groups.get(key);
      const newest = group?.states.at(-1);
      if (group && newest) this.deliver(client, group, newest);
    }
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
  const length = Buffer.byteLength(text);
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
  // Encoded once, straight into the frame; the payload is a view of it.
  wire.write(text, headerLength);
  return { payload: wire.subarray(headerLength), wire };
}

function rowCount(data: unknown): number {
  const rows = (data as { data?: unknown } | null)?.data;
  return Array.isArray(rows) ? rows.length : 0;
}

function groupKey(topic: string, interval: UpdateInterval, params: unknown): string {
  const entries = Object.entries(params as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return `${topic}:${interval}:${entries.map(([k, v]) => `${k}=${String(v)}`).join('&')}`;
}
