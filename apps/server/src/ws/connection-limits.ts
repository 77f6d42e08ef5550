/**
 * What one client may make the server do over the WebSocket. Every distinct subscription is a table the server
 * recomputes on every push, so the bounds are on distinct groups (per connection, per IP, in all), on
 * connections per IP, and on messages per socket. The defaults sit well above what the web app opens (one
 * socket per tab, one to four subscriptions per page) so they never bother a real user.
 */
export interface WsLimits {
  /** Open sockets per client IP. */
  readonly connectionsPerIp: number;
  /** Subscriptions per connection (ids; several may share a group). */
  readonly subscriptions: number;
  /** Distinct groups (tables recomputed per push) one connection may hold. */
  readonly groupsPerConnection: number;
  /** Distinct groups all connections of one IP may hold together. */
  readonly groupsPerIp: number;
  /** Live groups in all; a subscription that would open one more is refused until some empty out. */
  readonly groups: number;
  /** Sustained messages per second per socket (a token bucket refilled at this rate)… */
  readonly messagesPerSecond: number;
  /** …and the burst it holds, e.g. a reconnect resubscribing everything at once. */
  readonly messageBurst: number;
}

export const DEFAULT_WS_LIMITS: WsLimits = {
  connectionsPerIp: 32,
  subscriptions: 20,
  groupsPerConnection: 8,
  groupsPerIp: 32,
  groups: 2_000,
  messagesPerSecond: 20,
  messageBurst: 60,
};

/** The verdict on one message from a socket under the rate limit. */
export type RateVerdict = 'accept' | 'refuse' | 'refuse-quietly' | 'close';

/**
 * A token bucket per socket. A message over the limit is refused (the first of a run with an error the client
 * reads, the rest quietly, so a flood is not answered by a flood); a socket that keeps sending a whole further
 * burst while refused is abusing, and is closed.
 */
export class MessageBucket {
  private tokens: number;
  private at: number;
  /** Messages refused since the last one accepted. */
  private refused = 0;

  constructor(
    private readonly limits: Pick<WsLimits, 'messagesPerSecond' | 'messageBurst'>,
    now: number,
  ) {
    this.tokens = limits.messageBurst;
    this.at = now;
  }

  take(now: number): RateVerdict {
    const { messagesPerSecond, messageBurst } = this.limits;
    this.tokens = Math.min(messageBurst, this.tokens + ((now - this.at) / 1_000) * messagesPerSecond);
    this.at = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.refused = 0;
      return 'accept';
    }
    this.refused++;
    if (this.refused > messageBurst) return 'close';
    return this.refused === 1 ? 'refuse' : 'refuse-quietly';
  }
}

/**
 * Connections and the groups they hold, per client IP: how many sockets an IP has open, and in how many
 * distinct groups its sockets are (a group shared by two of its sockets counts once).
 */
export class IpLedger {
  private readonly connections = new Map<string, number>();
  private readonly groups = new Map<string, Map<string, number>>();

  connectionsOf(ip: string): number {
    return this.connections.get(ip) ?? 0;
  }

  connect(ip: string): void {
    this.connections.set(ip, this.connectionsOf(ip) + 1);
  }

  disconnect(ip: string): void {
    const left = this.connectionsOf(ip) - 1;
    if (left > 0) this.connections.set(ip, left);
    else this.connections.delete(ip);
  }

  /** Distinct groups the IP's connections hold. */
  groupsOf(ip: string): number {
    return this.groups.get(ip)?.size ?? 0;
  }

  holds(ip: string, key: string): boolean {
    return this.groups.get(ip)?.has(key) === true;
  }

  /** How many of the IP's connections hold the group. */
  sharedBy(ip: string, key: string): number {
    return this.groups.get(ip)?.get(key) ?? 0;
  }

  /** One of the IP's connections joined a group. */
  join(ip: string, key: string): void {
    let held = this.groups.get(ip);
    if (!held) {
      held = new Map();
      this.groups.set(ip, held);
    }
    held.set(key, (held.get(key) ?? 0) + 1);
  }

  /** One of the IP's connections left a group. */
  leave(ip: string, key: string): void {
    const held = this.groups.get(ip);
    const count = held?.get(key);
    if (!held || count === undefined) return;
    if (count > 1) held.set(key, count - 1);
    else held.delete(key);
    if (held.size === 0) this.groups.delete(ip);
  }
}

/** What the admission check reads of a connection. */
export interface Holder {
  readonly ip: string | undefined;
  /** subscription id → its group key */
  readonly subscriptions: ReadonlyMap<string, { readonly key: string }>;
  /** group keys it holds */
  readonly memberships: ReadonlyMap<string, unknown>;
}

export interface LimitRefusal {
  readonly error: 'too_many_subscriptions' | 'too_many_groups' | 'server_busy';
  readonly key: 'ws.tooManySubscriptions' | 'ws.tooManyGroups' | 'ws.serverBusy';
  readonly params: Record<string, number>;
}

/** The limits applied: who may connect, and whether a subscription may open one more group. */
export class Admission {
  readonly ledger = new IpLedger();

  constructor(readonly limits: WsLimits) {}

  mayConnect(ip: string | undefined): boolean {
    return ip === undefined || this.ledger.connectionsOf(ip) < this.limits.connectionsPerIp;
  }

  /** A subscription `id` may not be added at all: the connection holds as many as allowed. */
  subscriptionRefusal(holder: Holder, id: string): LimitRefusal | null {
    if (holder.subscriptions.has(id) || holder.subscriptions.size < this.limits.subscriptions) return null;
    return {
      error: 'too_many_subscriptions',
      key: 'ws.tooManySubscriptions',
      params: { limit: this.limits.subscriptions },
    };
  }

  /**
   * Why subscription `id` may not be (re)pointed at group `key`: the connection or its IP would hold more
   * distinct groups than allowed, or the server as many as it serves (`live`: the group exists; `groups`: how
   * many do). The group the subscription leaves counts as freed when nothing else of the connection (or of its
   * IP) holds it.
   */
  groupRefusal(holder: Holder, id: string, key: string, live: boolean, groups: number): LimitRefusal | null {
    const counted = this.subscriptionRefusal(holder, id);
    if (counted) return counted;
    if (holder.memberships.has(key)) return null;
    const old = holder.subscriptions.get(id)?.key;
    let frees = old !== undefined;
    for (const [other, sub] of holder.subscriptions) if (other !== id && sub.key === old) frees = false;
    const tooMany = { error: 'too_many_groups', key: 'ws.tooManyGroups', params: {} } as const;
    if (holder.memberships.size - (frees ? 1 : 0) >= this.limits.groupsPerConnection) return tooMany;
    const { ip } = holder;
    if (ip !== undefined && !this.ledger.holds(ip, key)) {
      const ipFrees = frees && old !== undefined && this.ledger.sharedBy(ip, old) === 1;
      if (this.ledger.groupsOf(ip) - (ipFrees ? 1 : 0) >= this.limits.groupsPerIp) return tooMany;
    }
    if (!live && groups >= this.limits.groups)
      return { error: 'server_busy', key: 'ws.serverBusy', params: {} };
    return null;
  }
}

/** The limits from the server's configuration (config.ts, README). */
export function wsLimitsFromConfig(config: {
  readonly WS_MAX_CONNECTIONS_PER_IP: number;
  readonly WS_MAX_SUBSCRIPTIONS: number;
  readonly WS_MAX_GROUPS_PER_CONNECTION: number;
  readonly WS_MAX_GROUPS_PER_IP: number;
  readonly WS_MAX_GROUPS: number;
  readonly WS_MESSAGES_PER_SECOND: number;
  readonly WS_MESSAGE_BURST: number;
}): WsLimits {
  return {
    connectionsPerIp: config.WS_MAX_CONNECTIONS_PER_IP,
    subscriptions: config.WS_MAX_SUBSCRIPTIONS,
    groupsPerConnection: config.WS_MAX_GROUPS_PER_CONNECTION,
    groupsPerIp: config.WS_MAX_GROUPS_PER_IP,
    groups: config.WS_MAX_GROUPS,
    messagesPerSecond: config.WS_MESSAGES_PER_SECOND,
    messageBurst: config.WS_MESSAGE_BURST,
  };
}
