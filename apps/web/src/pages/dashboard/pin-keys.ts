import { isVenueId, type VenueId } from '@spreadscope/core';

export interface PinnedRow {
  readonly id: string;
  readonly source: VenueId;
  readonly target: VenueId;
  readonly base: string;
}

/**
 * A pin is a table row's id, `<source>-<target>-<BASE>` where a side reads venue[.perp][.quote] (contracts'
 * spread-row). The dashboard asks the premium table for the base on the same two venues; an id of another
 * shape (a future table) is left out rather than guessed.
 */
export function parsePin(id: string): PinnedRow | null {
  const parts = id.split('-');
  if (parts.length !== 3) return null;
  const [sourceSide, targetSide, base] = parts as [string, string, string];
  const source = sourceSide.split('.')[0] ?? '';
  const target = targetSide.split('.')[0] ?? '';
  if (!isVenueId(source) || !isVenueId(target) || !/^[A-Z0-9]{1,20}$/.test(base)) return null;
  return { id, source, target, base };
}

/** Pins grouped by venue pair, so one request per pair fetches every pinned base on it. */
export function groupByPair(
  pins: readonly PinnedRow[],
): { source: VenueId; target: VenueId; bases: string[] }[] {
  const groups = new Map<string, { source: VenueId; target: VenueId; bases: string[] }>();
  for (const pin of pins) {
    const key = `${pin.source}-${pin.target}`;
    const group = groups.get(key) ?? { source: pin.source, target: pin.target, bases: [] };
    if (!group.bases.includes(pin.base)) group.bases.push(pin.base);
    groups.set(key, group);
  }
  return [...groups.values()];
}
