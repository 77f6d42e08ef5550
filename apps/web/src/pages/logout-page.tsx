import type { SessionResponse } from '@spreadscope/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { callApi } from '../auth/account-api.ts';
import { errorText } from '../auth/error-text.ts';
import { cameFromSignOutLink } from '../auth/sign-out.ts';
import { useSession, useSetSession } from '../auth/use-session.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocale } from '../hooks/use-locale.ts';
import '../auth/auth.css';

/**
 * /logout ends the session on the server (every process) and forgets it here. Opened from the app's own
 * sign-out links it signs out at once; opened any other way (a link on another site, a typed address) it
 * asks first, and signs out only on the button: a same-origin POST made by a click on this page.
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const location = useLocation();
  const session = useSession();
  const setSession = useSetSession();
  useDocumentTitle(t('auth.titles.logout'));
  const [state, setState] = useState<{ sending: boolean; done: boolean; error: string | null }>({
    sending: false,
    done: false,
    error: null,
  });
  const sent = useRef(false);

  const signOut = useCallback(() => {
    if (sent.current) return;
    sent.current = true;
    setState({ sending: true, done: false, error: null });
    callApi<SessionResponse>('POST', '/auth/logout', language).then(
      (answer) => {
        setSession(answer);
        setState({ sending: false, done: true, error: null });
      },
      (failure: unknown) => {
        sent.current = false;
        setState({ sending: false, done: true, error: errorText(failure, t) });
      },
    );
  }, [language, setSession, t]);

  const fromApp = cameFromSignOutLink(location.state);
  useEffect(() => {
    if (fromApp) signOut();
  }, [fromApp, signOut]);

  const signedIn = session.data?.user != null;
  const asking = !fromApp && !state.sending && !state.done && signedIn;
  const alreadyOut = !fromApp && !state.sending && !state.done && session.data !== undefined && !signedIn;

  return (
    <section className="auth-page" data-testid="logout-page" data-done={state.done}>
      <div className="auth-card">
        {state.sending || (fromApp && !state.done) ? <p role="status">{t('auth.logout.working')}</p> : null}
        {asking ? (
          <>
            <p data-testid="logout-question">{t('auth.logout.question')}</p>
            <button
              type="button"
              className="button button--primary"
              onClick={signOut}
              data-testid="logout-confirm"
            >
              {t('auth.logout.confirm')}
            </button>
          </>
        ) : null}
        {(state.done && !state.error) || alreadyOut ? (
          <p data-testid="logout-done">{t('auth.logout.done')}</p>
        ) : null}
        {state.error ? (
          <p className="auth-form__error" role="alert">
            {state.error}
          </p>
        ) : null}
        <Link className="button" to={to('/')}>
          {t('auth.logout.home')}
        </Link>
      </div>
    </section>
  );
}
