import type { VenueConnection } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { troubledFeeds } from '../lib/exchange-health.ts';

/**
 * What is wrong with a venue, in the reader's language (which feeds, in what state, whether REST stands in),
 * with the adapter's own diagnostic — hosts, HTTP statuses, the venue's words — one click away for operators.
 */
export function ExchangeProblem({ venue }: { venue: VenueConnection }) {
  const { t } = useTranslation();
  const troubled = troubledFeeds(venue.feeds);
  if (venue.lastError === null && troubled.length === 0) {
    return <span className="exchanges__muted">{t('exchanges.none')}</span>;
  }
  const summary =
    troubled.length > 0
      ? troubled
          .map((f) =>
            t(f.fallback ? 'exchanges.problemFallback' : 'exchanges.problemFeed', {
              feed: t(`exchanges.feeds.${f.feed}`),
              status: t(`venueStatus.${f.status}`),
            }),
          )
          .join(' · ')
      : t(`exchanges.problemVenue.${venue.status}`);
  return (
    <div className="exchange-problem">
      <span>{summary}</span>
      {venue.lastError ? (
        <details className="exchange-problem__detail">
          <summary>{t('exchanges.technicalDetail')}</summary>
          <code lang="en">{venue.lastError}</code>
        </details>
      ) : null}
    </div>
  );
}
