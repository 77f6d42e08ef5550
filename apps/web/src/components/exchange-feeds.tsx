import type { FeedHealthView } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../lib/duration.ts';
import { usingFallback } from '../lib/exchange-health.ts';

/** A venue's feeds as small status chips; the full story (transport, age, reconnects, error) on hover. */
export function ExchangeFeeds({ venue, feeds }: { venue: string; feeds: readonly FeedHealthView[] }) {
  const { t } = useTranslation();
  if (feeds.length === 0) return <span className="exchanges__muted">{t('exchanges.none')}</span>;
  return (
    <ul className="exchange-feeds">
      {feeds.map((feed) => {
        const name = t(`exchanges.feeds.${feed.feed}`);
        const status = t(`venueStatus.${feed.status}`);
        const title =
          feed.lastMessageAgeMs === null
            ? t('exchanges.feedTitleNever', { feed: name, status })
            : t('exchanges.feedTitle', {
                feed: name,
                status,
                via: t(`exchanges.transports.${feed.via ?? feed.transport}`),
                age: t('exchanges.ago', { age: formatDuration(feed.lastMessageAgeMs, t) }),
                restarts: feed.restarts,
              });
        const fallback = usingFallback(feed);
        return (
          <li
            key={feed.feed}
            className={`exchange-feed exchange-feed--${feed.status}`}
            title={feed.lastError ? `${title} — ${feed.lastError}` : title}
            data-testid={`feed-${venue}-${feed.feed}`}
            data-status={feed.status}
            data-via={feed.via ?? ''}
          >
            <span className="exchange-feed__dot" aria-hidden="true" />
            <span>{name}</span>
            <span className="exchange-feed__via">
              {feed.transport === 'ws' ? 'WS' : t(`exchanges.vias.${feed.transport}`)}
            </span>
            {fallback ? <span className="exchange-feed__fallback">{t('exchanges.fallback')}</span> : null}
            <span className="visually-hidden">{status}</span>
          </li>
        );
      })}
    </ul>
  );
}
