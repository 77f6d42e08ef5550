import type { Redis } from 'ioredis';
import type { ClusterKeys } from './cluster-keys.ts';
import { type Frame, KeyTable, type LogEntry, readFrame, type SnapshotBody } from './log-entry.ts';

/** A place in the log: the stream id of an entry and its sequence number. */
export interface LogPosition {
  readonly id: string;
  readonly seq: number;
}

/** A stored snapshot or entry, not yet decoded: decoding needs the reader's id table, in log order. */
export interface StoredFrame extends LogPosition {
  readonly frame: Frame;
}

/** The latest snapshot, or null before the ingest wrote one. */
export async function readSnapshot(redis: Redis, keys: ClusterKeys): Promise<StoredFrame | null> {
  const [id, seq, body] = await redis.hmgetBuffer(keys.snapshot, 'id', 'seq', 'body');
  if (!id || !seq || !body) return null;
  return { id: id.toString(), seq: Number(seq.toString()), frame: readFrame(body) };
}

function toEntries(rows: [Buffer, Buffer[]][]): StoredFrame[] {
  return rows.map(([id, fields]) => {
    let seq = Number.NaN;
    let entry: Buffer | undefined;
    for (let i = 0; i + 1 < fields.length; i += 2) {
      const name = (fields[i] as Buffer).toString();
      if (name === 'seq') seq = Number((fields[i + 1] as Buffer).toString());
      else if (name === 'entry') entry = fields[i + 1];
    }
    return { id: id.toString(), seq, frame: readFrame(entry ?? Buffer.alloc(0)) };
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
): Promise<StoredFrame[]> {
  const result = (await redis.xreadBuffer('COUNT', count, 'BLOCK', blockMs, 'STREAMS', keys.log, after)) as
    | [Buffer, [Buffer, Buffer[]][]][]
    | null;
  return result?.[0] ? toEntries(result[0][1]) : [];
}

/** Every entry after `after` now in the log (no waiting): what a new ingest replays over the snapshot. */
export async function readRest(redis: Redis, keys: ClusterKeys, after: string): Promise<StoredFrame[]> {
  const rows = (await redis.xrangeBuffer(keys.log, `(${after}`, '+')) as unknown as [Buffer, Buffer[]][];
  return toEntries(rows);
}

/** The market the log holds now, decoded: the snapshot, the entries after it, and the id table they used. */
export interface LatestState {
  readonly snapshot: SnapshotBody;
  readonly entries: LogEntry[];
  readonly table: KeyTable;
}

/** The snapshot plus what followed it, as far as it connects (no entry missing in between). */
export async function readLatestState(redis: Redis, keys: ClusterKeys): Promise<LatestState | null> {
  const stored = await readSnapshot(redis, keys);
  if (!stored) return null;
  const table = new KeyTable();
  const snapshot = table.snapshot(stored.frame);
  const entries: LogEntry[] = [];
  let seq = stored.seq;
  for (const read of await readRest(redis, keys, stored.id)) {
    if (read.seq !== seq + 1) break;
    entries.push(table.entry(read.frame));
    seq = read.seq;
  }
  return { snapshot, entries, table };
}
