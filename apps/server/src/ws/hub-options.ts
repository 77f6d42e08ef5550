import type { WsLimits } from './connection-limits.ts';

/** How a TopicHub bounds slow clients, paces pushes and limits what one client may cost. */
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
  /** What one client may make the server do (connection-limits.ts); unset ones take the defaults. */
  readonly limits?: Partial<WsLimits>;
}
