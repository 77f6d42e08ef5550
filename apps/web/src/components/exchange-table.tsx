import type { ExchangeSummary, VenueConnection } from '@spreadscope/contracts';
import { formatCompact } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../hooks/use-locale.ts';
import { formatDuration } from '../lib/duration.ts';
import { ExchangeFeeds } from './exchange-feeds.tsx';
import { ExchangeProblem } from './exchange-problem.tsx';
import { ExchangeRejects } from './exchange-rejects.tsx';
import { VenueStatusBadge } from './venue-status-badge.tsx';

/** One region's venues: status, how fresh their prices are, each feed, and what is wrong, in words. */
export function ExchangeTable({
  title,
  venues,
  summaries,
}: {
  title: string;
  venues: readonly VenueConnection[];
  /** Markets and 24 h volume per venue (exchanges/overview), when loaded. */
  summaries?: ReadonlyMap<string, ExchangeSummary> | undefined;
}) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  return (
    <table className="exchange-table">
      <caption className="exchange-table__caption">{title}</caption>
      <thead>
        <tr>
          <th scope="col">{t('exchanges.columns.venue')}</th>
          <th scope="col">{t('exchanges.columns.status')}</th>
          <th scope="col" className="exchange-table__num">
            {t('exchangeDetail.overviewColumns.markets')}
          </th>
          <th scope="col" className="exchange-table__num">
            {t('exchangeDetail.overviewColumns.volume')}
          </th>
          <th scope="col" className="exchange-table__num">
            {t('exchanges.columns.lastMessage')}
          </th>
          <th scope="col">{t('exchanges.columns.feeds')}</th>
          <th scope="col" className="exchange-table__num">
            {t('exchanges.columns.rejected')}
          </th>
          <th scope="col">{t('exchanges.columns.problem')}</th>
        </tr>
      </thead>
      <tbody>
        {venues.map((venue) => (
          <tr key={venue.id} data-testid={`exchange-row-${venue.id}`} data-status={venue.status}>
            <th scope="row" className="exchange-table__venue">
              <Link to={to(`/exchanges/${venue.id}`)} data-testid={`exchange-link-${venue.id}`}>
                {t(`venues.${venue.id}`)}
              </Link>
              <span className="exchanges__muted">{t(`exchanges.kinds.${venue.kind}`)}</span>
            </th>
            <td>
              <span className="exchange-table__status">
                <VenueStatusBadge venue={venue} />
                {venue.status === 'connected' ? <span>{t('venueStatus.connected')}</span> : null}
              </span>
            </td>
            <td className="exchange-table__num num" data-testid={`exchange-markets-${venue.id}`}>
              {summaries?.get(venue.id)?.markets ?? '—'}
            </td>
            <td className="exchange-table__num num" data-testid={`exchange-volume-${venue.id}`}>
              {(() => {
                const volume = summaries?.get(venue.id)?.volume24hUsd;
                return volume === null || volume === undefined ? '—' : formatCompact(volume, 'USD', language);
              })()}
            </td>
            <td className="exchange-table__num num">
              {venue.lastMessageAgeMs === null
                ? t('exchanges.never')
                : t('exchanges.ago', { age: formatDuration(venue.lastMessageAgeMs, t) })}
            </td>
            <td>
              <ExchangeFeeds venue={venue.id} feeds={venue.feeds} />
            </td>
            <td
              className="exchange-table__num num"
              data-testid={`exchange-rejects-${venue.id}`}
              data-rejects={venue.rejects.total}
            >
              <ExchangeRejects rejects={venue.rejects} />
            </td>
            <td className="exchange-table__problem" data-testid={`exchange-problem-${venue.id}`}>
              <ExchangeProblem venue={venue} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
