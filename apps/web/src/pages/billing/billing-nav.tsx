import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useLocale } from '../../hooks/use-locale.ts';

/** The my-page tabs of billing: subscription, coupons, referrals. */
export function BillingNav() {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <nav className="billing-nav" aria-label={t('billing.titles.subscription')}>
      <NavLink to={to('/my/account')}>{t('auth.titles.account')}</NavLink>
      <NavLink to={to('/my/subscription')}>{t('billing.subscription.heading')}</NavLink>
      <NavLink to={to('/my/coupons')} data-testid="nav-coupons">
        {t('billing.subscription.coupons')}
      </NavLink>
      <NavLink to={to('/my/referrals')}>{t('billing.subscription.referrals')}</NavLink>
    </nav>
  );
}
