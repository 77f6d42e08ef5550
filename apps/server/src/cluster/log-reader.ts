import type { Redis } from 'ioredis';
import type { ClusterKeys } from './cluster-keys.ts';
import { decodeEntry, decodeSnapshot, type LogEntry, type SnapshotBody } from './log-entry.ts';

/** A place in the log: the stream id of an entry and its sequence number. */
export interface LogPosition {
  readonly id: string;
  readonly seq: number;
}

export interface Snapshot extends LogPosition {
  readonly body: SnapshotBody;
}

export interface ReadEntry extends LogPosition {
  readonly entry: LogEntry;
}

/** The latest snapshot, or null before the ingest wrote one. */
export async function readSnapshot(redis: Redis, keys: ClusterKeys): Promise<Snapshot | null> {
  const hash = await redis.hgetall(keys.snapshot);
  if (!hash.id || !hash.seq || !hash.body) return null;
  return { id: hash.id, seq: Number(hash.seq), body: decodeSnapshot(hash.body) };
}

function toEntries(rows: [string, string[]][]): ReadEntry[] {
  return rows.map(([id, fields]) => {
    const map = new Map<string, string>();
    for (let i = 0; i + 1 < fields.length; i += 2) map.set(fields[i] as string, fields[i + 1] as string);
    return { id, seq: Number(map.get('seq')), entry: decodeEntry(map.get('entry') ?? '') };
  });
}

/**
 * Entries after `after`, waiting up to `blockMs` for the first. Needs a connection of its own while it blocks.
 */
export async function readAfter(
  redis: Redis,
  keys: ClusterKeys,
  after: string,
  count: number,
  blockMs: number,
): Promise<ReadEntry[]> {
  const result = (await redis.xread('COUNT', count, 'BLOCK', blockMs, 'STREAMS', keys.log, after)) as
    | [string, [string, string[]][]][]
    | null;
  return result?.[0] ? toEntries(result[0][1]) : [];
}

/** Every entry after `after` now in the log (no waiting): what a new ingest replays over the snapshot. */
export async function readRest(redis: Redis, keys: ClusterKeys, after: string): Promise<ReadEntry[]> {
  const rows = (await redis.xrange(keys.log, `(${after}`, '+')) as [string, string[]][];
  return toEntries(rows);
}

/** The snapshot plus what followed it, when it still connects (no entry missing in between). */
export async function readLatestState(
  redis: Redis,
  keys: ClusterKeys,
): Promise<{ snapshot: Snapshot; entries: ReadEntry[] } | null> {
  const snapshot = await readSnapshot(redis, keys);
  if (!snapshot) return null;
  const entries = await readRest(redis, keys, snapshot.id);
  const first = entries[0];
  if (first && first.seq !== snapshot.seq + 1) return { snapshot, entries: [] };
  return { snapshot, entries };
}
