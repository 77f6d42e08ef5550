import type { Socket } from 'node:net';
import {
  isDeltaTopic,
  isEventTopic,
  type TableSubscribeMessage,
  type WsErrorCode,
  type WsEventTopic,
  type WsServerMessage,
  type WsTopic,
} from '@spreadscope/contracts';
import {
  type Language,
  type MessageKey,
  type Role,
  translate,
  UPDATE_INTERVAL_MS,
  type UpdateInterval,
} from '@spreadscope/core';
import type { RawData, WebSocket } from 'ws';
import { BUS_TOPICS, type Bus } from '../bus/bus.ts';
import type { MarketApi } from '../modules/market/api.ts';
import { mayView } from '../modules/market/entitlements.ts';
import type { TableView } from '../modules/market/gated-rows.ts';
import { Admission, DEFAULT_WS_LIMITS, MessageBucket } from './connection-limits.ts';
import { sharesDeflate } from './deflate.ts';
import { deltaFrame, snapshotFrame } from './delta-builder.ts';
import { EventTopics } from './event-topics.ts';
import { type Frame, type FrameTarget, FrameWriter, frame } from './frame-writer.ts';
import type { HeldTables } from './held-tables.ts';
import type { TopicHubOptions } from './hub-options.ts';
import { type BacklogState, SlowClients } from './slow-clients.ts';
import { type Membership, SnapshotSchedule } from './snapshot-schedule.ts';
import { type Group, type GroupState, groupKey, SubscriptionGroups } from './subscription-groups.ts';
import {
  accessRefusal,
  issueDetail,
  type Refusal,
  readClientMessage,
  subscriptionParams,
} from './subscription-request.ts';
import { TABLE_TOPICS, type TopicTable, topicTables } from './topic-tables.ts';

export type { TopicHubOptions } from './hub-options.ts';
export { CLOSE_TOO_SLOW } from './slow-clients.ts';

/** Close code for a client that broke the limits (RFC 6455 policy violation). */
export const CLOSE_POLICY = 1008;

interface Client extends BacklogState {
  readonly lang: Language;
  /** The client's IP (as the HTTP side reads it, TRUST_PROXY included); undefined: no per-IP limits. */
  readonly ip: string | undefined;
  readonly bucket: MessageBucket;
  readonly role: () => Promise<Role>;
  /** Gated event topics (listing): the refusal for this connection, or null to let it join. */
  readonly mayJoin: EventGate | undefined;
  /** subscription id → its group and whether it asked for deltas */
  readonly subscriptions: Map<string, { readonly key: string; readonly deltas: boolean }>;
  /** group key → what this connection holds of that group */
  readonly memberships: Map<string, Membership>;
}

const PUBLIC_EVENT_TOPICS: ReadonlySet<WsEventTopic> = new Set(['announcements', 'liquidations']);

/** Asked before a connection joins a gated event topic: the refusal, or null to let it join. */
export type EventGate = (
  topic: WsEventTopic,
) => Promise<{ error: WsErrorCode; key: MessageKey; params?: Record<string, string | number> } | null>;

const CLOSED_GATE: EventGate = async () => ({ error: 'unauthenticated', key: 'auth.unauthenticated' });

/**
 * Fans every table out over WebSocket topics. Subscribers with the same topic, interval and params form one
 * group (subscription-groups.ts); each group's table is computed once per push, and each form of the message —
 * the snapshot, the delta from the state the members hold (delta-builder.ts) — is serialized and framed once,
 * the same bytes going to every member that needs it (frame-writer.ts). A member gets a delta only on the very
 * state last written to it; otherwise (newcomer, back from behind, its turn for a periodic snapshot
 * (snapshot-schedule.ts), or when the delta would be the larger) a snapshot.
 *
 * Slow members never queue without bound (slow-clients.ts): past `backlogBytes` of unsent data a member is
 * behind, nothing more is written for it, and each of its groups sends its newest state as a snapshot once the
 * socket drains; one that does not drain within `stallMs` is closed with 4008, and `maxBufferedBytes` drops a
 * member at once.
 */
export class TopicHub {
  private readonly groups: SubscriptionGroups<Client>;
  private readonly clients = new Set<Client>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribeBus: () => void;
  private readonly slow: SlowClients<Client>;
  private readonly realtimeMs: number;
  private readonly schedule: SnapshotSchedule;
  private readonly writer = new FrameWriter();
  private readonly admission: Admission;
  private readonly snapshots: Readonly<Record<WsTopic, TopicTable>>;
  private heldTables: HeldTables = () => undefined;
  /** Event topics (new announcements): members per topic, each event framed once for all of them. */
  private readonly events = new EventTopics<Client>((client, bytes) => this.sendFrame(client, bytes));

  constructor(
    private readonly api: MarketApi,
    bus: Bus,
    options: TopicHubOptions = {},
  ) {
    this.slow = new SlowClients<Client>(
      {
        maxBufferedBytes: options.maxBufferedBytes ?? 8 * 1024 * 1024,
        backlogBytes: options.backlogBytes ?? 4 * 1024 * 1024,
        stallMs: options.stallMs ?? 10_000,
        closeGraceMs: options.closeGraceMs ?? 2_000,
      },
      { resume: (client, keys) => this.resume(client, keys), forget: (client) => this.detach(client) },
    );
    this.realtimeMs = options.realtimeMs ?? UPDATE_INTERVAL_MS.realtime;
    this.schedule = new SnapshotSchedule(options.snapshotEvery ?? 100);
    this.admission = new Admission({ ...DEFAULT_WS_LIMITS, ...options.limits });
    this.snapshots = topicTables(api);
    this.groups = new SubscriptionGroups<Client>(
      (group) => this.snapshots[group.topic](group.params as never, group.view),
      () => this.api.market.version,
    );
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

  /** Tables computed so far, all groups together: the work subscriptions cost, whoever asked. */
  get computations(): number {
    return this.groups.computations;
  }

  /**
   * `role` is asked only when a subscription needs a plan feature (DEX data). `wire` is the upgraded TCP
   * socket: given one, snapshots and deltas go out as frames built once per group instead of once per client.
   * `ip` is the client's address as the HTTP side reads it; the per-IP limits apply to it.
   */
  attach(
    socket: WebSocket,
    lang: Language,
    role: () => Promise<Role> = async () => 'visitor',
    wire?: Socket,
    ip?: string,
    mayJoin?: EventGate,
  ): void {
    if (!this.admission.mayConnect(ip)) {
      const message = translate(lang, 'ws.tooManyConnections');
      this.sendFrame(
        { socket, wire, corked: false },
        frame(JSON.stringify({ type: 'error', error: 'too_many_connections', message })),
      );
      socket.close(CLOSE_POLICY, 'too many connections');
      return;
    }
    if (ip !== undefined) this.admission.ledger.connect(ip);
    const client: Client = {
      socket,
      lang,
      role,
      mayJoin,
      wire,
      deflate: sharesDeflate(socket),
      ip,
      bucket: new MessageBucket(this.admission.limits, Date.now()),
      corked: false,
      subscriptions: new Map(),
      memberships: new Map(),
      behindSince: 0,
      pending: new Set(),
      stallTimer: null,
    };
    this.clients.add(client);
    this.send(client, { type: 'hello', serverTime: Date.now(), dataSource: this.api.market.dataSource() });
    socket.on('message', (data, isBinary) => this.onMessage(client, data, isBinary));
    socket.on('close', () => this.detach(client));
    socket.on('error', () => this.detach(client));
  }

  /**
   * Where the hub finds the REST answer a subscriber's `since` names (held-tables.ts, over the answer cache):
   * such a subscriber starts from it with a delta instead of downloading the table again.
   */
  startFrom(heldTables: HeldTables): void {
    this.heldTables = heldTables;
  }

  close(): void {
    this.unsubscribeBus();
    for (const timer of this.timers) clearInterval(timer);
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
    this.clients.clear();
    this.groups.clear();
  }

  private onMessage(client: Client, data: RawData, isBinary: boolean): void {
    if (!this.clients.has(client)) return;
    // Every message counts against the limit, binary ones too: each would otherwise cost an answer.
    const verdict = client.bucket.take(Date.now());
    if (verdict === 'close') {
      client.socket.close(CLOSE_POLICY, 'rate limit exceeded');
      this.detach(client);
      return;
    }
    if (verdict !== 'accept') {
      if (verdict === 'refuse') this.sendError(client, 'rate_limited', 'ws.rateLimited', {});
      return;
    }
    if (isBinary) {
      this.sendError(client, 'bad_message', 'ws.badMessage', { detail: 'binary frames' });
      return;
    }
    const read = readClientMessage(data.toString());
    if ('refusal' in read) {
      this.refuse(client, read.refusal);
      return;
    }
    const { message } = read;
    switch (message.op) {
      case 'ping':
        this.send(client, { type: 'pong', serverTime: Date.now() });
        return;
      case 'unsubscribe':
        this.events.leave(client, message.id);
        this.leave(client, message.id);
        this.send(client, { type: 'unsubscribed', id: message.id });
        return;
      case 'subscribe':
        if (isEventTopic(message.topic)) {
          const { topic } = message;
          // Announcements and liquidations are public; every other event topic needs its gate, and no gate
          // means no entry.
          if (!PUBLIC_EVENT_TOPICS.has(topic)) {
            void this.joinGated(client, message.id, topic, client.mayJoin ?? CLOSED_GATE);
            return;
          }
          this.leave(client, message.id);
          this.events.join(client, message.id, topic);
          this.send(client, {
            type: 'subscribed',
            id: message.id,
            key: topic,
            topic,
            interval: message.interval,
            deltas: false,
          });
        } else void this.subscribe(client, message as TableSubscribeMessage);
        return;
    }
  }

  /** A gated event topic (listing: plan and invite code) joined only after its gate says yes. */
  private async joinGated(client: Client, id: string, topic: WsEventTopic, gate: EventGate): Promise<void> {
    const refusal = await gate(topic).catch(() => null);
    if (refusal) {
      this.sendError(client, refusal.error, refusal.key, refusal.params ?? {}, id);
      return;
    }
    this.leave(client, id);
    this.events.join(client, id, topic);
    this.send(client, { type: 'subscribed', id, key: topic, topic, interval: 'realtime', deltas: false });
  }

  /** Pushes one event to every subscriber of an event topic (serialized once). */
  broadcast(topic: Parameters<EventTopics<Client>['broadcast']>[0], message: unknown): void {
    this.writer.batched(() => this.events.broadcast(topic, message));
  }

  private async subscribe(client: Client, message: TableSubscribeMessage): Promise<void> {
    const counted = this.admission.subscriptionRefusal(client, message.id);
    if (counted) {
      this.refuse(client, { ...counted, id: message.id });
      return;
    }
    const read = subscriptionParams(message);
    if ('refusal' in read) {
      this.refuse(client, read.refusal);
      return;
    }
    const { params } = read;
    const query = params;
    const table = TABLE_TOPICS.has(message.topic);
    // DEX data (dex=true, or a DEX venue named) needs the plan; tables also depend on who asks (gated rows).
    let role: Role = 'visitor';
    if (table || mayView('visitor', query, table)) role = await client.role();
    const denied = accessRefusal(role, query, table, message.id);
    if (denied) {
      this.refuse(client, denied);
      return;
    }
    if (!this.clients.has(client)) return;
    const view: TableView = table ? this.api.tables.viewOf(role, query.dex === true) : 'full';
    const key = `${groupKey(message.topic, message.interval, params)}${view === 'full' ? '' : `|view=${view}`}`;
    // Checked again after the role lookup: subscriptions sent together all passed the first check.
    const refused = this.admission.groupRefusal(
      client,
      message.id,
      key,
      this.groups.get(key) !== undefined,
      this.groups.size,
    );
    if (refused) {
      this.refuse(client, { ...refused, id: message.id });
      return;
    }
    this.leave(client, message.id);
    const group = this.groups.join({
      key,
      topic: message.topic,
      interval: message.interval,
      params,
      view,
      deltas: isDeltaTopic(message.topic),
    });
    group.members.add(client);
    client.subscriptions.set(message.id, { key, deltas: message.deltas });
    let membership = client.memberships.get(key);
    const first = !membership;
    if (!membership) {
      membership = this.schedule.membership(group.joined++);
      client.memberships.set(key, membership);
      if (client.ip !== undefined) this.admission.ledger.join(client.ip, key);
    }
    this.updateDeltas(client, group);
    // Only a connection's first subscription to the group may start from a table it holds: another one already
    // there takes whatever the group sends, and a delta on a base it does not hold would make it resync.
    const held =
      first && membership.deltas && message.since !== undefined
        ? this.groups.held(group, message.since, () =>
            this.heldTables(message.topic, message.params, view, message.since as string),
          )
        : undefined;
    this.send(client, {
      type: 'subscribed',
      id: message.id,
      key,
      topic: message.topic,
      interval: message.interval,
      deltas: membership.deltas,
      ...(held ? { since: held.seq } : {}),
    });
    // A newcomer gets the current table at once, not at the group's next tick: whole, unless it holds one of
    // the group's states (`since`), from which it gets a delta — or nothing, when that state is the current one.
    // The connection may already hold this group's state for another subscription, but this one has nothing yet.
    membership.seq = -1;
    if (held) this.schedule.wrote(membership, held.seq, true);
    this.deliver(client, group, this.groups.current(group));
  }

  /** A connection gets deltas of a group when the topic has them and each of its subscriptions to it asked. */
  private updateDeltas(client: Client, group: Group<Client>): void {
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
    if (client.ip !== undefined) this.admission.ledger.leave(client.ip, key);
    if (group) this.groups.leave(group, client);
  }

  private detach(client: Client): void {
    this.slow.release(client);
    this.events.drop(client);
    if (!this.clients.delete(client)) return;
    for (const id of [...client.subscriptions.keys()]) this.leave(client, id);
    if (client.ip !== undefined) this.admission.ledger.disconnect(client.ip);
  }

  /**
   * Each group's frames leave as soon as that group is published (one corked pass per group), not when every
   * group of the tick is: a tick computes several tables (~4 ms each), and holding the first group's members
   * until the last was computed put the whole pass (~70 ms at 1,000 clients) on every member's latency.
   */
  private onMarketTick(): void {
    const now = Date.now();
    for (const group of this.groups.values()) {
      if (group.interval !== 'realtime' || group.pending) continue;
      const wait = group.lastSentAt + this.realtimeMs - now;
      if (wait <= 0) this.writer.batched(() => this.publish(group));
      else {
        group.pending = setTimeout(() => {
          group.pending = null;
          this.publish(group);
        }, wait);
      }
    }
  }

  private publishInterval(interval: UpdateInterval): void {
    for (const group of this.groups.values())
      if (group.interval === interval) this.writer.batched(() => this.publish(group));
  }

  private publish(group: Group<Client>): void {
    if (!this.groups.has(group)) return;
    const newest = group.states.at(-1);
    let state: GroupState;
    // Real-time pushes only on change; slower intervals always push, because freshness moves with the clock.
    if (group.interval === 'realtime' && newest?.version === this.api.market.version) {
      // The market did not move since the newest state, but a newcomer made it: bring the others up to it.
      if (group.states.length === 1) return;
      state = newest;
    } else state = this.groups.advance(group);
    group.lastSentAt = Date.now();
    for (const client of group.members) this.deliver(client, group, state);
    // Every member now holds this state, or waits for its snapshot.
    group.states = [state];
  }

  /**
   * Writes `state` to a member that does not hold it yet: as a delta from the state it holds when it may take
   * one, else as a snapshot. A member that is behind gets nothing now and the newest snapshot once it drains.
   */
  private deliver(client: Client, group: Group<Client>, state: GroupState): void {
    const membership = client.memberships.get(group.key);
    if (!membership || membership.seq === state.seq) return;
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (this.slow.overLimit(client)) return;
    if (!this.slow.mayWrite(client, group.key)) {
      membership.seq = -1;
      return;
    }
    let message: Frame | null = null;
    if (this.schedule.mayDelta(membership, state.seq)) message = deltaFrame(group, membership.seq, state);
    this.schedule.wrote(membership, state.seq, message === null);
    message ??= snapshotFrame(group, state);
    this.writer.write(client, message);
  }

  private send(client: Client, message: WsServerMessage): void {
    this.sendFrame(client, frame(JSON.stringify(message)));
  }

  private refuse(client: Client, refusal: Refusal): void {
    const params = refusal.issue
      ? { ...refusal.params, detail: issueDetail(client.lang, refusal.issue.where, refusal.issue.issue) }
      : refusal.params;
    this.sendError(client, refusal.error, refusal.key, params, refusal.id);
  }

  private sendError(
    client: Client,
    error: WsErrorCode,
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
  private sendFrame(client: Client | FrameTarget, message: Frame): void {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if ('bucket' in client && this.slow.overLimit(client)) return;
    this.writer.write(client, message);
  }

  /** A connection that was behind drained: each waiting group's newest state goes to it as a snapshot. */
  private resume(client: Client, keys: readonly string[]): void {
    if (!this.clients.has(client)) return;
    for (const key of keys) {
      const group = this.groups.get(key);
      const newest = group?.states.at(-1);
      if (group && newest) this.deliver(client, group, newest);
    }
  }
}
