import type { VenueWalletsResponse, WalletStatusRow } from '@spreadscope/contracts';
import { formatClock, type WalletHealth } from '@spreadscope/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '../../components/segmented-control.tsx';
import { useLocale } from '../../hooks/use-locale.ts';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { formatDuration } from '../../lib/duration.ts';
import { formatAmount, HealthBadge, StateCell, shortContract } from './wallet-cells.tsx';

const FILTERS = ['all', 'unhealthy', 'warning', 'healthy', 'unknown'] as const;
type HealthFilter = 'all' | WalletHealth;
/** Rows drawn at first; the rest on request (a venue has ~1,500 networks). */
const STEP = 200;

/** A venue's whole wallet table (v2/wallet-status/{exchange}) with health, search and network filters. */
export function WalletTable({ exchange }: { exchange: string }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const [health, setHealth] = useState<HealthFilter>('all');
  const [q, setQ] = useState('');
  const [chain, setChain] = useState('');
  const [shown, setShown] = useState(STEP);
  const query = useMarketQuery<VenueWalletsResponse>(
    `/v2/wallet-status/${exchange}`,
    { health, q: q.replace(/[^A-Za-z0-9]/g, ''), chain },
    30_000,
  );
  const data = query.data;
  const rows = useMemo(() => data?.data.slice(0, shown) ?? [], [data, shown]);
  const access = data?.access;
  return (
    <section className="exchange-detail__section" aria-labelledby="wallets-title" data-testid="wallet-table">
      <h2 id="wallets-title">{t('wallets.title')}</h2>
      <p className="exchange-detail__muted">{t('wallets.lead')}</p>
      {data ? (
        <p className="exchange-detail__counts" data-testid="wallet-counts">
          {t('wallets.counts', data.counts)}
        </p>
      ) : null}
      {access?.via === 'key' && !access.keyConfigured ? (
        <p role="note" className="exchange-detail__note" data-testid="wallet-needs-key">
          {t('wallets.needsKey')}
        </p>
      ) : null}
      {access?.via === 'none' ? (
        <p role="note" className="exchange-detail__note">
          {t('wallets.notPublished')}
        </p>
      ) : null}
      <div className="exchange-detail__filters">
        <SegmentedControl
          label={t('wallets.columns.health')}
          value={health}
          onChange={(value) => {
            setHealth(value);
            setShown(STEP);
          }}
          options={FILTERS.map((value) => ({
            value,
            label: t(`wallets.health.${value}`),
            testId: `wallet-filter-${value}`,
          }))}
          testId="wallet-health-filter"
        />
        <input
          type="search"
          className="exchange-detail__search"
          placeholder={t('wallets.search')}
          aria-label={t('wallets.search')}
          value={q}
          maxLength={20}
          onChange={(e) => setQ(e.target.value)}
          data-testid="wallet-search"
        />
        <label className="exchange-detail__select">
          <span className="visually-hidden">{t('wallets.chain')}</span>
          <select value={chain} onChange={(e) => setChain(e.target.value)} data-testid="wallet-chain">
            <option value="">{t('wallets.allChains')}</option>
            {(data?.chains ?? []).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      </div>
      {data && data.total === 0 ? <p className="exchange-detail__muted">{t('wallets.empty')}</p> : null}
      {rows.length > 0 ? (
        <div className="exchange-detail__scroll">
          <table className="wallet-table">
            <thead>
              <tr>
                <th scope="col">{t('wallets.columns.asset')}</th>
                <th scope="col">{t('wallets.columns.network')}</th>
                <th scope="col">{t('wallets.columns.health')}</th>
                <th scope="col">{t('wallets.columns.deposit')}</th>
                <th scope="col">{t('wallets.columns.withdraw')}</th>
                <th scope="col" className="wide num">
                  {t('wallets.columns.confirmations')}
                </th>
                <th scope="col" className="wide num">
                  {t('wallets.columns.transferTime')}
                </th>
                <th scope="col" className="wide num">
                  {t('wallets.columns.fee')}
                </th>
                <th scope="col" className="wide num">
                  {t('wallets.columns.min')}
                </th>
                <th scope="col" className="wide">
                  {t('wallets.columns.contract')}
                </th>
                <th scope="col" className="wide">
                  {t('wallets.columns.changed')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <WalletRow key={`${row.asset}|${row.network}`} row={row} language={language} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && data.total > rows.length ? (
        <button
          type="button"
          className="button"
          onClick={() => setShown((n) => n + STEP)}
          data-testid="wallet-more"
        >
          {t('wallets.more', { count: Math.min(STEP, data.total - rows.length) })}
        </button>
      ) : null}
      {data ? (
        <p className="exchange-detail__muted">
          {t('wallets.shown', { shown: rows.length, total: data.total })}
        </p>
      ) : null}
    </section>
  );
}

export function WalletRow({ row, language }: { row: WalletStatusRow; language: 'ko' | 'en' }) {
  const { t } = useTranslation();
  return (
    <tr data-testid={`wallet-row-${row.asset}-${row.network}`} data-health={row.health}>
      <th scope="row">{row.asset}</th>
      <td>
        {row.network}
        {row.delayed ? <span className="wallet-delayed">{t('wallets.delayed')}</span> : null}
      </td>
      <td>
        <HealthBadge health={row.health} />
      </td>
      <td>
        <StateCell open={row.deposit} />
      </td>
      <td>
        <StateCell open={row.withdraw} />
      </td>
      <td className="wide num">{row.confirmations ?? '—'}</td>
      <td className="wide num">
        {row.transferTimeSec === null ? '—' : formatDuration(Math.max(1_000, row.transferTimeSec * 1000), t)}
      </td>
      <td className="wide num">{formatAmount(row.withdrawFee, language)}</td>
      <td className="wide num">{formatAmount(row.withdrawMin, language)}</td>
      <td className="wide mono" title={row.contract ?? undefined}>
        {shortContract(row.contract)}
      </td>
      <td className="wide">
        {row.changedAt === null ? t('wallets.never') : formatClock(row.changedAt, language)}
      </td>
    </tr>
  );
}
