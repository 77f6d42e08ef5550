import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../auth/account-api.ts';
import { errorText } from '../auth/error-text.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocale } from '../hooks/use-locale.ts';
import '../auth/auth.css';

type State =
  | { readonly kind: 'working' }
  | { readonly kind: 'done'; readonly message: string }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * /register is where the activation email lands (spec §2, §4): it spends the token once and says what
 * happened; an expired link has already sent a new email, and the server's message says so.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const [params] = useSearchParams();
  const token = params.get('token');
  useDocumentTitle(t('auth.titles.register'));
  const [state, setState] = useState<State>(
    token ? { kind: 'working' } : { kind: 'failed', message: t('auth.register.missingToken') },
  );
  // React's development double-run must not spend the single-use token twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    callApi<{ message: string }>('POST', '/auth/verify', language, { token }).then(
      (answer) => setState({ kind: 'done', message: answer.message }),
      (failure: unknown) => setState({ kind: 'failed', message: errorText(failure, t) }),
    );
  }, [token, language, t]);

  return (
    <section className="auth-page" data-testid="register-page" data-state={state.kind}>
      <div className="auth-card">
        {state.kind === 'working' ? <p role="status">{t('auth.register.working')}</p> : null}
        {state.kind === 'done' ? (
          <>
            <h1>{t('auth.register.doneTitle')}</h1>
            <p className="auth-notice auth-notice--ok" data-testid="register-done">
              {state.message}
            </p>
            <Link className="button button--primary" to={to('/login')} data-testid="register-login">
              {t('auth.register.toLogin')}
            </Link>
          </>
        ) : null}
        {state.kind === 'failed' ? (
          <>
            <h1>{t('auth.register.failedTitle')}</h1>
            <p className="auth-notice auth-notice--bad" role="alert" data-testid="register-failed">
              {state.message}
            </p>
            <div className="auth-links">
              <Link to={to('/login')}>{t('auth.register.toLogin')}</Link>
              <Link to={to('/signup')}>{t('auth.register.toSignup')}</Link>
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}
