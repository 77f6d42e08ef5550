import type { TrendSourceStatus } from '@spreadscope/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import '../detail-page.css';
import './trend.css';

const TABS = [
  { path: '/trend/overview', key: 'overview' },
  { path: '/trend/channels', key: 'channels' },
  { path: '/trend/posts', key: 'posts' },
  { path: '/trend/naver-search', key: 'naver' },
] as const;

/** The frame of every /trend screen: title, the four views, and which sources are on, off or simulated. */
export function TrendLayout({
  title,
  sources,
  children,
  testId,
  active,
}: {
  title: string;
  sources: readonly TrendSourceStatus[] | undefined;
  children: ReactNode;
  testId: string;
  active?: (typeof TABS)[number]['key'];
}) {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(title);
  const simulated = sources?.some((s) => s.state === 'simulated') ?? false;
  return (
    <div className="detail-page trend-page" data-testid={testId}>
      <header className="detail-page__head">
        <h1>{title}</h1>
        <p className="detail-page__meta">{t('trend.lead')}</p>
        <nav aria-label={t('trend.tabsLabel')} className="trend-tabs">
          {TABS.map((tab) => (
            <NavLink
              key={tab.key}
              to={to(tab.path)}
              className={({ isActive }) =>
                `trend-tabs__link${isActive || active === tab.key ? ' trend-tabs__link--active' : ''}`
              }
              aria-current={active === tab.key ? 'page' : undefined}
            >
              {t(`trend.tabs.${tab.key}`)}
            </NavLink>
          ))}
        </nav>
        {simulated ? (
          <p className="trend-simulated" role="status" data-testid="trend-simulated">
            {t('trend.simulated')}
          </p>
        ) : null}
        <SourceStates sources={sources} />
      </header>
      {children}
    </div>
  );
}

function SourceStates({ sources }: { sources: readonly TrendSourceStatus[] | undefined }) {
  const { t } = useTranslation();
  if (!sources) return null;
  return (
    <ul className="trend-sources" data-testid="trend-sources">
      {sources.map((s) => (
        <li
          key={s.source}
          className={`trend-sources__item trend-sources__item--${s.state}`}
          data-testid={`trend-source-${s.source}`}
          data-state={s.state}
          title={s.message ?? undefined}
        >
          {t(`trend.sourceState.${s.state}`, {
            source: t(`trend.sources.${s.source}`),
            reason: t(`trend.reasons.${s.reason ?? 'none'}`),
          })}
        </li>
      ))}
    </ul>
  );
}

/** Previous / next over a paged list. */
export function TrendPager({
  page,
  total,
  limit,
  onPage,
}: {
  page: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <div className="trend-pager">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('trend.prev')}
      </button>
      <span className="num">{t('trend.page', { page, pages })}</span>
      <button
        type="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        data-testid="trend-next"
      >
        {t('trend.next')}
      </button>
    </div>
  );
}
