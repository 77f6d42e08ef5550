import { useTranslation } from 'react-i18next';
import { useMarketStatus } from '../hooks/use-market-status.ts';
import { formatDuration } from '../lib/duration.ts';

/**
 * A premium duration, from its start (`durationSince`) to the engine time of the newest table. Rows carry the
 * start so that a row whose run goes on stays the same object from tick to tick; only this text redraws as
 * the clock moves.
 */
export function DurationSince({ since }: { readonly since: number }) {
  const { t } = useTranslation();
  const { updatedAt } = useMarketStatus();
  return formatDuration(updatedAt === null ? Number.NaN : Math.max(0, updatedAt - since), t);
}
