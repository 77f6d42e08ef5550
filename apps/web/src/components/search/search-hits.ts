import { type SearchGroup, type SearchHit, TREND_OFF_REASONS } from '@spreadscope/contracts';

/** A hit with its place in the palette's one keyboard order (groups in the server's order, hits within). */
export interface PlacedHit {
  readonly group: SearchGroup['type'];
  readonly hit: SearchHit;
  readonly index: number;
}

/** Flattens grouped results for arrow-key movement; groups without hits take no place. */
export function placeHits(groups: readonly SearchGroup[]): PlacedHit[] {
  const out: PlacedHit[] = [];
  for (const group of groups)
    for (const hit of group.hits) out.push({ group: group.type, hit, index: out.length });
  return out;
}

/** The next active index after an arrow key, wrapping at both ends; -1 stays -1 when there is nothing. */
export function moveActive(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/** Whether a key press opens the palette: `/` outside a text field, or Ctrl/⌘-K anywhere. */
export function isSearchShortcut(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') return true;
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target as { tagName?: string; isContentEditable?: boolean } | null;
  const tag = target?.tagName?.toLowerCase();
  return !(tag === 'input' || tag === 'textarea' || tag === 'select' || target?.isContentEditable);
}

/** The reasons a trend source gives for being off (contracts), each worded under trend.reasons. */
const REASONS = TREND_OFF_REASONS;

/** The worded reason (trend.reasons) for why a group's source is off; one the client does not know reads "no details". */
export function offReason(reason: string | undefined): (typeof REASONS)[number] | 'none' {
  return REASONS.find((r) => r === reason) ?? 'none';
}
