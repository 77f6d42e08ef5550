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
import { ListingGate } from './listing-gate.tsx';
import { useListingAccess, useListings } from './use-listing.ts';
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
  return (
    <section className="listing-page" aria-labelledby="listing-title">
      <p>
        <Link to={to('/listing-arbitrage')}>← {t('listing.back')}</Link>
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
      {allowed && cards.data && !card ? <p>{t('listing.notFoundListing', { key: slug })}</p> : null}
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
        </div>
      ) : null}
    </section>
  );
}
