import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../auth/error-text.ts';
import { formatDateTime } from '../../auth/format-date.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { alertsApi } from './alerts-api.ts';

/** What fired, newest first, with the delivery attempts of each channel. */
export function AlertsHistory() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const client = useQueryClient();
  const query = useQuery({ queryKey: ['alerts', 'history'], queryFn: () => alertsApi.history(language) });
  const deleteHistory = async () => {
    try {
      await alertsApi.deleteHistory(language);
    } catch (error) {
      // "No alert history to delete" is told without a retry text (spec §8).
      if (error instanceof ApiError && error.status === 404) toast.info(t('alerts.toasts.noHistory'));
      else toast.error(t('alerts.toasts.deleteHistoryFailed'), { description: errorText(error, t) });
    }
    await client.invalidateQueries({ queryKey: ['alerts', 'history'] });
  };
  if (query.isPending) return <p>{t('alerts.loading')}</p>;
  if (query.isError) return <p role="alert">{errorText(query.error, t)}</p>;
  const items = query.data.items;
  return (
    <div className="alerts-history" data-testid="alerts-history">
      <div className="alerts-bulk">
        <button type="button" onClick={deleteHistory} data-testid="alerts-delete-history">
          {t('alerts.bulk.deleteHistory')}
        </button>
      </div>
      {items.length === 0 ? (
        <p>{t('alerts.history.empty')}</p>
      ) : (
        <ul className="alerts-cards">
          {items.map((item) => (
            <li key={item.id} className="alerts-card">
              <div className="alerts-card-head">
                <strong>{item.alertName}</strong>
                <time>{formatDateTime(item.firedAt, language)}</time>
              </div>
              <div className="alerts-card-rule">{item.body}</div>
              <div className="alerts-card-meta">
                {item.deliveries.length > 0
                  ? item.deliveries
                      .map(
                        (d) =>
                          `${t(`alerts.channels.${d.channel}`)} #${d.attempt} ${d.outcome}${d.error ? ` (${d.error})` : ''}`,
                      )
                      .join(' · ')
                  : t(`alerts.history.${item.status}`)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
