import { ALERT_MAX_TOKENS, entitlementsOf, limitOf, type Plan } from '@spreadscope/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';
import { iosNotInstalled, notificationPermission } from './alerts-api.ts';

/** How to be told: Telegram chat ID, browser permission (and the iOS home-screen rule), the plan's limits. */
export function AlertsSettings({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const [permission, setPermission] = useState(notificationPermission());
  const ask = async () => {
    if (typeof Notification === 'undefined') return;
    const answer = await Notification.requestPermission();
    setPermission(answer);
    if (answer === 'denied') toast.error(t('alerts.toasts.permissionDenied'));
  };
  return (
    <div className="alerts-settings" data-testid="alerts-settings">
      <h2>{t('alerts.settings.telegramTitle')}</h2>
      <p>{t('alerts.settings.telegramBody')}</p>
      <h2>{t('alerts.settings.browserTitle')}</h2>
      <p>{t('alerts.settings.browserBody')}</p>
      <p data-testid="alerts-permission">
        {t('alerts.settings.permission', { state: t(`alerts.settings.permissionStates.${permission}`) })}
      </p>
      {permission === 'default' && (
        <button type="button" className="alerts-button" onClick={ask}>
          {t('alerts.form.allowNotifications')}
        </button>
      )}
      <h2>{t('alerts.settings.iosTitle')}</h2>
      <p className={iosNotInstalled() ? 'alerts-warning' : undefined}>{t('alerts.form.iosHint')}</p>
      <h2>{t('alerts.settings.limitsTitle')}</h2>
      <p>
        {t('alerts.settings.limits', {
          alerts: limitOf(plan, 'alerts'),
          tokens: entitlementsOf(plan).paid ? ALERT_MAX_TOKENS : 1,
        })}
      </p>
      <p>{t('alerts.settings.rateNote')}</p>
    </div>
  );
}
