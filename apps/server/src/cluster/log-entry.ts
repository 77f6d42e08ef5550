import type { DataSourceState, MarketEvent } from '@spreadscope/core';
import type { ForexHealth, LiveFailure, VenueLink } from '@spreadscope/feeds';

/**
 * What the ingest tells the replicas besides the events: the source's mode and venue links (the UI banner and
 * /exchanges), sent with every entry or every few seconds.
 */
export interface SourceStatus {
  readonly state: DataSourceState;
  readonly links?: readonly VenueLink[];
  readonly forex?: ForexHealth | null;
  readonly liveFailures?: readonly LiveFailure[];
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

/**
 * Serializes an entry from events already serialized one by one (the ingest keeps each event's JSON for the
 * snapshot, so every event is stringified once).
 */
export function encodeEntry(
  at: number,
  publishedAt: number,
  eventsJson: readonly string[],
  status?: SourceStatus,
): string {
  const head = `{"at":${at},"publishedAt":${publishedAt},"events":[${eventsJson.join(',')}]`;
  return status ? `${head},"status":${JSON.stringify(status)}}` : `${head}}`;
}

export class LogEntryError extends Error {
  override readonly name = 'LogEntryError';
}

/** Parses an entry; the ingest is ours, so a malformed one is a bug or a foreign writer, reported by throwing. */
export function decodeEntry(text: string): LogEntry {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new LogEntryError('log entry is not valid JSON');
  }
  const entry = raw as Partial<LogEntry> | null;
  if (
    !entry ||
    typeof entry.at !== 'number' ||
    typeof entry.publishedAt !== 'number' ||
    !Array.isArray(entry.events)
  ) {
    throw new LogEntryError('log entry lacks at, publishedAt or events');
  }
  return entry as LogEntry;
}

/** A snapshot: the log position it stands for, the latest event of every market, and the source's status. */
export interface SnapshotBody {
  readonly at: number;
  /** The ingest's wall clock when it wrote the snapshot: a replica starting from it knows how old it is. */
  readonly publishedAt: number;
  readonly events: readonly MarketEvent[];
  readonly status: SourceStatus;
}

export function encodeSnapshot(
  at: number,
  publishedAt: number,
  eventsJson: Iterable<string>,
  status: SourceStatus,
): string {
  return `{"at":${at},"publishedAt":${publishedAt},"events":[${[...eventsJson].join(',')}],"status":${JSON.stringify(status)}}`;
}

export function decodeSnapshot(text: string): SnapshotBody {
  const raw = JSON.parse(text) as Partial<SnapshotBody> | null;
  if (
    !raw ||
    typeof raw.at !== 'number' ||
    typeof raw.publishedAt !== 'number' ||
    !Array.isArray(raw.events) ||
    !raw.status?.state
  ) {
    throw new LogEntryError('snapshot lacks at, events or status');
  }
  return raw as SnapshotBody;
}
