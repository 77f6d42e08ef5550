import type { WsTopic } from '@spreadscope/contracts';
import type { UpdateInterval } from '@spreadscope/core';
import { etagOf } from '../http/answer-cache.ts';
import type { TableView } from '../modules/market/gated-rows.ts';
import type { Frame } from './frame-writer.ts';
import type { HeldTable } from './held-tables.ts';

/** One state of a group's table: the data its subscribers see, serialized at most once per form. */
export interface GroupState {
  readonly seq: number;
  readonly data: unknown;
  /** The market version it shows, and when it was computed. */
  readonly version: number;
  readonly at: number;
  snapshot: Frame | null;
  /** The delta to this state from an earlier one, by the earlier one's seq (null: send a snapshot). */
  readonly deltas: Map<number, Frame | null>;
  /** The ETag its table serializes to (as the REST answer of the same bytes has), once someone asked. */
  etag?: string;
}

/** What a group is: its members share every state it computes. */
export interface GroupSpec {
  readonly key: string;
  readonly topic: WsTopic;
  readonly interval: UpdateInterval;
  readonly params: unknown;
  /** How the premium and arbitrage tables show to this group's members (gated rows); 'full' otherwise. */
  readonly view: TableView;
  /** A table topic: members who asked for them get deltas. */
  readonly deltas: boolean;
}

export interface Group<M> extends GroupSpec {
  readonly members: Set<M>;
  /** The seq of the newest state (-1: none yet). */
  seq: number;
  /** Members that joined so far: each takes the next turn for periodic snapshots. */
  joined: number;
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

/**
 * The live groups by key, and their states: each group's table is computed once per state, whatever the
 * number of members.
 */
export class SubscriptionGroups<M> {
  private readonly groups = new Map<string, Group<M>>();
  /** Tables computed so far: the work the groups cost. */
  computations = 0;

  constructor(
    /** Computes a group's table as it is now. */
    private readonly compute: (group: Group<M>) => unknown,
    /** The market version now. */
    private readonly version: () => number,
  ) {}

  get size(): number {
    return this.groups.size;
  }

  get(key: string): Group<M> | undefined {
    return this.groups.get(key);
  }

  has(group: Group<M>): boolean {
    return this.groups.get(group.key) === group;
  }

  values(): IterableIterator<Group<M>> {
    return this.groups.values();
  }

  /** The group of `spec.key`, made when there is none. */
  join(spec: GroupSpec): Group<M> {
    let group = this.groups.get(spec.key);
    if (!group) {
      group = {
        ...spec,
        members: new Set(),
        seq: -1,
        joined: 0,
        lastSentAt: 0,
        pending: null,
        states: [],
        snapshotBytes: 0,
        snapshotRows: 0,
      };
      this.groups.set(spec.key, group);
    }
    return group;
  }

  /** Removes a member; a group left without members is forgotten. */
  leave(group: Group<M>, member: M): void {
    group.members.delete(member);
    if (group.members.size > 0) return;
    if (group.pending) clearTimeout(group.pending);
    group.pending = null;
    this.groups.delete(group.key);
  }

  clear(): void {
    for (const group of this.groups.values()) if (group.pending) clearTimeout(group.pending);
    this.groups.clear();
  }

  /**
   * The state a newcomer gets: the newest when it shows the current market and is recent (freshness flags move
   * with the clock), else a new one — which the other members get at the group's next push.
   */
  current(group: Group<M>): GroupState {
    const newest = group.states.at(-1);
    if (newest && newest.version === this.version() && Date.now() - newest.at < STATE_REUSE_MS) return newest;
    return this.advance(group);
  }

  /**
   * The state whose table has the ETag `etag` (a client's `since`): one of the states kept, or else the table
   * `find` knows by that tag (the REST answer the client holds), taken in as the group's newest state — its
   * rows are that answer's bytes parsed, so a delta from it applies to what the client holds. Undefined: none.
   */
  held(group: Group<M>, etag: string, find: () => HeldTable | undefined): GroupState | undefined {
    for (const state of group.states) {
      if (state.etag === undefined) {
        const text = JSON.stringify(state.data);
        state.etag = etagOf(text);
        this.sized(group, text.length, state.data);
      }
      if (state.etag === etag) return state;
    }
    const table = find();
    if (!table) return undefined;
    this.sized(group, table.bytes, table.data);
    const state: GroupState = {
      seq: ++group.seq,
      data: table.data,
      version: table.version,
      at: table.at,
      snapshot: null,
      deltas: new Map(),
      etag,
    };
    this.keep(group, state);
    return state;
  }

  /** Computes the group's table once: its next state. */
  advance(group: Group<M>): GroupState {
    const version = this.version();
    this.computations++;
    const state: GroupState = {
      seq: ++group.seq,
      data: this.compute(group),
      version,
      at: Date.now(),
      snapshot: null,
      deltas: new Map(),
    };
    this.keep(group, state);
    return state;
  }

  /**
   * What a snapshot of the group weighs, when none was serialized yet: the delta builder sends a delta only when
   * it is the smaller, and a group whose members all started from a held table has no snapshot to compare with.
   */
  private sized(group: Group<M>, bytes: number, data: unknown): void {
    if (group.snapshotBytes > 0) return;
    const rows = (data as { data?: unknown } | null)?.data;
    group.snapshotBytes = bytes;
    group.snapshotRows = Array.isArray(rows) ? rows.length : 0;
  }

  private keep(group: Group<M>, state: GroupState): void {
    group.states.push(state);
    if (group.states.length > MAX_STATES) group.states.shift();
  }
}

/** The key members of one group share: topic, interval and the validated params, in a fixed order. */
export function groupKey(topic: string, interval: UpdateInterval, params: unknown): string {
  const entries = Object.entries(params as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return `${topic}:${interval}:${entries.map(([k, v]) => `${k}=${String(v)}`).join('&')}`;
}
