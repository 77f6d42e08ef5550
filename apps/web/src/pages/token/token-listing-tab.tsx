import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../hooks/use-locale.ts';
import { useNow } from '../../hooks/use-now.ts';
import { ListingCardView } from '../listing/listing-card.tsx';
import { ListingGate } from '../listing/listing-gate.tsx';
import { useListingAccess, useListings } from '../listing/use-listing.ts';
import '../listing/listing.css';

/** The listing arbitrage tab: the token's current Korean listing cards, behind the same plan and invite gate. */
export function TokenListingTab({ token }: { token: string }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const queryClient = useQueryClient();
  const access = useListingAccess();
  const allowed = access.data?.allowed === true;
  const cards = useListings(allowed);
  const now = useNow(1_000, allowed);
  const mine = (cards.data?.data ?? []).filter((card) => card.base === token);
  return (
    <div className="token-tab" data-testid="token-listing-tab">
      <p className="token-tab__lead">{t('tokenDetail.listingTab.lead', { token })}</p>
      {access.isPending ? (
        <p className="token-tab__message" role="status">
          {t('tokenDetail.listingTab.loading')}
        </p>
      ) : null}
      {access.data && !allowed ? (
        <ListingGate
          access={access.data}
          onAccess={() => void queryClient.invalidateQueries({ queryKey: ['listing'] })}
        />
      ) : null}
      {allowed && cards.isPending ? (
        <p className="token-tab__message" role="status">
          {t('tokenDetail.listingTab.loading')}
        </p>
      ) : null}
      {cards.error ? (
        <p className="token-tab__message" role="alert">
          {cards.error.message}
        </p>
      ) : null}
      {allowed && cards.data && mine.length === 0 ? (
        <p className="token-tab__message" role="status">
          {t('tokenDetail.listingTab.none', { token })}
        </p>
      ) : null}
      <div className="listing-grid">
        {mine.map((card) => (
          <ListingCardView key={card.key} card={card} now={now} />
        ))}
      </div>
      <Link className="token-tab__more" to={to('/listing-arbitrage')}>
        {t('tokenDetail.listingTab.more')}
      </Link>
    </div>
  );
}
