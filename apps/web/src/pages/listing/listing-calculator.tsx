import type { ListingCard } from '@spreadscope/contracts';
import { estimateListingProfit } from '@spreadscope/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../hooks/use-locale.ts';
import { formatKrw, formatPct } from './listing-format.ts';

/** Amount in → estimated profit after 0.1 % buy, the network's withdrawal fee and 0.1 % sell (spec §5, §9). */
export function ListingCalculator({ card }: { card: ListingCard }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const id = useId();
  const [amount, setAmount] = useState('1000000');
  const withFee = card.networks.filter((n) => n.withdrawFee !== null);
  const [network, setNetwork] = useState(withFee[0]?.network ?? '');
  // Unknown is not zero: without a published fee the estimate leaves it out and the note says so.
  const fee = withFee.find((n) => n.network === network)?.withdrawFee ?? null;
  const value = Number(amount.replaceAll(',', ''));
  const buy = card.price.overseas?.krw ?? null;
  const sell = card.price.listingKrw;
  const estimate =
    buy !== null && sell !== null
      ? estimateListingProfit({
          amountKrw: value,
          buyPriceKrw: buy,
          sellPriceKrw: sell,
          withdrawFee: fee ?? 0,
        })
      : null;
  let result: string;
  if (buy === null || sell === null) result = t('listing.calc.noPrice');
  else if (!estimate) result = t('listing.calc.invalid');
  else result = `${formatKrw(estimate.profitKrw, language)} (${formatPct(estimate.profitPct)})`;
  return (
    <fieldset className="listing-calc" data-testid="listing-calc">
      <legend>{t('listing.calc.title')}</legend>
      <label htmlFor={`${id}-amount`}>{t('listing.calc.amount')}</label>
      <input
        id={`${id}-amount`}
        inputMode="numeric"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      {withFee.length > 0 ? (
        <>
          <label htmlFor={`${id}-network`}>{t('listing.calc.network')}</label>
          <select id={`${id}-network`} value={network} onChange={(e) => setNetwork(e.target.value)}>
            {withFee.map((n) => (
              <option key={n.network} value={n.network}>
                {n.network}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <output className="listing-calc__result" data-testid="listing-calc-result" aria-live="polite">
        <span>{t('listing.calc.result')}</span> <strong>{result}</strong>
      </output>
      <p className="listing-calc__note">
        {fee === null
          ? t('listing.calc.assumptionNoFee')
          : t('listing.calc.assumption', { fee, base: card.base })}
      </p>
    </fieldset>
  );
}
