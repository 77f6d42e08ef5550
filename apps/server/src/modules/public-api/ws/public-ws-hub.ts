import type { Socket } from 'node:net';
import type { ListingRecord } from '@spreadscope/db';
import type { MarketEngine } from '@spreadscope/engine';
import type { WebSocket } from 'ws';
import { BUS_TOPICS, type Bus } from '../../../bus/bus.ts';
import { sharesDeflate } from '../../../ws/deflate.ts';
import { type Frame, type FrameTarget, FrameWriter, frame } from '../../../ws/frame-writer.ts';
import type { DeskEvent } from '../../derivatives/derivatives-desk.ts';
import { listingMessage } from '../listing-ops.ts';
import { type DeskView, FEED_CHANNELS, feedTopic, matchesOf } from './derivative-channels.ts';
import { type ChannelTopic, LISTING_CHANNEL, type PublicWsChannel, parseTopic } from './public-channels.ts';

/** A connection's most subscriptions, and most parameters in one SUBSCRIBE. */
const MAX_SUBSCRIPTIONS = 200;
/** Unsent bytes past which a consumer is too slow and is dropped (it reconnects and resubscribes). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
export const CLOSE_TOO_SLOW = 4008;
/** Pushes at most this often: each one rebuilds every group's message (and sends the changed ones). */
const MIN_PUSH_GAP_MS = 20;

export interface PublicWsHubOptions {
  /** Told how many messages a push sent (background work yields while they flow). */
  readonly onPush?: (messages: number) => void;
  /**
   * When to push: the market runtime's after-batch signal (a quote goes out as it lands), or by default the
   * bus's market tick (the web tables' pace, about every 100 ms).
   */
  readonly ticks?: (listener: () => void) => () => void;
}

interface Connection {
  readonly socket: WebSocket;
  /** Where its frames go: straight to the TCP socket under it when the route gave one. */
  readonly target: FrameTarget;
  readonly channel: PublicWsChannel;
  readonly topics: Set<string>;
}

interface Group {
  readonly topic: ChannelTopic;
  readonly clients: Set<Connection>;
  /** The last message sent, serialized: the same state is not sent twice. */
  last: string | null;
}

/**
 * The paid API's WebSocket (shared/formats/public-api.md §3): one socket per channel path, SUBSCRIBE /
 * UNSUBSCRIBE / PING as JSON, acks `{"result": [...], "id": n}`. Subscribers of the same channel and parameter
 * share one group whose message is built and serialized once per market tick and only when it changed.
 */
export class PublicWsHub {
  private readonly groups = new Map<string, Group>();
  /** Event-driven groups by the key their events carry (derivative-channels.ts): an event finds its groups in O(1). */
  private readonly byMatch = new Map<string, Set<Group>>();
  /** Sockets of the listing channel: each gets every new listing, subscribed or not. */
  private readonly listingSockets = new Set<Connection>();
  private readonly unsubscribeBus: () => void;
  private readonly unsubscribeDesk: () => void;
  private unsubscribeListings: () => void = () => undefined;
  private pushedAt = Number.NEGATIVE_INFINITY;
  /** A group's message is framed once and the same bytes written to every member's socket. */
  private readonly writer = new FrameWriter();
  private pushLater: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly engine: () => MarketEngine,
    private readonly now: () => number,
    bus: Bus,
    /** Open interest and liquidations; without it those channels stay silent. */
    private readonly desk?: DeskView,
    private readonly options: PublicWsHubOptions = {},
  ) {
    this.unsubscribeBus = options.ticks
      ? options.ticks(() => this.requestTick())
      : bus.subscribe(BUS_TOPICS.marketTick, () => this.requestTick());
    this.unsubscribeDesk = desk?.subscribe((event) => this.onDesk(event)) ?? (() => undefined);
  }

  /** Feeds the listing channel from the listings first seen in this process (ListingService.noticed). */
  followListings(noticed: { on(listener: (r: ListingRecord) => void): () => void }): void {
    this.unsubscribeListings();
    this.unsubscribeListings = noticed.on((record) => {
      if (this.listingSockets.size === 0) return;
      const message = frame(JSON.stringify(listingMessage(record)));
      this.writer.batched(() => {
        for (const connection of this.listingSockets) this.write(connection, message);
      });
    });
  }

  /** `wire` is the upgraded TCP socket: given one, frames are written to it as built once per group. */
  attach(socket: WebSocket, channel: PublicWsChannel, wire?: Socket): void {
    const target: FrameTarget = { socket, wire, corked: false, deflate: sharesDeflate(socket) };
    const connection: Connection = { socket, target, channel, topics: new Set() };
    if (channel === LISTING_CHANNEL) this.listingSockets.add(connection);
    // A feed needs no SUBSCRIBE (the SDK sends none): the socket joins it as it opens.
    if (FEED_CHANNELS.has(channel)) {
      const topic = feedTopic(channel);
      this.join(connection, topic);
      this.sendSnapshot(connection, topic);
    }
    socket.on('message', (data, binary) => {
      if (binary) return this.send(connection, { error: 'frames are JSON text', code: 'bad_message' });
      this.onMessage(connection, String(data));
    });
    socket.on('close', () => {
      this.listingSockets.delete(connection);
      for (const key of connection.topics) this.leave(connection, key);
    });
    socket.on('error', () => socket.terminate());
  }

  private onMessage(connection: Connection, text: string) {
    let message: { method?: unknown; params?: unknown; id?: unknown };
    try {
      message = JSON.parse(text);
    } catch {
      return this.send(connection, { error: 'not JSON', code: 'bad_message' });
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      return this.send(connection, { error: 'a frame is a JSON object', code: 'bad_message' });
    }
    const id = typeof message.id === 'number' || typeof message.id === 'string' ? message.id : undefined;
    const method = typeof message.method === 'string' ? message.method.toUpperCase() : '';
    if (method === 'PING') return this.send(connection, { result: null });
    if (method !== 'SUBSCRIBE' && method !== 'UNSUBSCRIBE') {
      return this.send(connection, {
        error: 'method is SUBSCRIBE, UNSUBSCRIBE or PING',
        code: 'bad_message',
        id,
      });
    }
    const params = message.params ?? [];
    if (!Array.isArray(params) || params.length > MAX_SUBSCRIPTIONS) {
      return this.send(connection, {
        error: `params is a list of at most ${MAX_SUBSCRIPTIONS}`,
        code: 'bad_message',
        id,
      });
    }
    if (method === 'UNSUBSCRIBE') {
      const removed = params.filter((p): p is string => typeof p === 'string' && connection.topics.has(p));
      for (const p of removed) this.leave(connection, p);
      return this.ack(connection, removed, id);
    }
    const accepted: string[] = [];
    const refused: unknown[] = [];
    for (const raw of params) {
      const topic = parseTopic(connection.channel, raw);
      if (!topic || connection.topics.size >= MAX_SUBSCRIPTIONS) refused.push(raw);
      else accepted.push(this.join(connection, topic));
    }
    this.ack(connection, accepted, id);
    if (refused.length > 0) {
      this.send(connection, {
        error: `not a ${connection.channel} parameter`,
        code: 'bad_param',
        params: refused,
        id,
      });
    }
    // Each new subscriber gets the current state at once, then changes.
    for (const param of accepted) {
      const group = this.groups.get(this.key(connection.channel, param));
      if (group) this.sendSnapshot(connection, group.topic);
    }
  }

  private sendSnapshot(connection: Connection, topic: ChannelTopic): void {
    const engine = this.engine();
    if (topic.derivative) {
      if (!this.desk) return;
      for (const m of topic.derivative.snapshot(this.desk, engine.state.usdKrw)) {
        this.write(connection, frame(JSON.stringify(m)));
      }
      return;
    }
    const message = topic.message?.(engine, this.now());
    if (message) this.write(connection, frame(JSON.stringify(message)));
  }

  /** One desk event: each group it belongs to builds and serializes its message once, for all its clients. */
  private onDesk(event: DeskEvent): void {
    if (this.byMatch.size === 0) return;
    const usdKrw = this.engine().state.usdKrw;
    for (const match of matchesOf(event)) {
      const groups = this.byMatch.get(match);
      if (!groups) continue;
      for (const group of groups) {
        const message = group.topic.derivative?.message(event, usdKrw, false);
        if (!message) continue;
        const framed = frame(JSON.stringify(message));
        this.writer.batched(() => {
          for (const connection of group.clients) this.write(connection, framed);
        });
      }
    }
  }

  private ack(connection: Connection, accepted: string[], id: number | string | undefined): void {
    this.send(connection, accepted.length > 0 ? { result: accepted, id } : { id });
  }

  private key(channel: PublicWsChannel, param: string): string {
    return `${channel} ${param}`;
  }

  private join(connection: Connection, topic: ChannelTopic): string {
    const key = this.key(connection.channel, topic.param);
    let group = this.groups.get(key);
    if (!group) {
      group = { topic, clients: new Set(), last: null };
      this.groups.set(key, group);
      const match = topic.derivative?.match;
      if (match) {
        const set = this.byMatch.get(match) ?? new Set<Group>();
        set.add(group);
        this.byMatch.set(match, set);
      }
    }
    group.clients.add(connection);
    connection.topics.add(topic.param);
    return topic.param;
  }

  private leave(connection: Connection, param: string): void {
    connection.topics.delete(param);
    const key = this.key(connection.channel, param);
    const group = this.groups.get(key);
    if (!group) return;
    group.clients.delete(connection);
    if (group.clients.size > 0) return;
    this.groups.delete(key);
    const match = group.topic.derivative?.match;
    const set = match ? this.byMatch.get(match) : undefined;
    if (match && set) {
      set.delete(group);
      if (set.size === 0) this.byMatch.delete(match);
    }
  }

  /** Pushes now, or MIN_PUSH_GAP_MS after the last push when that was sooner (one push for all asked meanwhile). */
  private requestTick(): void {
    if (this.pushLater !== null) return;
    const wait = this.pushedAt + MIN_PUSH_GAP_MS - performance.now();
    if (wait <= 0) {
      this.tick();
      return;
    }
    this.pushLater = setTimeout(() => {
      this.pushLater = null;
      this.tick();
    }, wait);
    this.pushLater.unref?.();
  }

  /** Builds each group's message once, and sends it to every subscriber when it changed. */
  tick(): void {
    this.pushedAt = performance.now();
    if (this.groups.size === 0) return;
    const engine = this.engine();
    const now = this.now();
    let pushed = 0;
    for (const group of this.groups.values()) {
      const message = group.topic.message?.(engine, now);
      if (!message) continue;
      const text = JSON.stringify(message);
      if (text === group.last) continue;
      group.last = text;
      // Encoded and framed once for the whole group; each group's frames leave before the next is built.
      const framed = frame(text);
      this.writer.batched(() => {
        for (const connection of group.clients) this.write(connection, framed);
      });
      pushed += group.clients.size;
    }
    if (pushed > 0) this.options.onPush?.(pushed);
  }

  private send(connection: Connection, message: Record<string, unknown>): void {
    this.write(connection, frame(JSON.stringify(message)));
  }

  /** Every frame is text (JSON). The backlog counts what went straight to the TCP socket too. */
  private write(connection: Connection, message: Frame): void {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.close(CLOSE_TOO_SLOW, 'too slow');
      return;
    }
    this.writer.write(connection.target, message);
  }

  close(): void {
    if (this.pushLater !== null) clearTimeout(this.pushLater);
    this.pushLater = null;
    this.unsubscribeBus();
    this.unsubscribeDesk();
    this.unsubscribeListings();
    this.listingSockets.clear();
    this.groups.clear();
    this.byMatch.clear();
  }
}
