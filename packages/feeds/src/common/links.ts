import { VENUES, type VenueId } from '@spreadscope/core';
import type { VenueLink } from '../market-source.ts';

/**
 * Every registry venue's link, in registry order: `known` supplies the venues a source handles, the rest
 * are reported `unsupported` with the given reason, so operators always see the full list.
 */
export function linksForAllVenues(
  known: (venue: VenueId) => VenueLink | null,
  unsupportedReason: (venue: VenueId) => string,
): VenueLink[] {
  return VENUES.map(
    (v) =>
      known(v.id) ?? {
        venue: v.id,
        status: 'unsupported',
        lastMessageAt: null,
        lastError: unsupportedReason(v.id),
      },
  );
}
