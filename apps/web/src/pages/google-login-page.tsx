import type { SessionResponse } from '@spreadscope/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { callApi } from '../auth/account-api.ts';
import { errorText } from '../auth/error-text.ts';
import { useSetSession } from '../auth/use-session.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { ApiError } from '../lib/api-client.ts';
import '../auth/auth.css';

/**
 * /login/google-login: Google sends the browser back here with `code` and `state`; the page hands them to
 * the server, which checks them against the flow cookie and signs the user in.
 */
export function GoogleLoginPage() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const setSession = useSetSession();
  useDocumentTitle(t('auth.titles.google'));
  const [failure, setFailure] = useState<{ message: string; signup: boolean } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const code = params.get('code');
    const state = params.get('state');
    if (!code || !state) {
      setFailure({ message: t('auth.google.failed'), signup: false });
      return;
    }
    callApi<SessionResponse>('POST', '/auth/google/callback', language, { code, state }).then(
      (session) => {
        setSession(session);
        navigate(to('/'), { replace: true });
      },
      (error: unknown) =>
        setFailure({
          message: errorText(error, t),
          signup: error instanceof ApiError && error.code === 'google_signup_required',
        }),
    );
  }, [params, language, navigate, setSession, t, to]);

  return (
    <section className="auth-page" data-testid="google-login-page">
      <div className="auth-card">
        {failure ? (
          <>
            <h1>{t('auth.google.failed')}</h1>
            <p className="auth-notice auth-notice--bad" role="alert">
              {failure.message}
            </p>
            <Link className="button button--primary" to={to(failure.signup ? '/signup' : '/login')}>
              {failure.signup ? t('auth.google.toSignup') : t('auth.google.retry')}
            </Link>
          </>
        ) : (
          <p role="status">{t('auth.google.working')}</p>
        )}
      </div>
    </section>
  );
}
