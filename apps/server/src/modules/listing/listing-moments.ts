import type { AlertListingType, VenueId } from '@spreadscope/core';
import { Publisher } from '../../runtime/publisher.ts';

/**
 * A step of a listing a trader is told about (spec §4 alert strategy "listing arbitrage", alert type): the
 * notice was first seen, deposits opened, trading started. Published once per step by the process that
 * follows the listings (the history writer), in the running source's mode; the alerts module subscribes.
 */
export interface ListingMoment {
  readonly kind: AlertListingType;
  readonly venue: VenueId;
  readonly base: string;
  readonly quote: string;
  /** `{exchange}-{quote}-{base}`: the card's address. */
  readonly slug: string;
  readonly at: number;
  /** The listing premium at that moment (%), null before the new market trades. */
  readonly premiumPct: number | null;
}

export class ListingMoments extends Publisher<ListingMoment> {}
