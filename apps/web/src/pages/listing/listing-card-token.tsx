import type { ListingCard } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../hooks/use-locale.ts';
import { venueName } from './listing-format.ts';

/**
 * The token behind the listing: how much of it exists and is locked (a small float runs further), and where it
 * can be borrowed to sell the Korean premium short before a deposit lands.
 */

export function ListingCardToken({ card }: { card: ListingCard }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const locale = language === 'ko' ? 'ko-KR' : 'en-US';
  const amount = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const count = (value: number | null) => (value === null ? '—' : amount.format(value));
  const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
  const supply = card.supply;
  return (
    <dl className="listing-card__facts" data-testid="listing-token">
      <dt>{t('listing.field.supply')}</dt>
      <dd data-testid="listing-supply">
        {supply
          ? t('listing.field.supplyValue', {
              circulating: count(supply.circulating),
              total: count(supply.total),
              max: count(supply.max),
            })
          : t('listing.field.supplyUnknown')}
      </dd>
      {supply?.lockedPct != null ? (
        <>
          <dt>{t('listing.field.locked')}</dt>
          <dd>{`${supply.lockedPct.toFixed(1)}%`}</dd>
        </>
      ) : null}
      <dt>{t('listing.field.borrow')}</dt>
      <dd data-testid="listing-borrow">
        {card.borrow.length === 0
          ? t('listing.field.borrowNone')
          : card.borrow
              .map((b) =>
                t(b.borrowLimit === null ? 'listing.field.borrowRate' : 'listing.field.borrowRateLimit', {
                  exchange: venueName(b.exchange),
                  rate: pct(b.annualRate),
                  limit: count(b.borrowLimit),
                }),
              )
              .join(' · ')}
      </dd>
    </dl>
  );
}
