import type { SessionUser } from '@spreadscope/contracts';
import { PLAN_NAMES } from '@spreadscope/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../auth/account-api.ts';
import { ApiKeysSection } from '../auth/api-keys-section.tsx';
import { errorText } from '../auth/error-text.ts';
import { FavoritesSection } from '../auth/favorites-section.tsx';
import { formatDateTime } from '../auth/format-date.ts';
import { PhoneSection } from '../auth/phone-section.tsx';
import { RequireSession } from '../auth/require-session.tsx';
import { SIGN_OUT_STATE } from '../auth/sign-out.ts';
import { TextField } from '../auth/text-field.tsx';
import { SESSION_QUERY_KEY } from '../auth/use-session.ts';
import { CurrencyToggle } from '../components/currency-toggle.tsx';
import { IntervalControl } from '../components/interval-control.tsx';
import { LanguageChoice } from '../components/language-switch.tsx';
import { SegmentedControl } from '../components/segmented-control.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { useSettings } from '../hooks/use-settings.ts';
import { resolveTheme, THEMES } from '../lib/settings.ts';
import { toast } from '../lib/toast.ts';
import { NotificationsSection } from '../notify/notifications-section.tsx';
import { BillingNav } from './billing/billing-nav.tsx';
import '../auth/auth.css';

/** /my/account: display name, email, password, settings, pins and owned tokens, API keys (spec §2). */
export function AccountPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.titles.account'));
  return <RequireSession>{(user) => <Account user={user} />}</RequireSession>;
}

function Account({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const client = useQueryClient();
  const [settings, update] = useSettings();
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  const [name, setName] = useState(user.displayName);
  const [nameError, setNameError] = useState<string | null>(null);

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    setNameError(null);
    try {
      const updated = await callApi<SessionUser>('PATCH', '/account', language, { displayName: name });
      client.setQueryData(SESSION_QUERY_KEY, (old: unknown) =>
        old && typeof old === 'object' ? { ...old, user: updated } : old,
      );
      toast.success(t('auth.account.nameSaved'));
    } catch (failure) {
      setNameError(errorText(failure, t));
    }
  };

  return (
    <section className="auth-page auth-page--wide" data-testid="account-page">
      <BillingNav />
      <h1>{t('auth.account.heading')}</h1>
      <div className="auth-card" data-testid="account-profile">
        <h2>{t('auth.account.profile')}</h2>
        <dl className="auth-dl">
          <dt>{t('auth.account.email')}</dt>
          <dd data-testid="account-email">{user.email}</dd>
          <dt>{t('auth.account.loginType')}</dt>
          <dd>
            {t(`auth.account.loginTypes.${user.loginType}`)}
            {user.googleLinked && user.loginType === 'email' ? ` · ${t('auth.account.googleLinked')}` : ''}
          </dd>
          <dt>{t('auth.account.plan')}</dt>
          <dd data-testid="account-plan">{PLAN_NAMES[user.plan]}</dd>
          <dt>{t('auth.account.referralCode')}</dt>
          <dd>
            <code data-testid="account-referral">{user.referralCode}</code>
          </dd>
          <dt>{t('auth.account.memberSince')}</dt>
          <dd>{formatDateTime(user.createdAt, language)}</dd>
        </dl>
        <form className="auth-row" onSubmit={saveName}>
          <TextField
            label={t('auth.fields.displayName')}
            value={name}
            onChange={setName}
            error={nameError}
            maxLength={40}
            testId="account-name"
          />
          <button type="submit" className="button" data-testid="account-name-save">
            {t('auth.account.saveName')}
          </button>
        </form>
      </div>

      <PhoneSection />

      <div className="auth-card">
        <h2>{t('auth.account.security')}</h2>
        {user.hasPassword ? (
          <Link className="button" to={to('/my/account/password')} data-testid="account-change-password">
            {t('auth.account.changePassword')}
          </Link>
        ) : (
          <p className="auth-muted">{t('auth.account.googleNoPassword')}</p>
        )}
      </div>

      <div className="auth-card" data-testid="account-settings">
        <h2>{t('auth.account.settings')}</h2>
        <p className="auth-muted">{t('auth.account.settingsHint')}</p>
        <dl className="auth-dl">
          <dt>{t('settings.language')}</dt>
          <dd>
            <LanguageChoice />
          </dd>
          <dt>{t('settings.currency')}</dt>
          <dd>
            <CurrencyToggle size="md" testId="account-currency" />
          </dd>
          <dt>{t('settings.interval')}</dt>
          <dd>
            <IntervalControl size="md" testId="account-interval" />
          </dd>
          <dt>{t('settings.theme')}</dt>
          <dd>
            <SegmentedControl
              label={t('settings.theme')}
              size="md"
              value={resolveTheme(settings.theme, systemDark)}
              testId="account-theme"
              options={THEMES.map((value) => ({
                value,
                label: t(`settings.themes.${value}`),
                testId: `account-theme-${value}`,
              }))}
              onChange={(value) => update({ theme: value })}
            />
          </dd>
        </dl>
      </div>

      <NotificationsSection />
      <FavoritesSection />
      <ApiKeysSection />

      <Link className="button" to={to('/logout')} state={SIGN_OUT_STATE} data-testid="account-logout">
        {t('auth.account.signOut')}
      </Link>
    </section>
  );
}
