import {
  applyTableDelta,
  type DataSource,
  DeltaMismatchError,
  type DeltaTable,
  isDeltaTopic,
  type PremiumResponse,
  type TableState,
  tableState,
  type WsDeltaMessage,
  type WsEventTopic,
  type WsServerMessage,
  type WsTopic,
} from '@spreadscope/contracts';
import type { UpdateInterval } from '@spreadscope/core';

/**
 * One WebSocket to /api/v1/ws shared by every live table on the page, whatever its topic (premium, arbitrage,
 * funding, the premium index). It opens on the first subscription,
 * resubscribes everything after a reconnect (backoff with jitter), detects dead links with pings, and routes
 * messages to subscribers by the key the server assigned.
 *
 * The table topics (premium, arbitrage) ask for deltas (contracts ws.ts): after a snapshot, each message says
 * what changed, and the subscription keeps the table, applying each delta to it (unchanged rows stay the
 * objects they were). A delta that does not start from the state held — a gap, or one that does not fit —
 * makes it resubscribe, which the server answers with a fresh snapshot; until that arrives the subscriber
 * keeps the table it has. A resubscription after a reconnect, including after the server drops a client that
 * fell behind, is a full resync too.
 */

export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

const OPEN = 1;

export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'waiting';

export interface ConnectionState {
  readonly status: ConnectionStatus;
  /** When the next reconnect attempt starts (epoch ms), while waiting. */
  readonly retryAt: number | null;
  /** The last connection-level error message from the server, e.g. dropped for being too slow. */
  readonly lastError: string | null;
}

export interface SubscriptionRequest {
  /** The table (contracts WS_TOPICS); the first screen only knew `premium`, still the default. */
  readonly topic?: WsTopic | WsEventTopic;
  readonly interval: UpdateInterval;
  readonly params: Readonly<Record<string, string | number | undefined>>;
  /**
   * Table topics: the REST answer the page already shows and its ETag. The first subscription sends the tag as
   * `since`; when the server names the seq it takes that table to be, the answer is the base of the deltas that
   * follow and no snapshot comes (the table is not downloaded twice). Otherwise a snapshot, as without it.
   */
  readonly held?: { readonly etag: string; readonly data: unknown };
}

/**
 * Every table handed to `onSnapshot` is exactly what the topic's REST call would answer at that moment; the
 * subscriber names that type. `source` says whether it came whole (`snapshot`: every row a new object) or
 * from a delta (`delta`: rows that did not change are the objects of the previous table).
 */
export interface SubscriptionHandlers<T = PremiumResponse> {
  onSnapshot(data: T, seq: number, source: 'snapshot' | 'delta'): void;
  /** Event topics (`announcements`): each new item as the server pushes it. */
  onEvent?(data: unknown): void;
  onError?(message: string, code: string): void;
}

interface Subscription extends SubscriptionHandlers<unknown> {
  readonly id: string;
  readonly request: SubscriptionRequest;
  key: string | null;
  lastSeq: number;
  /** The table the deltas apply to (table topics), from the last snapshot and the deltas since. */
  table: TableState<DeltaTable> | null;
  /** Resubscribed for a fresh snapshot: what arrives for its key before the server's answer is ignored. */
  resyncing: boolean;
  /** The table offered as `since` until the server answered the first subscribe (request.held). */
  held: { readonly etag: string; readonly data: unknown } | null;
}

export interface PremiumSocketOptions {
  readonly url: () => string;
  readonly createSocket?: (url: string) => SocketLike;
  readonly random?: () => number;
  readonly now?: () => number;
  /** Keep the socket this long after the last subscriber leaves, so page changes do not reconnect. */
  readonly idleCloseMs?: number;
  /** The server greets every connection with where its prices come from; the banner can show it at once. */
  readonly onHello?: (dataSource: DataSource) => void;
}

export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 15_000;
export const HEARTBEAT_MS = 15_000;
/** Real-time tables arrive twice a second and pings every 15 s; 40 s of silence means the link is dead. */
export const SILENCE_LIMIT_MS = 40_000;

/** Exponential backoff with jitter between 50 % and 100 % of the step, so many tabs do not retry in step. */
export function backoffDelay(attempt: number, random: number): number {
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(step * (0.5 + random * 0.5));
}

export class PremiumSocket {
  private socket: SocketLike | null = null;
  private readonly subs = new Map<string, Subscription>();
  private nextId = 1;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private lastMessageAt = 0;
  private state: ConnectionState = { status: 'idle', retryAt: null, lastError: null };
  private readonly listeners = new Set<() => void>();
  private readonly createSocket: (url: string) => SocketLike;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly idleCloseMs: number;

  constructor(private readonly options: PremiumSocketOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.idleCloseMs = options.idleCloseMs ?? 10_000;
  }

  getState = (): ConnectionState => this.state;

  onStateChange = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  subscribe<T = PremiumResponse>(
    request: SubscriptionRequest,
    handlers: SubscriptionHandlers<T>,
  ): () => void {
    const id = `s${this.nextId++}`;
    const sub: Subscription = {
      onSnapshot: (data, seq, source) => handlers.onSnapshot(data as T, seq, source),
      ...(handlers.onError ? { onError: handlers.onError } : {}),
      ...(handlers.onEvent ? { onEvent: handlers.onEvent } : {}),
      id,
      request,
      key: null,
      lastSeq: -1,
      table: null,
      resyncing: false,
      held: request.held && isDeltaTopic(request.topic ?? 'premium') ? request.held : null,
    };
    this.subs.set(id, sub);
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    if (this.socket?.readyState === OPEN) this.sendSubscribe(sub);
    else if (!this.socket && !this.retryTimer) this.connect();
    return () => this.unsubscribe(id);
  }

  /** Skip the backoff wait, e.g. when the browser comes back online or the tab becomes visible. */
  reconnectNow(): void {
    if (this.state.status !== 'waiting') return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.connect();
  }

  dispose(): void {
    this.subs.clear();
    this.teardown();
    this.setState({ status: 'idle', retryAt: null, lastError: null });
  }

  private unsubscribe(id: string): void {
    if (!this.subs.delete(id)) return;
    if (this.socket?.readyState === OPEN) this.send({ op: 'unsubscribe', id });
    if (this.subs.size === 0 && !this.idleTimer) {
      this.idleTimer = setTimeout(() => {
        this.idleTimer = null;
        if (this.subs.size === 0) {
          this.teardown();
          this.setState({ status: 'idle', retryAt: null, lastError: null });
        }
      }, this.idleCloseMs);
    }
  }

  private connect(): void {
    this.setState({ ...this.state, status: 'connecting', retryAt: null });
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.lastMessageAt = this.now();
      this.setState({ status: 'open', retryAt: null, lastError: null });
      for (const sub of this.subs.values()) {
        // A new connection numbers its states afresh.
        sub.key = null;
        sub.lastSeq = -1;
        sub.table = null;
        sub.resyncing = false;
        this.sendSubscribe(sub);
      }
      this.startHeartbeat();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.lastMessageAt = this.now();
      if (typeof event.data !== 'string') return;
      let message: WsServerMessage;
      try {
        message = JSON.parse(event.data) as WsServerMessage;
      } catch {
        return;
      }
      this.handle(message);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopHeartbeat();
      if (this.subs.size > 0) this.scheduleReconnect();
      else this.setState({ ...this.state, status: 'idle', retryAt: null });
    };
    // A failed handshake is followed by close; reconnecting is handled there.
    socket.onerror = () => {};
  }

  private handle(message: WsServerMessage): void {
    switch (message.type) {
      case 'hello':
        this.options.onHello?.(message.dataSource);
        return;
      case 'subscribed': {
        const sub = this.subs.get(message.id);
        if (!sub) return;
        sub.key = message.key;
        const held = sub.held;
        // Offered once: a later subscribe (reconnect, resync) wants a snapshot.
        sub.held = null;
        if (held && !sub.resyncing && message.since !== undefined) {
          const table = held.data as Partial<DeltaTable>;
          if (Array.isArray(table.data)) {
            // The server takes the table we show to be its state `since`: the deltas start from it.
            sub.lastSeq = message.since;
            sub.table = tableState(table as DeltaTable);
          }
          return;
        }
        if (sub.resyncing) {
          // The server's answer: the snapshot that follows starts the subscription afresh.
          sub.resyncing = false;
          sub.lastSeq = -1;
          sub.table = null;
        }
        return;
      }
      case 'snapshot': {
        // Data flowing proves the link works: the next failure starts the backoff from the beginning.
        this.attempt = 0;
        for (const sub of this.subs.values()) {
          if (sub.key !== message.key || sub.resyncing || message.seq <= sub.lastSeq) continue;
          sub.lastSeq = message.seq;
          const table = message.data as Partial<DeltaTable>;
          sub.table =
            isDeltaTopic(message.topic) && Array.isArray(table.data) ? tableState(table as DeltaTable) : null;
          sub.onSnapshot(message.data, message.seq, 'snapshot');
        }
        return;
      }
      case 'delta': {
        this.attempt = 0;
        for (const sub of this.subs.values()) {
          if (sub.key !== message.key || sub.resyncing || message.seq <= sub.lastSeq) continue;
          this.applyDelta(sub, message);
        }
        return;
      }
      case 'event': {
        for (const sub of this.subs.values())
          if (sub.request.topic === message.topic) sub.onEvent?.(message.data);
        return;
      }
      case 'error': {
        const sub = message.id ? this.subs.get(message.id) : undefined;
        if (sub) sub.onError?.(message.message, message.error);
        else this.setState({ ...this.state, lastError: message.message });
        return;
      }
      default:
        return;
    }
  }

  private applyDelta(sub: Subscription, message: WsDeltaMessage): void {
    if (!sub.table || message.base !== sub.lastSeq) {
      this.resync(sub);
      return;
    }
    try {
      sub.table = applyTableDelta(sub.table, message);
    } catch (error) {
      if (!(error instanceof DeltaMismatchError)) throw error;
      this.resync(sub);
      return;
    }
    sub.lastSeq = message.seq;
    sub.onSnapshot(sub.table.table, message.seq, 'delta');
  }

  /** Missed a state, or got one that does not fit: ask again; the server answers with a snapshot. */
  private resync(sub: Subscription): void {
    sub.resyncing = true;
    sub.table = null;
    sub.lastSeq = -1;
    this.sendSubscribe(sub);
  }

  private sendSubscribe(sub: Subscription): void {
    const topic = sub.request.topic ?? 'premium';
    this.send({
      op: 'subscribe',
      id: sub.id,
      topic,
      interval: sub.request.interval,
      params: sub.request.params,
      ...(isDeltaTopic(topic) ? { deltas: true } : {}),
      ...(sub.held ? { since: sub.held.etag } : {}),
    });
  }

  private send(message: unknown): void {
    try {
      this.socket?.send(JSON.stringify(message));
    } catch {
      // The close handler reconnects and resubscribes.
    }
  }

  private scheduleReconnect(): void {
    const delay = backoffDelay(this.attempt, this.random());
    this.attempt += 1;
    this.setState({ ...this.state, status: 'waiting', retryAt: this.now() + delay });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.subs.size > 0) this.connect();
      else this.setState({ ...this.state, status: 'idle', retryAt: null });
    }, delay);
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => {
      const socket = this.socket;
      if (!socket) return;
      if (this.now() - this.lastMessageAt > SILENCE_LIMIT_MS) {
        // The link looks open but nothing arrives: drop it and start over.
        this.socket = null;
        this.stopHeartbeat();
        socket.close(4000, 'silent');
        this.scheduleReconnect();
        return;
      }
      this.send({ op: 'ping' });
    }, HEARTBEAT_MS);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private teardown(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.retryTimer = null;
    this.idleTimer = null;
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'idle');
  }

  private setState(next: ConnectionState): void {
    const prev = this.state;
    if (prev.status === next.status && prev.retryAt === next.retryAt && prev.lastError === next.lastError)
      return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

/** ws:// or wss:// on the page's own origin, as the SPA is served by the API server. */
export function socketUrl(location: { protocol: string; host: string }, language: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/v1/ws?lang=${encodeURIComponent(language)}`;
}
