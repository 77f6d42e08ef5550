import type { FeedRejectReason } from '@spreadscope/core';

/** The latest event the gate refused from a venue, for operators. */
export interface Rejection {
  readonly at: number;
  readonly reason: FeedRejectReason;
  /** `spot BTC/KRW`, or `USD/KRW` for forex. */
  readonly market: string;
  readonly detail: string;
}

export interface VenueRejects {
  readonly counts: Readonly<Record<FeedRejectReason, number>>;
  readonly total: number;
  readonly last: Rejection | null;
}
