import type { AnnouncementsResponse } from '@spreadscope/contracts';
import { isVenueId } from '@spreadscope/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TradingFeesTable } from '../../components/trading-fees-table.tsx';
import { useLocale } from '../../hooks/use-locale.ts';
import { getJson } from '../../lib/api-client.ts';
import { formatKst } from '../events/events-format.ts';

/**
 * The exchange detail page's parts that other modules own: trading fees by VIP level (margin/fees) and the
 * venue's latest notices (announcements). Each takes the venue as its only input.
 */

export function ExchangeFeesSlot({ exchange }: { exchange: string }) {
  const { t } = useTranslation();
  return (
    <section
      className="exchange-detail__section"
      aria-labelledby="fees-title"
      data-testid="exchange-fees-slot"
      data-exchange={exchange}
    >
      <h2 id="fees-title">{t('exchangeDetail.feesTitle')}</h2>
      {isVenueId(exchange) ? (
        <TradingFeesTable exchange={exchange} />
      ) : (
        <p className="exchange-detail__muted">{t('exchangeDetail.feesPending')}</p>
      )}
    </section>
  );
}

const LATEST = 8;

export function ExchangeNoticesSlot({ exchange }: { exchange: string }) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const notices = useQuery({
    queryKey: ['exchange-notices', exchange, language],
    queryFn: ({ signal }) =>
      getJson<AnnouncementsResponse>(
        '/announcements',
        { exchange, page: 1, limit: LATEST },
        language,
        signal,
      ),
    refetchInterval: 60_000,
  });
  const rows = notices.data?.data ?? [];
  return (
    <section
      className="exchange-detail__section"
      aria-labelledby="notices-title"
      data-testid="exchange-notices-slot"
      data-exchange={exchange}
    >
      <h2 id="notices-title">{t('exchangeDetail.noticesTitle')}</h2>
      {rows.length === 0 ? (
        <p className="exchange-detail__muted">{t('exchangeDetail.noticesPending')}</p>
      ) : (
        <ul className="exchange-detail__notices" data-testid="exchange-notices">
          {rows.map((notice) => (
            <li key={notice.id}>
              <time dateTime={new Date(notice.date).toISOString()}>{formatKst(notice.date, language)}</time>{' '}
              <a href={notice.url} target="_blank" rel="noopener noreferrer">
                {notice.title}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={`${to('/events')}?exchange=${encodeURIComponent(exchange)}`}>
          {t('exchangeDetail.allNotices')}
        </Link>
      </p>
    </section>
  );
}
