import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountSettings } from '../../auth/use-account-data.ts';
import { useSession } from '../../auth/use-session.ts';
import { TrendRanking } from '../../components/trend-ranking.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { DashboardAlerts } from './dashboard-alerts.tsx';
import { DashboardHoldings } from './dashboard-holdings.tsx';
import { DashboardMovers, DashboardNotices } from './dashboard-market.tsx';
import './dashboard.css';

/**
 * /dashboard, the signed-in home (spec §2): pins and owned tokens with their premiums, the alerts' last
 * triggers, top movers, the trend ranking and the latest notices. A visitor sees the market panels and an
 * invitation to sign in where their own panels would be.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(t('dashboard.title'));
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const settings = useAccountSettings(signedIn);

  return (
    <div className="dashboard" data-testid="dashboard">
      <div className="dashboard__head">
        <h1>{t('dashboard.title')}</h1>
        <p className="dashboard__subtitle">{t('dashboard.subtitle')}</p>
      </div>
      {!signedIn && !session.isLoading && (
        <section className="dash-visitor" data-testid="dash-visitor" aria-labelledby="dash-visitor-title">
          <h2 id="dash-visitor-title">{t('dashboard.visitorTitle')}</h2>
          <p>{t('dashboard.visitorBody')}</p>
          <p className="dash-visitor__actions">
            <Link className="button button--primary" to={to('/login')}>
              {t('dashboard.signIn')}
            </Link>
            <Link className="button" to={to('/signup')}>
              {t('dashboard.signUp')}
            </Link>
          </p>
        </section>
      )}
      <div className="dashboard__grid">
        {signedIn && (
          <div className="dashboard__mine">
            <DashboardHoldings pins={settings.data?.pins ?? []} owned={settings.data?.ownedTokens ?? []} />
            <DashboardAlerts />
          </div>
        )}
        <div className="dashboard__market">
          <DashboardMovers />
          <TrendRanking testId="dash-trend" />
          <DashboardNotices />
        </div>
      </div>
    </div>
  );
}
