import type { AnnouncementsResponse } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../hooks/use-locale.ts';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { venueName } from '../events/announcements-view.tsx';
import { formatKst } from '../events/events-format.ts';

/**
 * The notice and event tabs: the announcements that name the token (the `/announcements` call's token filter),
 * notices as listings, delistings and notices, events as the exchanges' user events.
 */
export function TokenNoticesTab({ token, kind }: { token: string; kind: 'notice' | 'event' }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const category = kind === 'notice' ? 'listing,delisting,notice' : 'user_events';
  const list = useMarketQuery<AnnouncementsResponse>(
    '/announcements',
    { token, category, limit: 50 },
    60_000,
  );
  const rows = list.data?.data ?? [];
  const copy = kind === 'notice' ? 'noticeTab' : 'eventTab';
  return (
    <div className="token-tab" data-testid={`token-${kind}-tab`}>
      <p className="token-tab__lead">{t(`tokenDetail.${copy}.lead`, { token })}</p>
      {list.error ? (
        <p className="token-tab__message" role="alert">
          {t('tokenDetail.noticeTab.failed', { message: list.error.message })}
        </p>
      ) : rows.length === 0 ? (
        <p className="token-tab__message" role="status">
          {list.isFetching ? t('tokenDetail.noticeTab.loading') : t(`tokenDetail.${copy}.none`, { token })}
        </p>
      ) : (
        <ul className="token-tab__list" data-testid={`token-${kind}-list`}>
          {rows.map((a) => (
            <li key={a.id}>
              <time className="token-tab__time num">{formatKst(a.date, language)}</time>
              <span className="token-tab__venue">{venueName(a.exchange)}</span>
              <a href={a.url} target="_blank" rel="noopener noreferrer">
                {a.title}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
