import type { VenueConnection } from '@spreadscope/contracts';

/** The venues this server reads (not switched off, not unsupported) and how many of them are answering. */
export function venuesUp(venues: readonly VenueConnection[] | undefined): { up: number; tracked: number } {
  const tracked = venues?.filter((v) => v.status !== 'disabled' && v.status !== 'unsupported') ?? [];
  const up = tracked.filter((v) => v.status === 'connected' || v.status === 'degraded').length;
  return { up, tracked: tracked.length };
}
