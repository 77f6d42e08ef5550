import { formatDuration } from '@spreadscope/core';
import { useMarketStatus } from '../hooks/use-market-status.ts';

/**
 * A premium duration, from its start (`durationSince`) to the engine time of the newest table. Rows carry the
 * start so that a row whose run goes on stays the same object from tick to tick; only this text redraws as
 * the clock moves.
 */
export function DurationSince({ since }: { readonly since: number }) {
  const { updatedAt } = useMarketStatus();
  return formatDuration(updatedAt === null ? Number.NaN : Math.max(0, updatedAt - since));
}
