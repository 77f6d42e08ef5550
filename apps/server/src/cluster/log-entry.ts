import type { DataSourceState, MarketEvent } from '@spreadscope/core';
import type { ForexHealth, LiveFailure, VenueLink, VenueRejects } from '@spreadscope/feeds';
import { decodeEvents, encodeEvents, type KeyInterner, type MarketKey } from './log-codec.ts';

/**
 * What the ingest tells the replicas besides the events: the source's mode and venue links (the UI banner and
 * /exchanges), sent with every entry or every few seconds.
 */
export interface SourceStatus {
  readonly state: DataSourceState;
  readonly links?: readonly VenueLink[];
  readonly forex?: ForexHealth | null;
  readonly liveFailures?: readonly LiveFailure[];
  /**
   * The ingest's gate refusals per venue (and `forex`): only the ingest runs the gate, so replicas show its
   * counts — also for venues the source has no link for.
   */
  readonly rejects?: Readonly<Record<string, VenueRejects>>;
}

/**
 * One entry of the event log: the events the ingest applied during one tick, then the tick mark itself. A
 * replica applies an entry whole and then sets its market clock to `at`, so every replica showing the clock
 * `at` holds exactly the same events.
 */
export interface LogEntry {
  /** The ingest's market clock at the end of the tick (epoch ms). */
  readonly at: number;
  /** The ingest's wall clock when it appended the entry: replica lag is measured from here. */
  readonly publishedAt: number;
  readonly events: readonly MarketEvent[];
  /** Present when it changed, and every few seconds for replicas that start late. */
  readonly status?: SourceStatus;
}

/** A snapshot: the log position it stands for, the latest event of every market, and the source's status. */
export interface SnapshotBody extends LogEntry {
  readonly status: SourceStatus;
}

export class LogEntryError extends Error {
  override readonly name = 'LogEntryError';
}

/** The JSON head of a frame; the events' numbers follow it (see log-codec.ts). */
interface FrameHead {
  readonly at: number;
  readonly publishedAt: number;
  /** Events in the frame. */
  readonly n: number;
  /** The id the first of `keys` gets: 0 in a snapshot (the whole table), else the table's size before. */
  readonly keysFrom: number;
  readonly keys: readonly MarketKey[];
  readonly other: readonly MarketEvent[];
  readonly status?: SourceStatus;
}

/** An entry or snapshot as stored: a frame not yet decoded (decoding needs the reader's id table). */
export interface Frame extends FrameHead {
  readonly body: Float64Array;
}

const VERSION = 1;

/** version u8, 3 bytes zero, head length u32, head JSON, zeros up to a multiple of 8, then the float64s. */
function pack(head: FrameHead, body: Float64Array): Buffer {
  const json = Buffer.from(JSON.stringify(head));
  const start = Math.ceil((8 + json.length) / 8) * 8;
  const out = Buffer.alloc(start + body.byteLength);
  out.writeUInt8(VERSION, 0);
  out.writeUInt32LE(json.length, 4);
  json.copy(out, 8);
  out.set(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), start);
  return out;
}

/** Reads a stored entry or snapshot; the ingest is ours, so a malformed one is a bug or a foreign writer. */
export function readFrame(data: Buffer): Frame {
  if (data.length < 8 || data.readUInt8(0) !== VERSION) {
    throw new LogEntryError('log entry is not a version 1 frame');
  }
  const length = data.readUInt32LE(4);
  const start = Math.ceil((8 + length) / 8) * 8;
  if (start > data.length || (data.length - start) % 8 !== 0)
    throw new LogEntryError('log entry is cut short');
  let head: Partial<FrameHead> | null;
  try {
    head = JSON.parse(data.toString('utf8', 8, 8 + length)) as Partial<FrameHead> | null;
  } catch {
    throw new LogEntryError('log entry head is not valid JSON');
  }
  if (
    !head ||
    typeof head.at !== 'number' ||
    typeof head.publishedAt !== 'number' ||
    typeof head.keysFrom !== 'number' ||
    !Array.isArray(head.keys) ||
    !Array.isArray(head.other)
  ) {
    throw new LogEntryError('log entry lacks at, publishedAt or its id table');
  }
  const offset = data.byteOffset + start;
  const floats = (data.length - start) / 8;
  // Float64Array needs an aligned offset; Redis replies land anywhere in a pooled buffer.
  const body =
    offset % 8 === 0
      ? new Float64Array(data.buffer, offset, floats)
      : new Float64Array(new Uint8Array(data.subarray(start)).buffer);
  return { ...(head as FrameHead), body };
}

/** Encodes one tick's events, with the ids this entry introduces. */
export function encodeEntry(
  at: number,
  publishedAt: number,
  events: readonly MarketEvent[],
  interner: KeyInterner,
  status?: SourceStatus,
  ids?: readonly number[],
): Buffer {
  const { body, other } = encodeEvents(events, interner, ids);
  const { from, keys } = interner.takeNew();
  return pack(
    { at, publishedAt, n: events.length, keysFrom: from, keys, other, ...(status ? { status } : {}) },
    body,
  );
}

/** Encodes a snapshot: the latest event per market, with the whole id table (a reader starts over from it). */
export function encodeSnapshot(
  at: number,
  publishedAt: number,
  events: readonly MarketEvent[],
  interner: KeyInterner,
  status: SourceStatus,
): Buffer {
  const { body, other } = encodeEvents(events, interner);
  return pack(
    { at, publishedAt, n: events.length, keysFrom: 0, keys: interner.keys.slice(), other, status },
    body,
  );
}

/**
 * A reader's copy of the id table, following the log: a snapshot replaces it, each entry extends it. An entry
 * that introduces ids beyond the table's end follows an entry this reader never saw: that is a gap.
 */
export class KeyTable {
  keys: MarketKey[] = [];

  /** Decodes a snapshot, starting the table over from it. */
  snapshot(frame: Frame): SnapshotBody {
    if (frame.keysFrom !== 0 || !frame.status?.state)
      throw new LogEntryError('snapshot lacks its table or status');
    this.keys = [...frame.keys];
    return { at: frame.at, publishedAt: frame.publishedAt, events: this.events(frame), status: frame.status };
  }

  /** Decodes the entry after the last one read; throws LogGapError when ids it needs were never read. */
  entry(frame: Frame): LogEntry {
    if (frame.keysFrom > this.keys.length) {
      throw new LogGapError(
        `log entry introduces id ${frame.keysFrom}, this reader knows ${this.keys.length}`,
      );
    }
    // Ids can come twice (an entry re-sends the ones of an append that failed): the first word stands.
    for (let k = this.keys.length - frame.keysFrom; k < frame.keys.length; k++) {
      this.keys.push(frame.keys[k] as MarketKey);
    }
    const events = this.events(frame);
    return {
      at: frame.at,
      publishedAt: frame.publishedAt,
      events,
      ...(frame.status ? { status: frame.status } : {}),
    };
  }

  private events(frame: Frame): MarketEvent[] {
    const events = decodeEvents(frame.body, frame.other, this.keys);
    if (events.length !== frame.n)
      throw new LogEntryError('log entry holds another number of events than it says');
    return events;
  }
}

/** The reader missed ids: it must start over from a snapshot. */
export class LogGapError extends LogEntryError {}
