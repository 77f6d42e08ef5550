import type { SessionResponse } from '@spreadscope/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../auth/account-api.ts';
import { fieldError } from '../auth/error-text.ts';
import { PasswordField } from '../auth/password-field.tsx';
import { PasswordMatch, PasswordRules } from '../auth/password-rules.tsx';
import { RequireSession } from '../auth/require-session.tsx';
import { useSetSession } from '../auth/use-session.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocale } from '../hooks/use-locale.ts';
import '../auth/auth.css';

/** /my/account/password: current password, a new one that differs (spec §5); other devices sign out. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.titles.changePassword'));
  return <RequireSession>{() => <ChangePassword />}</RequireSession>;
}

function ChangePassword() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const setSession = useSetSession();
  const [form, setForm] = useState({ currentPassword: '', password: '', passwordConfirm: '' });
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const errorFor = (field: string) => (error?.field === field ? error.message : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setSession(await callApi<SessionResponse>('POST', '/auth/password/change', language, form));
      setDone(true);
    } catch (failure) {
      setError(fieldError(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-page" data-testid="change-password-page">
      <div className="auth-card">
        <h1>{t('auth.changePassword.heading')}</h1>
        {done ? (
          <p className="auth-notice auth-notice--ok" role="status" data-testid="change-password-done">
            {t('auth.changePassword.done')}
          </p>
        ) : (
          <form className="auth-form" onSubmit={submit} noValidate>
            <PasswordField
              label={t('auth.fields.currentPassword')}
              name="currentPassword"
              value={form.currentPassword}
              onChange={set('currentPassword')}
              autoComplete="current-password"
              error={errorFor('currentPassword')}
              testId="change-current"
            />
            <PasswordField
              label={t('auth.fields.newPassword')}
              name="password"
              value={form.password}
              onChange={set('password')}
              autoComplete="new-password"
              error={errorFor('password')}
              hint={<PasswordRules password={form.password} />}
              testId="change-new"
            />
            <PasswordField
              label={t('auth.fields.passwordConfirm')}
              name="passwordConfirm"
              value={form.passwordConfirm}
              onChange={set('passwordConfirm')}
              autoComplete="new-password"
              error={errorFor('passwordConfirm')}
              hint={<PasswordMatch password={form.password} confirm={form.passwordConfirm} />}
              testId="change-confirm"
            />
            {error && !['currentPassword', 'password', 'passwordConfirm'].includes(error.field ?? '') ? (
              <p className="auth-form__error" role="alert">
                {error.message}
              </p>
            ) : null}
            <button
              type="submit"
              className="button button--primary"
              disabled={busy}
              data-testid="change-submit"
            >
              {t('auth.changePassword.submit')}
            </button>
          </form>
        )}
        <Link to={to('/my/account')}>{t('auth.changePassword.back')}</Link>
      </div>
    </section>
  );
}
