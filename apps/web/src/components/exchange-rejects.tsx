import type { VenueRejectsView } from '@spreadscope/contracts';
import { FEED_REJECT_REASONS } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';

/** How many of a venue's events the ingest refused, with the reasons and the latest one in the tooltip. */
export function ExchangeRejects({ rejects }: { rejects: VenueRejectsView }) {
  const { t, i18n } = useTranslation();
  if (rejects.total === 0) return <span className="exchanges__muted">{t('exchanges.rejects.none')}</span>;
  const counts = FEED_REJECT_REASONS.filter((reason) => (rejects.counts[reason] ?? 0) > 0)
    .map((reason) => t(`exchanges.rejects.reasons.${reason}`, { count: rejects.counts[reason] ?? 0 }))
    .join(', ');
  const title = t('exchanges.rejects.title', {
    counts,
    market: rejects.last?.market ?? '',
    detail: rejects.last?.detail ?? '',
  });
  return (
    <abbr title={title} aria-label={title}>
      {rejects.total.toLocaleString(i18n.language)}
    </abbr>
  );
}
