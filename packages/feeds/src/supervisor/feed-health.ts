import type { FeedKind, FeedTransport, VenueStatus } from '@spreadscope/core';

// The vocabulary is shared with the API contract and the web app (core/source-status.ts).
export { FEED_KINDS, type FeedKind, type FeedTransport } from '@spreadscope/core';

export type FeedStatus = Extract<VenueStatus, 'connecting' | 'connected' | 'degraded' | 'down'>;

/** One feed's health as operators see it on /exchanges. */
export interface FeedHealth {
  readonly feed: FeedKind;
  /** The transport the feed is built on. */
  readonly transport: FeedTransport;
  /** What delivered the latest data: the stream itself, or the REST fallback while the stream is down. */
  readonly via: FeedTransport | null;
  readonly status: FeedStatus;
  /** Epoch ms of the last data received (either way). */
  readonly lastMessageAt: number | null;
  /** Why the feed is degraded or down, in plain words; null while healthy. */
  readonly lastError: string | null;
  /** Reconnects (streams) or failed rounds (polls) since start. */
  readonly restarts: number;
}

export interface SupervisedTask {
  readonly feed: FeedKind;
  start(): void;
  stop(): Promise<void>;
  /** Resolves once the task's loops have exited (after stop). */
  settled(): Promise<void>;
  health(): FeedHealth;
}
