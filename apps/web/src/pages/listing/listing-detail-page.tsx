import { parseListingSlug } from '@spreadscope/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { useNow } from '../../hooks/use-now.ts';
import { formatKst } from '../events/events-format.ts';
import { NotFoundPage } from '../not-found-page.tsx';
import { ListingCardView } from './listing-card.tsx';
import { ListingCaseSummary } from './listing-case-summary.tsx';
import { ListingGate } from './listing-gate.tsx';
import { ListingPriceChart } from './listing-price-chart.tsx';
import { useListingAccess, useListings } from './use-listing.ts';
import { useListingHistory } from './use-listing-history.ts';
import './listing.css';

/** /listing-arbitrage/{exchange}-{quote}-{base}: one listing with its timeline; any other shape is a 404. */
export function ListingDetailPage() {
  const slug = useParams().listing ?? '';
  return parseListingSlug(slug) ? <ListingDetail slug={slug} /> : <NotFoundPage />;
}

function ListingDetail({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const { to, language } = useLocale();
  const parts = parseListingSlug(slug);
  useDocumentTitle(`${parts?.base ?? ''} · ${t('listing.title')}`);
  const queryClient = useQueryClient();
  const access = useListingAccess();
  const allowed = access.data?.allowed === true;
  const cards = useListings(allowed, slug);
  const now = useNow(1_000, allowed);
  const card = cards.data?.data[0];
  const history = useListingHistory(allowed, { key: slug, limit: 1 });
  const past = history.data?.data[0];
  return (
    <section className="listing-page" aria-labelledby="listing-title">
      <p className="listing-page__links">
        <Link to={to('/listing-arbitrage')}>← {t('listing.back')}</Link>
        <Link to={to('/listing-arbitrage/history')} data-testid="listing-history-link">
          {t('listingHistory.link')}
        </Link>
      </p>
      <h1 id="listing-title">
        {parts?.base} · {t('listing.title')}
      </h1>
      {access.data && !allowed ? (
        <ListingGate
          access={access.data}
          onAccess={() => void queryClient.invalidateQueries({ queryKey: ['listing'] })}
        />
      ) : null}
      {allowed && cards.data && history.data && !card && !past ? (
        <p>{t('listing.notFoundListing', { key: slug })}</p>
      ) : null}
      {/* A past case outlives its card (imported, or past the events kept): its summary stands alone. */}
      {past && !card ? <ListingCaseSummary listing={past} /> : null}
      {card ? <ListingPriceChart card={card} /> : null}
      {card ? (
        <div className="listing-detail">
          <ListingCardView card={card} now={now} detail />
          <p>
            <Link to={to(`/listing-arbitrage/${card.key}/deposit`)} data-testid="listing-deposit-link">
              {t('listingDeposit.link')}
            </Link>
          </p>
          <section
            className="listing-timeline"
            aria-labelledby="listing-timeline-title"
            data-testid="listing-timeline"
          >
            <h2 id="listing-timeline-title">{t('listing.timeline.title')}</h2>
            <ol>
              {card.timeline.map((entry) => (
                <li key={`${entry.kind}-${entry.at}`}>
                  <time dateTime={new Date(entry.at).toISOString()}>
                    {formatKst(entry.at, language, true)}
                  </time>{' '}
                  <strong>{t(`listing.timeline.${entry.kind}`)}</strong>
                  {entry.detail ? <span className="listing-timeline__detail"> {entry.detail}</span> : null}
                </li>
              ))}
            </ol>
          </section>
          {history.data ? <ListingCaseSummary listing={past} /> : null}
        </div>
      ) : null}
    </section>
  );
}
