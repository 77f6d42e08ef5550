import type { ListingCase } from '@spreadscope/contracts';
import { getVenue, isVenueId } from '@spreadscope/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TablePager } from '../../components/table-pager.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { formatKst } from '../events/events-format.ts';
import { formatAmount, formatPct, formatQuotePrice } from './listing-format.ts';
import { ListingGate } from './listing-gate.tsx';
import { useListingAccess } from './use-listing.ts';
import { useListingHistory } from './use-listing-history.ts';
import './listing.css';
import './listing-history.css';

const LIMIT = 20;
const venueName = (id: string) => (isVenueId(id) ? getVenue(id).name : id);

/** /listing-arbitrage/history: past listing cases as a table, sortable by date or peak premium, paged. */
export function ListingHistoryPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(t('listingHistory.title'));
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const sort = params.get('sort') === 'peak' ? 'peak' : 'date';
  const order = params.get('order') === 'asc' ? 'asc' : 'desc';
  const page = Math.max(1, Math.min(1_000, Number(params.get('page')) || 1));
  const access = useListingAccess();
  const allowed = access.data?.allowed === true;
  const history = useListingHistory(allowed, { page, limit: LIMIT, sort, order });
  const cases = history.data?.data ?? [];
  const update = (changes: Record<string, string | null>) => {
    const copy = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) copy.delete(name);
      else copy.set(name, value);
    }
    setParams(copy, { replace: true });
  };
  const sortBy = (column: 'date' | 'peak') =>
    update({
      sort: column === 'date' ? null : column,
      order: column === sort && order === 'desc' ? 'asc' : null,
      page: null,
    });
  const header = (column: 'date' | 'peak', label: string) => {
    const active = sort === column;
    return (
      <th scope="col" aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
        <button
          type="button"
          className="listing-history__sort"
          data-testid={`listing-history-sort-${column}`}
          title={t('listingHistory.sortBy', { column: label })}
          onClick={() => sortBy(column)}
        >
          {label}
          {active ? <span aria-hidden="true">{order === 'asc' ? ' ▲' : ' ▼'}</span> : null}
        </button>
      </th>
    );
  };
  return (
    <section className="listing-page" aria-labelledby="listing-history-title">
      <p>
        <Link to={to('/listing-arbitrage')}>← {t('listingHistory.back')}</Link>
      </p>
      <h1 id="listing-history-title">{t('listingHistory.title')}</h1>
      <p className="listing-page__lead">{t('listingHistory.lead')}</p>
      {access.data && !allowed ? (
        <ListingGate
          access={access.data}
          onAccess={() => void queryClient.invalidateQueries({ queryKey: ['listing'] })}
        />
      ) : null}
      {allowed && history.isPending ? <p role="status">{t('listingHistory.loading')}</p> : null}
      {history.error ? (
        <p role="alert">{t('listingHistory.failed', { message: history.error.message })}</p>
      ) : null}
      {cases.some((c) => c.simulated) ? (
        <p className="listing-page__sim">{t('listingHistory.simulatedNote')}</p>
      ) : null}
      {allowed && history.data && cases.length === 0 ? <p>{t('listingHistory.empty')}</p> : null}
      {cases.length > 0 ? (
        <div className="listing-history__scroll">
          <table className="listing-history__table" data-testid="listing-history-table">
            <thead>
              <tr>
                <th scope="col">{t('listingHistory.col.token')}</th>
                {header('date', t('listingHistory.col.date'))}
                <th scope="col">{t('listingHistory.col.listingPrice')}</th>
                <th scope="col">{t('listingHistory.col.range')}</th>
                {header('peak', t('listingHistory.col.peak'))}
                <th scope="col">{t('listingHistory.col.capChange')}</th>
                <th scope="col">{t('listingHistory.col.deposit')}</th>
              </tr>
            </thead>
            <tbody>
              {cases.map((c) => (
                <CaseRow key={`${c.key}-${c.announcedAt}`} c={c} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {history.data ? (
        <TablePager
          page={page}
          pageSize={LIMIT}
          total={history.data.total}
          onPage={(p) => update({ page: p === 1 ? null : String(p) })}
        />
      ) : null}
    </section>
  );
}

function CaseRow({ c }: { c: ListingCase }) {
  const { t } = useTranslation();
  const { to, language } = useLocale();
  const dash = '—';
  const price = (v: number | null) => (v === null ? dash : formatQuotePrice(v, c.quote, language));
  return (
    <tr data-testid="listing-history-row" data-key={c.key} data-peak={c.peakPremium?.pct ?? ''}>
      <th scope="row" className="listing-history__token">
        <Link to={to(`/listing-arbitrage/${c.key}`)} data-testid="listing-history-case">
          {c.base}
        </Link>
        <span className="listing-history__market">
          {venueName(c.exchange)} · {c.quote}
        </span>
        {c.simulated ? (
          <span className="listing-tag listing-tag--sim">{t('listingHistory.simulated')}</span>
        ) : null}
        {c.origin === 'open' ? <span className="listing-tag">{t('listingHistory.open')}</span> : null}
        {c.origin === 'imported' ? <span className="listing-tag">{t('listingHistory.imported')}</span> : null}
      </th>
      <td>
        <time dateTime={new Date(c.announcedAt).toISOString()}>
          {formatKst(c.announcedAt, language, true)}
        </time>
      </td>
      <td>{price(c.listingPrice)}</td>
      <td>{c.high24h === null && c.low24h === null ? dash : `${price(c.high24h)} / ${price(c.low24h)}`}</td>
      <td>{c.peakPremium ? formatPct(c.peakPremium.pct) : dash}</td>
      <td>{c.marketCapChange24hPct === null ? dash : formatPct(c.marketCapChange24hPct)}</td>
      <td>
        {c.totalDepositBeforeTrading
          ? `${formatAmount(c.totalDepositBeforeTrading.amount, language)} ${c.base}`
          : dash}
      </td>
    </tr>
  );
}
