import type { SessionResponse } from '@spreadscope/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { callApi } from '../auth/account-api.ts';
import { fieldError } from '../auth/error-text.ts';
import { GoogleButton } from '../auth/google-button.tsx';
import { PasswordField } from '../auth/password-field.tsx';
import { TextField } from '../auth/text-field.tsx';
import { useSetSession } from '../auth/use-session.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { ApiError } from '../lib/api-client.ts';
import '../auth/auth.css';

/** Where to go after signing in: a path of this site from ?next, else the home page. */
export function safeNext(next: string | null): string | null {
  return next?.startsWith('/') && !next.startsWith('//') ? next : null;
}

export function LoginPage() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const setSession = useSetSession();
  useDocumentTitle(t('auth.titles.login'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field: string | null; message: string; code?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setResent(null);
    try {
      const session = await callApi<SessionResponse>('POST', '/auth/login', language, { email, password });
      setSession(session);
      navigate(safeNext(params.get('next')) ?? to('/'));
    } catch (failure) {
      setError({ ...fieldError(failure, t), ...(failure instanceof ApiError ? { code: failure.code } : {}) });
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    try {
      await callApi('POST', '/auth/verify/resend', language, { email, password });
      setResent(t('auth.login.resent', { email }));
      setError(null);
    } catch (failure) {
      setError(fieldError(failure, t));
    }
  };

  return (
    <section className="auth-page" data-testid="login-page">
      <div className="auth-card">
        <h1>{t('auth.login.heading')}</h1>
        <form className="auth-form" onSubmit={submit} noValidate>
          <TextField
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            error={error?.field === 'email' ? error.message : null}
            testId="login-email"
            required
          />
          <PasswordField
            label={t('auth.fields.password')}
            name="password"
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            testId="login-password"
          />
          {error && error.field !== 'email' ? (
            <p className="auth-form__error" role="alert" data-testid="login-error" data-code={error.code}>
              {error.message}
            </p>
          ) : null}
          {error?.code === 'account_not_activated' ? (
            <button type="button" className="button" onClick={resend} data-testid="login-resend">
              {t('auth.login.resend')}
            </button>
          ) : null}
          {resent ? (
            <p className="auth-notice auth-notice--ok" role="status">
              {resent}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={busy} data-testid="login-submit">
            {t('auth.login.submit')}
          </button>
        </form>
        <GoogleButton intent="login" label={t('auth.login.google')} />
        <div className="auth-links">
          <Link to={to('/forgot-password')}>{t('auth.login.forgot')}</Link>
          <span>
            {t('auth.login.noAccount')} <Link to={to('/signup')}>{t('auth.login.toSignup')}</Link>
          </span>
        </div>
      </div>
    </section>
  );
}
