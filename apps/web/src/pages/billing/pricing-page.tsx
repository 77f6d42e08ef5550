import type { PricingResponse } from '@spreadscope/contracts';
import { PLAN_NAMES, type Plan } from '@spreadscope/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../auth/error-text.ts';
import { useSession } from '../../auth/use-session.ts';
import { SegmentedControl } from '../../components/segmented-control.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { useMediaQuery } from '../../hooks/use-media-query.ts';
import { toast } from '../../lib/toast.ts';
import { billingCalls, follow, useMySubscription, usePricing } from './billing-api.ts';
import { formatMoney } from './money.ts';
import { ProviderBadge } from './provider-badge.tsx';
import './billing.css';

type Cycle = 'month' | 'year';

/** /pricing (spec §2): monthly/annual toggle, plan cards, comparison table from the entitlement table, FAQ. */
export function PricingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('billing.titles.pricing'));
  const pricing = usePricing();
  const [cycle, setCycle] = useState<Cycle>('month');
  if (!pricing.data) return <p className="billing-page">{t('common.loading')}</p>;
  return (
    <section className="billing-page" data-testid="pricing-page">
      <h1>{t('billing.pricing.heading')}</h1>
      <p className="billing-lead">{t('billing.pricing.lead', { days: pricing.data.trialDays })}</p>
      <ProviderBadge provider={pricing.data.provider} />
      <PricingTable pricing={pricing.data} cycle={cycle} onCycle={setCycle} />
      <Comparison pricing={pricing.data} />
      <Faq pricing={pricing.data} />
    </section>
  );
}

/** The cards with the cycle toggle; the landing page shows the same. */
export function PricingTable({
  pricing,
  cycle,
  onCycle,
}: {
  pricing: PricingResponse;
  cycle: Cycle;
  onCycle: (cycle: Cycle) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="billing-cycle">
        <SegmentedControl
          label={t('billing.pricing.billingCycle')}
          size="md"
          value={cycle}
          testId="pricing-cycle"
          options={[
            { value: 'month', label: t('billing.pricing.monthly'), testId: 'pricing-cycle-month' },
            { value: 'year', label: t('billing.pricing.annual'), testId: 'pricing-cycle-year' },
          ]}
          onChange={(value) => onCycle(value as Cycle)}
        />
        <span className="billing-save">
          {t('billing.pricing.saveUpTo', { percent: pricing.yearlySavesUpToPercent })}
        </span>
      </div>
      {pricing.earlyBird ? (
        <p className="billing-banner billing-banner--offer" data-testid="pricing-early-bird">
          {pricing.earlyBird.until
            ? t('billing.pricing.earlyBirdUntil', {
                percent: pricing.earlyBird.percent,
                date: pricing.earlyBird.until,
              })
            : t('billing.pricing.earlyBird', { percent: pricing.earlyBird.percent })}
        </p>
      ) : null}
      <div className="billing-cards">
        {pricing.plans.map((card) => (
          <PlanCard key={card.plan} card={card} pricing={pricing} cycle={cycle} />
        ))}
      </div>
    </>
  );
}

function PlanCard({
  card,
  pricing,
  cycle,
}: {
  card: PricingResponse['plans'][number];
  pricing: PricingResponse;
  cycle: Cycle;
}) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const mine = useMySubscription(signedIn);
  const [busy, setBusy] = useState(false);
  const plan = card.plan as Plan;
  const current = session.data?.role === plan;
  const hasSubscription = Boolean(mine.data?.subscription?.hasAccess);
  const start = async () => {
    setBusy(true);
    try {
      follow((await billingCalls.checkout(language, plan, cycle)).url, navigate);
    } catch (failure) {
      toast.error(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  };
  let price: string;
  if (card.price) price = formatMoney(card.price[cycle], pricing.currency, language);
  else if (plan === 'free') price = t('billing.pricing.free');
  else price = plan === 'developer' ? t('billing.pricing.forBuilders') : t('billing.pricing.onRequest');
  return (
    <article
      className={`billing-card${current ? ' billing-card--current' : ''}`}
      data-testid={`plan-card-${plan}`}
    >
      <h2>{PLAN_NAMES[plan]}</h2>
      <p className="billing-price" data-testid={`plan-price-${plan}`}>
        {card.earlyBird ? <s className="billing-list-price">{price}</s> : null}
        <span>{card.earlyBird ? formatMoney(card.earlyBird[cycle], pricing.currency, language) : price}</span>
        {card.price ? (
          <small>{cycle === 'month' ? t('billing.pricing.perMonth') : t('billing.pricing.perYear')}</small>
        ) : null}
      </p>
      {card.price && cycle === 'year' ? (
        <p className="billing-muted">
          {t('billing.pricing.savePercent', { percent: card.price.yearlySavingPercent })}
        </p>
      ) : null}
      <p className="billing-muted">{t(`billing.pricing.planBlurb.${plan}`)}</p>
      {card.purchasable && pricing.trialDays > 0 && !hasSubscription ? (
        <p className="billing-tag">{t('billing.pricing.trial', { days: pricing.trialDays })}</p>
      ) : null}
      <div className="billing-card-action">
        {current ? (
          <Link className="button" to={to('/my/subscription')}>
            {t('billing.pricing.current')}
          </Link>
        ) : !card.purchasable ? (
          plan === 'free' ? null : (
            <a className="button" href={`mailto:partners@spreadscope.local?subject=${PLAN_NAMES[plan]}`}>
              {t('billing.pricing.contact')}
            </a>
          )
        ) : !signedIn ? (
          <span className="gate-cell" data-gate="login">
            <Link to={to('/login?next=/pricing')}>{t('billing.pricing.loginToSee')}</Link>
            <Link className="button button--primary" to={to('/signup')}>
              {t('billing.pricing.signUp')}
            </Link>
          </span>
        ) : hasSubscription ? (
          <Link className="button" to={to('/my/subscription')}>
            {t('billing.pricing.manage')}
          </Link>
        ) : (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={start}
            data-testid={`plan-start-${plan}`}
          >
            {pricing.trialDays > 0 && !mine.data?.subscription
              ? t('billing.pricing.startTrial')
              : t('billing.pricing.subscribe')}
          </button>
        )}
      </div>
    </article>
  );
}

/** Generated from the entitlement table the server enforces (the API sends it with the prices). */
function Comparison({ pricing }: { pricing: PricingResponse }) {
  const { t } = useTranslation();
  // A phone keeps the plans one can buy (and Free); Partner and Developer are arranged, not compared.
  const narrow = useMediaQuery('(max-width: 699px)');
  const plans = pricing.plans
    .map((p) => p.plan as Plan)
    .filter((plan) => !narrow || (plan !== 'partner' && plan !== 'developer'));
  return (
    <div className="billing-compare-wrap">
      <h2>{t('billing.pricing.compare')}</h2>
      <table className="billing-compare" data-testid="pricing-comparison">
        <thead>
          <tr>
            <th scope="col">{t('billing.pricing.featureCol')}</th>
            {plans.map((plan) => (
              <th key={plan} scope="col">
                {PLAN_NAMES[plan]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pricing.comparison.map((row) => (
            <tr key={row.name} data-testid={`compare-${row.name}`}>
              <th scope="row">
                {row.kind === 'feature'
                  ? t(`billing.pricing.features.${row.name as 'api'}`)
                  : t(`billing.pricing.limits.${row.name as 'pins'}`)}
              </th>
              {plans.map((plan) => {
                const value = row.values[plan];
                return (
                  <td key={plan} data-value={String(value)}>
                    {typeof value === 'boolean' ? (
                      <>
                        <span aria-hidden="true">{value ? '✓' : '—'}</span>
                        <span className="visually-hidden">
                          {value ? t('billing.pricing.included') : t('billing.pricing.notIncluded')}
                        </span>
                      </>
                    ) : (
                      value
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Faq({ pricing }: { pricing: PricingResponse }) {
  const { t } = useTranslation();
  const items = t('billing.pricing.faq', {
    returnObjects: true,
    days: pricing.trialDays,
    currency: pricing.currency,
  }) as unknown as {
    q: string;
    a: string;
  }[];
  return (
    <div className="billing-faq">
      <h2>{t('billing.pricing.faqTitle')}</h2>
      {items.map((item) => (
        <details key={item.q}>
          <summary>{item.q}</summary>
          <p>{item.a}</p>
        </details>
      ))}
    </div>
  );
}
