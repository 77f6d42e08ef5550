import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { useNow } from '../../hooks/use-now.ts';
import { ListingCandidates } from './listing-candidates.tsx';
import { ListingCardView } from './listing-card.tsx';
import { ListingGate } from './listing-gate.tsx';
import { useListingAccess, useListings } from './use-listing.ts';
import './listing.css';

/** /listing-arbitrage: the current listings as cards, live, behind the plan and invite gate. */
export function ListingPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(t('listing.title'));
  const queryClient = useQueryClient();
  const access = useListingAccess();
  const allowed = access.data?.allowed === true;
  const cards = useListings(allowed);
  const now = useNow(1_000, allowed);
  const data = cards.data?.data ?? [];
  return (
    <section className="listing-page" aria-labelledby="listing-title">
      <h1 id="listing-title">{t('listing.title')}</h1>
      <p className="listing-page__lead">{t('listing.lead')}</p>
      <p>
        <Link to={to('/listing-arbitrage/history')} data-testid="listing-history-link">
          {t('listingHistory.link')} →
        </Link>
      </p>
      {access.data && !allowed ? (
        <ListingGate
          access={access.data}
          onAccess={() => void queryClient.invalidateQueries({ queryKey: ['listing'] })}
        />
      ) : null}
      {allowed && cards.isPending ? <p>{t('listing.loading')}</p> : null}
      {cards.error ? <p role="alert">{t('listing.failed', { message: cards.error.message })}</p> : null}
      {allowed && cards.data?.dataSource.mode === 'simulated' ? (
        <p className="listing-page__sim">{t('listing.simulatedNote')}</p>
      ) : null}
      {allowed && cards.data && data.length === 0 ? <p>{t('listing.empty')}</p> : null}
      <div className="listing-grid">
        {data.map((card) => (
          <ListingCardView key={card.key} card={card} now={now} />
        ))}
      </div>
      <ListingCandidates allowed={allowed} />
    </section>
  );
}
