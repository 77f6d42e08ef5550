import { direction, FLASH_MS, type Flash } from './cell-flash.ts';

/**
 * Flashes for tables with one live number per row (funding rates): which rows' value moved since the last
 * snapshot of the same view, and which way. Rows that just appeared do not flash.
 */
export function nextValueFlashes(
  previous: ReadonlyMap<string, number>,
  running: ReadonlyMap<string, Flash>,
  next: ReadonlyMap<string, number>,
  now: number,
  ttl = FLASH_MS,
): Map<string, Flash> {
  const out = new Map<string, Flash>();
  for (const [id, flash] of running) if (now - flash.at < ttl && next.has(id)) out.set(id, flash);
  for (const [id, value] of next) {
    const before = previous.get(id);
    if (before === undefined) continue;
    const dir = direction(before, value);
    if (!dir) continue;
    const current = out.get(id);
    out.set(id, { dir, at: now, parity: current ? (current.parity === 0 ? 1 : 0) : 0 });
  }
  return out;
}
