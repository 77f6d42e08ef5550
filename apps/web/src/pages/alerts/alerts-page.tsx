import type { Alert, AlertList } from '@spreadscope/contracts';
import { ALERT_STRATEGIES } from '@spreadscope/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { errorText } from '../../auth/error-text.ts';
import { formatDateTime } from '../../auth/format-date.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { toast } from '../../lib/toast.ts';
import { ALERTS_QUERY_KEY, alertsApi } from './alerts-api.ts';
import { AlertsGate } from './alerts-gate.tsx';
import { AlertsHistory } from './alerts-history.tsx';
import { AlertsSettings } from './alerts-settings.tsx';
import './alerts.css';

export type AlertsTab = 'list' | 'history' | 'settings';
type FailedToast =
  | 'alerts.toasts.pauseAllFailed'
  | 'alerts.toasts.restartAllFailed'
  | 'alerts.toasts.deleteAllInactiveFailed'
  | 'alerts.toasts.pauseFailed'
  | 'alerts.toasts.restartFailed'
  | 'alerts.toasts.deleteFailed';

/** /alerts, /alerts/history, /alerts/settings: the alert bot's list, what fired, and how to be told (spec §2, §4). */
export function AlertsPage({ tab }: { tab: AlertsTab }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(t('alerts.title'));
  return (
    <AlertsGate>
      {(user) => (
        <section className="alerts-page" data-testid="alerts-page">
          <h1>{t('alerts.title')}</h1>
          <p className="alerts-lead">{t('alerts.lead')}</p>
          <nav className="alerts-tabs" aria-label={t('alerts.title')}>
            <NavLink end to={to('/alerts')}>
              {t('alerts.tabs.list')}
            </NavLink>
            <NavLink to={to('/alerts/history')}>{t('alerts.tabs.history')}</NavLink>
            <NavLink to={to('/alerts/settings')}>{t('alerts.tabs.settings')}</NavLink>
          </nav>
          {tab === 'list' && <AlertsList />}
          {tab === 'history' && <AlertsHistory />}
          {tab === 'settings' && <AlertsSettings plan={user.plan} />}
        </section>
      )}
    </AlertsGate>
  );
}

function AlertsList() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const client = useQueryClient();
  const query = useQuery({ queryKey: ALERTS_QUERY_KEY, queryFn: () => alertsApi.list(language) });
  const [status, setStatus] = useState('all');
  const [strategy, setStrategy] = useState('all');
  const [search, setSearch] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: ALERTS_QUERY_KEY });

  /** Runs an action; on failure the spec's toast for it, with its retry text, plus the server's reason. */
  const act = async (run: () => Promise<unknown>, failed: FailedToast, done?: string) => {
    try {
      await run();
      if (done) toast.success(done);
    } catch (error) {
      toast.error(t(failed), { description: errorText(error, t) });
    }
    await refresh();
  };
  const bulk = (action: 'pause-all' | 'restart-inactive' | 'delete-inactive', failed: FailedToast) =>
    act(async () => {
      const { affected } = await alertsApi.bulk(language, action);
      toast.success(t('alerts.bulk.done', { count: affected }));
    }, failed);

  if (query.isPending) return <p>{t('alerts.loading')}</p>;
  if (query.isError) return <p role="alert">{errorText(query.error, t)}</p>;
  const data: AlertList = query.data;
  const needle = search.trim().toLowerCase();
  const shown = data.alerts.filter(
    (a) =>
      (status === 'all' || a.status === status) &&
      (strategy === 'all' || a.strategy === strategy) &&
      (!needle ||
        a.name.toLowerCase().includes(needle) ||
        a.tokens.some((tk) => tk.toLowerCase() === needle)),
  );
  const full = data.count >= data.limit;
  return (
    <div className="alerts-list">
      <div className="alerts-toolbar">
        <span data-testid="alerts-count">{t('alerts.count', { count: data.count, limit: data.limit })}</span>
        {full ? (
          <span className="alerts-note" data-testid="alerts-limit">
            {t('alerts.limitReached', { limit: data.limit })}
          </span>
        ) : (
          <Link
            className="alerts-button alerts-button--primary"
            to={to('/alerts/new')}
            data-testid="alerts-add"
          >
            {t('alerts.add')}
          </Link>
        )}
      </div>
      <div className="alerts-filters">
        <label>
          {t('alerts.filters.status')}
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="all">{t('alerts.filters.all')}</option>
            {(['active', 'inactive', 'expired'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`alerts.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('alerts.filters.strategy')}
          <select value={strategy} onChange={(e) => setStrategy(e.target.value)}>
            <option value="all">{t('alerts.filters.all')}</option>
            {ALERT_STRATEGIES.map((s) => (
              <option key={s} value={s}>
                {t(`alerts.strategies.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('alerts.filters.search')}
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
      </div>
      <div className="alerts-bulk">
        <button type="button" onClick={() => bulk('pause-all', 'alerts.toasts.pauseAllFailed')}>
          {t('alerts.bulk.pauseAll')}
        </button>
        <button type="button" onClick={() => bulk('restart-inactive', 'alerts.toasts.restartAllFailed')}>
          {t('alerts.bulk.restartInactive')}
        </button>
        <button
          type="button"
          onClick={() => bulk('delete-inactive', 'alerts.toasts.deleteAllInactiveFailed')}
        >
          {t('alerts.bulk.deleteInactive')}
        </button>
      </div>
      {shown.length === 0 ? (
        <p data-testid="alerts-empty">{t('alerts.empty')}</p>
      ) : (
        <ul className="alerts-cards" data-testid="alerts-list">
          {shown.map((a) => (
            <AlertCard
              key={a.id}
              alert={a}
              onPause={() =>
                act(
                  () => alertsApi.update(language, a.id, { active: !a.active }),
                  a.active ? 'alerts.toasts.pauseFailed' : 'alerts.toasts.restartFailed',
                )
              }
              onDelete={() => {
                if (!window.confirm(t('alerts.confirmDelete'))) return;
                void act(
                  () => alertsApi.remove(language, a.id),
                  'alerts.toasts.deleteFailed',
                  t('alerts.toasts.deleted'),
                );
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function AlertCard({
  alert,
  onPause,
  onDelete,
}: {
  alert: Alert;
  onPause: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const rule = `${alert.tokens.join(', ') || '*'} · ${alert.exchanges.join(alert.direction === 'fixed' ? ' → ' : ', ')} · ${t(
    `alerts.dataTypes.${alert.dataType}`,
  )} ${t(`alerts.conditions.${alert.condition}`)} ${alert.condition === 'cross-zero' ? '' : alert.threshold}`;
  const channels = (['telegram', 'toast', 'email'] as const)
    .filter((c) => alert.channels[c])
    .map((c) => t(`alerts.channels.${c}`));
  return (
    <li className={`alerts-card alerts-card--${alert.status}`} data-testid="alert-card">
      <div className="alerts-card-head">
        <strong>{alert.name}</strong>
        <span className="alerts-status">{t(`alerts.statuses.${alert.status}`)}</span>
      </div>
      <div className="alerts-card-rule">{rule}</div>
      <div className="alerts-card-meta">
        {channels.join(' · ')} · {t('alerts.columns.last')}:{' '}
        {alert.lastTriggeredAt ? formatDateTime(alert.lastTriggeredAt, language) : t('alerts.never')}
      </div>
      <div className="alerts-card-actions">
        <Link to={to(`/alerts/edit/${alert.id}`)}>{t('alerts.actions.edit')}</Link>
        {alert.status !== 'expired' && (
          <button type="button" onClick={onPause}>
            {alert.active ? t('alerts.actions.pause') : t('alerts.actions.restart')}
          </button>
        )}
        <button type="button" onClick={onDelete}>
          {t('alerts.actions.delete')}
        </button>
      </div>
    </li>
  );
}
