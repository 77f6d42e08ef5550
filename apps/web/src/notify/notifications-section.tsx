import type { NotificationList, NotifyConfig } from '@spreadscope/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../auth/account-api.ts';
import { errorText } from '../auth/error-text.ts';
import { formatDateTime } from '../auth/format-date.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { toast } from '../lib/toast.ts';
import { disablePush, enablePush, hasPushSubscription, pushSupport } from './web-push.ts';

/**
 * Account → Notifications (`/my/account#notifications`): turn Web Push on for this browser (the permission
 * prompt needs this click), how to get the Telegram chat ID, whether mail and Telegram really send or are
 * simulated on this server, and the latest notifications with each channel's outcome.
 */
export function NotificationsSection() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const client = useQueryClient();
  const config = useQuery({
    queryKey: ['notify', 'config'],
    queryFn: () => callApi<NotifyConfig>('GET', '/notifications/config', language),
  });
  const recent = useQuery({
    queryKey: ['notify', 'recent'],
    queryFn: () => callApi<NotificationList>('GET', '/notifications', language),
    refetchInterval: 15_000,
  });
  const support = typeof window === 'undefined' ? 'unsupported' : pushSupport();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (support === 'supported') hasPushSubscription().then(setSubscribed, () => setSubscribed(false));
  }, [support]);
  const denied = support === 'supported' && Notification.permission === 'denied';

  const turnOn = async () => {
    if (!config.data) return;
    setBusy(true);
    try {
      const result = await enablePush(config.data.vapidPublicKey, language);
      if (result === 'denied') toast.error(t('notify.push.denied'));
      else {
        setSubscribed(true);
        toast.success(t('notify.push.enabled'));
      }
    } catch (failure) {
      toast.error(
        failure instanceof Error && failure.name === 'ApiError'
          ? errorText(failure, t)
          : t('notify.push.failed'),
      );
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: ['notify', 'config'] });
    }
  };
  const turnOff = async () => {
    setBusy(true);
    try {
      await disablePush(language);
      setSubscribed(false);
      toast.success(t('notify.push.disabled'));
    } catch (failure) {
      toast.error(errorText(failure, t));
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: ['notify', 'config'] });
    }
  };

  const bot = config.data?.telegram.botUsername;
  return (
    <div className="auth-card" id="notifications" data-testid="account-notifications">
      <h2>{t('notify.heading')}</h2>
      <p className="auth-card__lead">{t('notify.lead')}</p>

      <h3>{t('notify.push.title')}</h3>
      {support === 'ios-needs-install' ? (
        <p className="auth-notice" data-testid="push-ios-install">
          {t('notify.push.ios')}
        </p>
      ) : support === 'unsupported' ? (
        <p className="auth-notice">{t('notify.push.unsupported')}</p>
      ) : denied ? (
        <p className="auth-notice" data-testid="push-denied">
          {t('notify.push.denied')}
        </p>
      ) : (
        <p>
          <span data-testid="push-state">{subscribed ? t('notify.push.on') : t('notify.push.off')}</span>{' '}
          <button
            type="button"
            className={subscribed ? 'button' : 'button button--primary'}
            disabled={busy || !config.data}
            onClick={subscribed ? turnOff : turnOn}
            data-testid="push-toggle"
          >
            {subscribed ? t('notify.push.disable') : t('notify.push.enable')}
          </button>
        </p>
      )}
      {config.data ? (
        <p className="auth-card__lead">
          {t('notify.push.devices', { count: config.data.pushSubscriptions })}
        </p>
      ) : null}

      <h3>{t('notify.telegram.title')}</h3>
      <p data-testid="telegram-steps">
        {bot ? (
          <>
            {t('notify.telegram.steps', { bot: `@${bot}` }).split(`@${bot}`)[0]}
            <a href={`https://t.me/${bot}`} target="_blank" rel="noreferrer">
              @{bot}
            </a>
            {t('notify.telegram.steps', { bot: `@${bot}` }).split(`@${bot}`)[1]}
          </>
        ) : (
          t('notify.telegram.stepsNoBot')
        )}
      </p>
      {config.data?.telegram.mode === 'simulated' ? (
        <p className="auth-notice">{t('notify.telegram.simulated')}</p>
      ) : null}

      <h3>{t('notify.email.title')}</h3>
      <p>{config.data?.email.mode === 'simulated' ? t('notify.email.simulated') : t('notify.email.live')}</p>

      <h3>{t('notify.recent.title')}</h3>
      {recent.data && recent.data.notifications.length === 0 ? <p>{t('notify.recent.empty')}</p> : null}
      <ul className="notify-recent" data-testid="notify-recent">
        {recent.data?.notifications.map((n) => (
          <li key={n.key}>
            <strong>{n.title}</strong>{' '}
            <time dateTime={new Date(n.occurredAt).toISOString()}>
              {formatDateTime(n.occurredAt, language)}
            </time>
            <div>{n.body}</div>
            <div>
              {n.deliveries.map((d) => (
                <span key={d.channel} className="notify-recent__delivery" data-state={d.state}>
                  {t(`notify.recent.channel.${d.channel}`)}: {t(`notify.recent.state.${d.state}`)}
                  {d.simulated ? ` (${t('notify.recent.simulated')})` : ''}
                  {d.attempts > 1 ? ` · ${t('notify.recent.attempts', { count: d.attempts })}` : ''}
                  {d.state === 'dead' && d.lastError ? ` · ${d.lastError}` : ''}{' '}
                </span>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
