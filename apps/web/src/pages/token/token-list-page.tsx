import { TOKEN_SORT_KEYS, type TokenSort, type TokensResponse } from '@spreadscope/contracts';
import { UPDATE_INTERVAL_MS } from '@spreadscope/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SegmentedControl } from '../../components/segmented-control.tsx';
import { useDebouncedCallback } from '../../hooks/use-debounced-callback.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { useSettings } from '../../hooks/use-settings.ts';
import { TokenListTable } from './token-list-table.tsx';
import '../premium-page.css';
import '../../components/premium-table.css';
import './token-list.css';

const LISTED = ['all', 'korean', 'overseas', 'both'] as const;
type Listed = (typeof LISTED)[number];
/** Every token in one answer: the table is virtualized, so the list scrolls without paging. */
const ALL_TOKENS = 10_000;

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

/** /token: every token, sortable by the spec's ranking keys and the other columns, searchable, deep-linkable. */
export function TokenListPage() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const [settings] = useSettings();
  const [params, setParams] = useSearchParams();
  useDocumentTitle(t('tokens.title'));
  const sort = pick<TokenSort>(params.get('sort'), TOKEN_SORT_KEYS, 'volume_24h');
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';
  const listed = pick<Listed>(params.get('listed'), LISTED, 'all');
  const search = params.get('search') ?? '';
  const [draft, setDraft] = useState(search);
  const update = (patch: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const applySearch = useDebouncedCallback((value: string) => update({ search: value.trim() }), 250);
  const refresh = Math.max(10_000, UPDATE_INTERVAL_MS[settings.interval]);
  const list = useMarketQuery<TokensResponse>(
    '/tokens',
    { search: search || undefined, listed, sort, order, limit: ALL_TOKENS },
    refresh,
  );
  const rows = list.data?.data ?? [];
  const onSort = (key: TokenSort) => {
    const nextOrder =
      key === sort
        ? order === 'desc'
          ? 'asc'
          : 'desc'
        : key === 'symbol' || key === 'trend_rank'
          ? 'asc'
          : 'desc';
    update({ sort: key, order: nextOrder });
  };

  return (
    <div className="premium-page token-list" data-testid="token-list-page">
      <div className="premium-page__head">
        <h1>{t('tokens.title')}</h1>
        <p className="premium-page__subtitle">{t('tokens.subtitle')}</p>
      </div>
      <div className="token-list__filters">
        <label className="token-list__search">
          <span className="visually-hidden">{t('tokens.searchLabel')}</span>
          <input
            type="search"
            value={draft}
            placeholder={t('tokens.searchPlaceholder')}
            data-testid="token-search"
            onChange={(event) => {
              setDraft(event.target.value);
              applySearch.call(event.target.value);
            }}
          />
        </label>
        <SegmentedControl
          label={t('tokens.listedLabel')}
          value={listed}
          options={LISTED.map((value) => ({
            value,
            label: t(`tokens.listed.${value}`),
            testId: `token-listed-${value}`,
          }))}
          onChange={(value) => update({ listed: value === 'all' ? null : value })}
          testId="token-listed"
        />
      </div>
      <div className="ptable-wrap token-list__wrap">
        <div className="ptable-toolbar">
          <span className="num" data-testid="token-count">
            {list.data ? t('tokens.count', { count: list.data.total }) : ''}
          </span>
          {list.data?.dataSource.mode === 'simulated' ? (
            <span className="token-list__sim">{t('tokens.simulated')}</span>
          ) : null}
          <span className="ptable-toolbar__spacer" />
          {list.data && !list.data.trendRanks ? (
            <span className="ptable-toolbar__note" data-testid="token-trend-note">
              {t('tokens.trendNotAvailable')}
            </span>
          ) : null}
        </div>
        <TokenListTable
          rows={rows}
          sort={sort}
          order={order}
          onSort={onSort}
          currency={settings.currency}
          language={language}
          to={to}
          pending={list.isPlaceholderData}
        />
        {list.isPending ? (
          <p className="ptable-state" role="status">
            {t('tokens.loading')}
          </p>
        ) : list.error ? (
          <p className="ptable-state ptable-state--error" role="alert">
            {t('tokens.failed', { message: list.error.message })}
          </p>
        ) : rows.length === 0 ? (
          <p className="ptable-state" role="status" data-testid="token-empty">
            {t('tokens.empty')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
