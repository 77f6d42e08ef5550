import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../hooks/use-locale.ts';
import { alertsApi } from '../alerts/alerts-api.ts';
import { formatKst } from '../events/events-format.ts';

const SHOWN = 5;
/** Alerts fire at most once a minute (spec §9): a half-minute refresh shows a new trigger soon enough. */
const REFRESH_MS = 30_000;

/** The user's alerts by their last trigger, and the latest triggers with the value that crossed. */
export function DashboardAlerts() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const list = useQuery({
    queryKey: ['alerts', 'dashboard', language],
    queryFn: () => alertsApi.list(language),
    refetchInterval: REFRESH_MS,
  });
  const history = useQuery({
    queryKey: ['alerts', 'history', 'dashboard', language],
    queryFn: () => alertsApi.history(language),
    refetchInterval: REFRESH_MS,
  });
  const alerts = [...(list.data?.alerts ?? [])]
    .sort((a, b) => (b.lastTriggeredAt ?? 0) - (a.lastTriggeredAt ?? 0))
    .slice(0, SHOWN);
  const fired = (history.data?.items ?? []).slice(0, SHOWN);
  const active = list.data?.alerts.filter((a) => a.active).length ?? 0;

  return (
    <section className="dash-panel" aria-labelledby="dash-alerts" data-testid="dash-alerts">
      <div className="dash-panel__head">
        <h2 id="dash-alerts">{t('dashboard.alertsTitle')}</h2>
        {list.data && (
          <p className="dash-panel__subtitle">
            {t('dashboard.alertsSummary', { active, count: list.data.count, limit: list.data.limit })}
          </p>
        )}
      </div>
      {list.error ? (
        <p className="dash-panel__empty" role="alert">
          {t('dashboard.failed', { message: list.error.message })}
        </p>
      ) : alerts.length === 0 ? (
        <p className="dash-panel__empty">
          {list.isLoading ? t('dashboard.loading') : t('dashboard.alertsEmpty')}{' '}
          {!list.isLoading && <Link to={to('/alerts/new')}>{t('dashboard.alertsCreate')}</Link>}
        </p>
      ) : (
        <ul className="dash-list">
          {alerts.map((alert) => (
            <li key={alert.id} className="dash-row" data-testid="dash-alert">
              <Link className="dash-row__link" to={to(`/alerts/edit/${alert.id}`)}>
                <span className="dash-row__base">{alert.name}</span>
                <span className="dash-row__note">
                  {alert.lastTriggeredAt === null
                    ? t('dashboard.neverFired')
                    : t('dashboard.lastFired', { time: formatKst(alert.lastTriggeredAt, language) })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {fired.length > 0 && (
        <>
          <h3 className="dash-panel__subhead">{t('dashboard.recentTitle')}</h3>
          <ul className="dash-list">
            {fired.map((item) => (
              <li key={item.id} className="dash-row" data-testid="dash-fired">
                <span className="dash-row__base">{item.title}</span>
                <span className="dash-row__note num">{formatKst(item.firedAt, language)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
