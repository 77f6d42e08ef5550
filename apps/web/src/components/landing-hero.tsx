import type { PremiumResponse } from '@spreadscope/contracts';
import {
  type Currency,
  formatClock,
  formatPercent,
  formatPrice,
  kimchiPremiumPercent,
} from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/use-locale.ts';
import { formatSignedPrice, orNaN, tone } from '../lib/number-display.ts';
import './landing-hero.css';

interface Props {
  readonly response: PremiumResponse | undefined;
  readonly base: string;
  readonly currency: Currency;
}

/**
 * The headline premium: one token on the reference pair. Both bases are shown, because forex and USDT
 * premiums can differ in sign; a stale quote is labelled and not coloured as a live premium.
 */
export function LandingHero({ response, base, currency }: Props) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const row = response?.data.find((r) => r.base === base);
  const source = row ? t(`venues.${row.source.exchange}`) : t('venues.upbit');
  const target = row ? t(`venues.${row.target.exchange}`) : t('venues.binance');
  const rates = response?.rates;
  const usdtGap =
    row && rates?.usdtKrw
      ? kimchiPremiumPercent(row.source.nativePrice, row.target.nativePrice, rates.usdtKrw)
      : Number.NaN;
  const gapTone = row && !row.stale ? tone(row.gapPercent) : 'flat';
  const baseName = (b: 'USD' | 'USDT') => t(`premium.filters.bases.${b}`);

  return (
    <section className="hero" aria-labelledby="hero-title" data-testid="hero">
      <p className="hero__kicker">{t('landing.heroKicker')}</p>
      <h1 id="hero-title" className="hero__title">
        {t('landing.heroTitle', { base, source, target })}
      </h1>
      {row ? (
        <>
          <div className="hero__figure">
            <span className={`hero__gap num ${gapTone}`} data-testid="hero-gap" data-stale={row.stale}>
              {formatPercent(orNaN(row.gapPercent))}
            </span>
            <span className={`hero__chip ${gapTone}`}>
              {row.gapPercent >= 0 ? t('landing.heroPremium') : t('landing.heroDiscount')}
            </span>
          </div>
          {row.stale ? <p className="hero__stale">{t('landing.heroStale')}</p> : null}
          <p className="hero__basis">
            <span data-testid="hero-basis">
              {t('landing.heroBasis', {
                base: baseName(row.conversionBase),
                rate: formatPrice(orNaN(row.conversionRate), 'KRW', language),
              })}
            </span>
            <span className="hero__sep" aria-hidden="true">
              ·
            </span>
            <span>
              {baseName('USDT')}{' '}
              <span className={`num ${row.stale ? '' : tone(usdtGap)}`} data-testid="hero-gap-usdt">
                {formatPercent(usdtGap)}
              </span>
            </span>
          </p>
          <dl className="hero__prices">
            <div>
              <dt>{source}</dt>
              <dd className="num" data-testid="hero-source-price">
                {formatPrice(orNaN(row.source.price), currency, language)}
              </dd>
            </div>
            <div>
              <dt>{target}</dt>
              <dd className="num" data-testid="hero-target-price">
                {formatPrice(orNaN(row.target.price), currency, language)}
              </dd>
            </div>
            <div>
              <dt>{t('premium.columns.priceDiff')}</dt>
              <dd className={`num ${row.stale ? '' : tone(row.priceDiff)}`}>
                {formatSignedPrice(row.priceDiff, currency, language)}
              </dd>
            </div>
          </dl>
        </>
      ) : (
        <p className="hero__empty">{response ? t('landing.heroNoData') : t('common.loading')}</p>
      )}
      <div className="hero__foot">
        <dl className="hero__rates" aria-label={t('landing.rates')}>
          <div>
            <dt>{t('landing.rateUsd')}</dt>
            <dd className="num" data-testid="rate-usd">
              {formatPrice(orNaN(rates?.usdKrw), 'KRW', language)}
            </dd>
          </div>
          <div>
            <dt>{t('landing.rateUsdt', { venue: t('venues.upbit') })}</dt>
            <dd className="num" data-testid="rate-usdt">
              {formatPrice(orNaN(rates?.usdtKrw), 'KRW', language)}
            </dd>
          </div>
        </dl>
        {response ? (
          <p className="hero__updated num">
            {t('status.lastUpdate', { time: formatClock(response.updatedAt, language) })}
          </p>
        ) : null}
      </div>
    </section>
  );
}
