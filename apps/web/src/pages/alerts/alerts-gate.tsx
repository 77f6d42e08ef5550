import type { SessionUser } from '@spreadscope/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../auth/use-session.ts';
import { useLocale } from '../../hooks/use-locale.ts';

/** Alerts need an account (spec §6): a visitor is asked to sign in and comes back here afterwards. */
export function AlertsGate({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const location = useLocation();
  const session = useSession();
  if (session.isPending) return <p className="alerts-page">{t('alerts.loading')}</p>;
  const user = session.data?.user;
  if (!user) {
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    return (
      <section className="alerts-page alerts-gate" data-testid="alerts-sign-in">
        <h1>{t('alerts.title')}</h1>
        <p>{t('alerts.signIn')}</p>
        <Link className="alerts-button alerts-button--primary" to={`${to('/login')}?next=${next}`}>
          {t('alerts.signInLink')}
        </Link>
      </section>
    );
  }
  return children(user);
}
