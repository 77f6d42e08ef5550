import type { TokenDetailResponse } from '@spreadscope/contracts';
import { UPDATE_INTERVAL_MS } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { MarketNotFound } from '../../components/market-not-found.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { useSettings } from '../../hooks/use-settings.ts';
import { ApiError } from '../../lib/api-client.ts';
import { NotFoundPage } from '../not-found-page.tsx';
import { TokenHeader } from './token-header.tsx';
import { TokenTabPanel } from './token-tab-panel.tsx';
import { parseTokenTab, TOKEN_TABS } from './token-tabs.ts';
import './token-page.css';

/**
 * /token/{id}: everything about one token on one page, as the ten tabs of spec §2 (deep-linkable with
 * `?tab=`). Each tab reuses the screen or call that already serves it; a token the server does not know is
 * the not-found page, as the server's 404 for the same path says.
 */
export function TokenPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const token = id.toUpperCase();
  const valid = /^[A-Z0-9]{1,20}$/.test(token);
  useDocumentTitle(t('token.title', { token }));
  if (!valid) {
    return (
      <MarketNotFound
        title={t('notFound.title')}
        body={t('tokenDetail.notSupported', { token: id })}
        back={{ path: '/token', label: t('tokenDetail.back') }}
      />
    );
  }
  return <TokenDetail token={token} />;
}

function TokenDetail({ token }: { token: string }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const [settings] = useSettings();
  const [params] = useSearchParams();
  const tab = parseTokenTab(params.get('tab'));
  const refresh = Math.max(3_000, UPDATE_INTERVAL_MS[settings.interval]);
  const detail = useMarketQuery<TokenDetailResponse>(`/tokens/${token}`, {}, refresh);
  if (detail.error instanceof ApiError && detail.error.status === 404) return <NotFoundPage />;
  const tabPath = (name: string) => {
    const next = new URLSearchParams(params);
    next.set('tab', name);
    return `${to(`/token/${token}`)}?${next.toString()}`;
  };
  return (
    <div className="token-page" data-testid="token-page" data-token={token} data-tab={tab}>
      <TokenHeader token={token} detail={detail.data} error={detail.error} />
      <nav className="token-page__tabs" aria-label={t('tokenDetail.tabs.label')}>
        {TOKEN_TABS.map((name) => (
          <Link
            key={name}
            to={tabPath(name)}
            replace
            className={`token-page__tab${name === tab ? ' is-active' : ''}`}
            aria-current={name === tab ? 'page' : undefined}
            data-testid={`token-tab-${name}`}
          >
            {t(`tokenDetail.tabs.${name}`)}
          </Link>
        ))}
      </nav>
      <section
        className="token-page__panel"
        data-testid="token-tab-panel"
        aria-label={t(`tokenDetail.tabs.${tab}`)}
      >
        {detail.data ? (
          <TokenTabPanel tab={tab} token={token} detail={detail.data} />
        ) : (
          <p className="token-tab__message" role="status">
            {detail.error
              ? t('tokenDetail.failed', { token, message: detail.error.message })
              : t('tokenDetail.loading', { token })}
          </p>
        )}
      </section>
    </div>
  );
}
