import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../auth/account-api.ts';
import { fieldError } from '../auth/error-text.ts';
import { TextField } from '../auth/text-field.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocale } from '../hooks/use-locale.ts';
import '../auth/auth.css';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  useDocumentTitle(t('auth.titles.forgot'));
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await callApi('POST', '/auth/password/forgot', language, { email });
      setSentTo(email.trim());
    } catch (failure) {
      setError(fieldError(failure, t).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-page" data-testid="forgot-page">
      <div className="auth-card">
        <h1>{t('auth.forgot.heading')}</h1>
        {sentTo ? (
          <p className="auth-notice auth-notice--ok" role="status" data-testid="forgot-sent">
            {t('auth.forgot.sent', { email: sentTo })}
          </p>
        ) : (
          <form className="auth-form" onSubmit={submit} noValidate>
            <p className="auth-card__lead">{t('auth.forgot.lead')}</p>
            <TextField
              label={t('auth.fields.email')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={setEmail}
              error={error}
              testId="forgot-email"
              required
            />
            <button
              type="submit"
              className="button button--primary"
              disabled={busy}
              data-testid="forgot-submit"
            >
              {t('auth.forgot.submit')}
            </button>
          </form>
        )}
        <Link to={to('/login')}>{t('auth.forgot.back')}</Link>
      </div>
    </section>
  );
}
