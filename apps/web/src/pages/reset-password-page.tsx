import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../auth/account-api.ts';
import { fieldError } from '../auth/error-text.ts';
import { PasswordField } from '../auth/password-field.tsx';
import { PasswordMatch, PasswordRules } from '../auth/password-rules.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocale } from '../hooks/use-locale.ts';
import '../auth/auth.css';

/** Where the reset email lands: a new password, checked by the rules of spec §5, once per link. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const [params] = useSearchParams();
  const token = params.get('token');
  useDocumentTitle(t('auth.titles.reset'));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await callApi('POST', '/auth/password/reset', language, { token, password, passwordConfirm: confirm });
      setDone(true);
    } catch (failure) {
      setError(fieldError(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-page" data-testid="reset-page">
      <div className="auth-card">
        <h1>{t('auth.reset.heading')}</h1>
        {!token ? <p className="auth-notice auth-notice--bad">{t('auth.reset.missingToken')}</p> : null}
        {done ? (
          <>
            <p className="auth-notice auth-notice--ok" role="status" data-testid="reset-done">
              {t('auth.reset.done')}
            </p>
            <Link className="button button--primary" to={to('/login')}>
              {t('auth.register.toLogin')}
            </Link>
          </>
        ) : token ? (
          <form className="auth-form" onSubmit={submit} noValidate>
            <PasswordField
              label={t('auth.fields.newPassword')}
              name="password"
              value={password}
              onChange={setPassword}
              autoComplete="new-password"
              error={error?.field === 'password' ? error.message : null}
              hint={<PasswordRules password={password} />}
              testId="reset-password"
            />
            <PasswordField
              label={t('auth.fields.passwordConfirm')}
              name="passwordConfirm"
              value={confirm}
              onChange={setConfirm}
              autoComplete="new-password"
              error={error?.field === 'passwordConfirm' ? error.message : null}
              hint={<PasswordMatch password={password} confirm={confirm} />}
              testId="reset-password-confirm"
            />
            {error && error.field !== 'password' && error.field !== 'passwordConfirm' ? (
              <p className="auth-form__error" role="alert" data-testid="reset-error">
                {error.message}
              </p>
            ) : null}
            <button
              type="submit"
              className="button button--primary"
              disabled={busy}
              data-testid="reset-submit"
            >
              {t('auth.reset.submit')}
            </button>
          </form>
        ) : null}
      </div>
    </section>
  );
}
