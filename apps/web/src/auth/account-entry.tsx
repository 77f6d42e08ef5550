import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyToaster } from '../components/lazy-toaster.tsx';
import { useLocale } from '../hooks/use-locale.ts';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { useSettings } from '../hooks/use-settings.ts';
import { resolveTheme } from '../lib/settings.ts';
import { useUserToasts } from '../notify/use-user-toasts.ts';
import { SIGN_OUT_STATE } from './sign-out.ts';
import { useSession } from './use-session.ts';
import { useSettingsSync } from './use-settings-sync.ts';
import './account-entry.css';

/**
 * The header's account corner: "Sign in" for visitors, the user's name with a menu for the signed-in.
 * It also keeps a signed-in user's settings in step with the account, and hosts the app's toasts, since
 * the header is on every page.
 */
export function AccountEntry() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const session = useSession();
  const [settings] = useSettings();
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  useSettingsSync();
  const user = session.data?.user ?? null;
  // Alerts arrive as toasts in every open tab of the signed-in user (the header is on every page).
  useUserToasts(user !== null);

  return (
    <div className="account-entry" data-testid="account-entry" data-signed-in={user !== null}>
      {session.isPending ? null : user ? (
        <details className="account-entry__menu">
          <summary
            className="button"
            aria-label={t('auth.entry.menu', { name: user.displayName })}
            data-testid="account-menu"
          >
            <span className="account-entry__name">{user.displayName}</span>
          </summary>
          <ul className="account-entry__list">
            <li>
              <Link to={to('/my/account')} data-testid="account-menu-account">
                {t('auth.entry.account')}
              </Link>
            </li>
            <li>
              <Link to={to('/logout')} state={SIGN_OUT_STATE} data-testid="account-menu-logout">
                {t('auth.entry.logout')}
              </Link>
            </li>
          </ul>
        </details>
      ) : (
        <Link className="button button--primary" to={to('/login')} data-testid="login-link">
          {t('auth.entry.login')}
        </Link>
      )}
      <LazyToaster
        position="bottom-right"
        // Above the status bar, which every page keeps at the bottom.
        offset={{ bottom: 48, right: 16 }}
        mobileOffset={{ bottom: 48 }}
        theme={resolveTheme(settings.theme, systemDark)}
        richColors
        closeButton
        // The region's name is read out by screen readers: in the user's language, not sonner's English.
        customAriaLabel={t('common.notifications')}
        toastOptions={{ duration: 6000 }}
      />
    </div>
  );
}
