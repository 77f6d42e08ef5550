import type { SessionUser } from '@spreadscope/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useLocale } from '../hooks/use-locale.ts';
import { useSession } from './use-session.ts';

/** Renders its page for a signed-in user; sends a visitor to /login and back here afterwards. */
export function RequireSession({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const location = useLocation();
  const session = useSession();
  if (session.isPending) return <p className="auth-page">{t('common.loading')}</p>;
  const user = session.data?.user;
  if (!user) {
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`${to('/login')}?next=${next}`} replace />;
  }
  return children(user);
}
