import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { usePricing } from '../billing/billing-api.ts';
import '../legal-page.css';
import './info-pages.css';

/**
 * /promotion (spec §2 "a promotional event page"; the spec names no route). The offers are the operator's
 * price list (PRICING_FILE: trial days, early bird, referral months), so the page never promises what
 * checkout would not give.
 */
export function PromotionPage() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  useDocumentTitle(t('site.promotion.title'));
  const pricing = usePricing().data;
  const until = pricing?.earlyBird?.until
    ? new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-US', {
        dateStyle: 'long',
        timeZone: 'Asia/Seoul',
      }).format(new Date(`${pricing.earlyBird.until}T00:00:00+09:00`))
    : null;
  return (
    <article className="legal-page" data-testid="promotion-page" aria-labelledby="promotion-title">
      <header className="legal-page__head">
        <h1 id="promotion-title">{t('site.promotion.title')}</h1>
        <p className="legal-page__lead">{t('site.promotion.lead')}</p>
      </header>
      {pricing ? (
        <div className="info-page__cards">
          {pricing.trialDays > 0 ? (
            <section className="info-page__card" data-testid="promotion-trial">
              <h2>{t('site.promotion.trial.title', { days: pricing.trialDays })}</h2>
              <p>{t('site.promotion.trial.body', { days: pricing.trialDays })}</p>
            </section>
          ) : null}
          {pricing.earlyBird ? (
            <section className="info-page__card" data-testid="promotion-early-bird">
              <h2>{t('site.promotion.earlyBird.title', { percent: pricing.earlyBird.percent })}</h2>
              <p>
                {t('site.promotion.earlyBird.body', { percent: pricing.earlyBird.percent })}
                {until ? ` ${t('site.promotion.earlyBird.until', { date: until })}` : null}
              </p>
            </section>
          ) : null}
          <section className="info-page__card" data-testid="promotion-referral">
            <h2>{t('site.promotion.referral.title', { months: pricing.referralFreeMonths })}</h2>
            <p>{t('site.promotion.referral.body', { months: pricing.referralFreeMonths })}</p>
          </section>
          <section className="info-page__card">
            <h2>{t('site.promotion.coverage.title')}</h2>
            <p>{t('site.promotion.coverage.body')}</p>
          </section>
        </div>
      ) : (
        <p role="status">{t('site.promotion.loading')}</p>
      )}
      <div className="info-page__actions">
        <Link className="button button--primary" to={to('/pricing')}>
          {t('site.promotion.ctaPricing')}
        </Link>
        <Link className="button" to={to('/my/referrals')}>
          {t('site.promotion.ctaReferrals')}
        </Link>
      </div>
      <p className="legal-page__meta">{t('site.promotion.terms')}</p>
    </article>
  );
}
