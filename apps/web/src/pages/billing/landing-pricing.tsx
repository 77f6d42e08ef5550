import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../hooks/use-locale.ts';
import { usePricing } from './billing-api.ts';
import { PricingTable } from './pricing-page.tsx';

/** The landing page's pricing table (spec §2): the same cards as /pricing, linking to the full comparison. */
export function LandingPricing() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const pricing = usePricing();
  const [cycle, setCycle] = useState<'month' | 'year'>('month');
  if (!pricing.data) return null;
  return (
    <section
      className="billing-page landing__pricing"
      aria-labelledby="landing-pricing"
      data-testid="landing-pricing"
    >
      <h2 id="landing-pricing">{t('billing.pricing.heading')}</h2>
      <PricingTable pricing={pricing.data} cycle={cycle} onCycle={setCycle} />
      <Link to={to('/pricing')}>{t('billing.pricing.compare')}</Link>
    </section>
  );
}
