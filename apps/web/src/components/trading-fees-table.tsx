import type { TradingFeeRow, TradingFeesResponse } from '@spreadscope/contracts';
import type { VenueId } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import { useMarketQuery } from '../hooks/use-market-query.ts';
import { ApiError } from '../lib/api-client.ts';
import { feedErrorText } from './table-state.tsx';

/** Percent as the fee pages print it: up to four decimals, no sign for a fee, a minus for a rebate. */
export function feePercent(value: number): string {
  return `${Number(value.toFixed(4))}%`;
}

/**
 * One exchange's maker/taker fees per VIP level, spot and perpetual side by side as two small tables (spec §9
 * VIP tier lists). Self-contained: give it an exchange; /exchanges/{exchange} plugs it into its fees slot.
 */
export function TradingFeesTable({ exchange }: { exchange: VenueId }) {
  const { t } = useTranslation();
  const fees = useMarketQuery<TradingFeesResponse>('/trading-fees', { exchange, limit: 100 }, false);
  if (fees.error) {
    const error = fees.error instanceof ApiError ? fees.error : new ApiError('unknown', '', null);
    return (
      <p role="alert" className="detail-page__message">
        {feedErrorText(error, t)}
      </p>
    );
  }
  if (!fees.data) {
    return (
      <p role="status" className="detail-page__message">
        {t('common.loading')}
      </p>
    );
  }
  const byMarket = (['spot', 'perp'] as const)
    .map((market) => ({ market, rows: fees.data.data.filter((r) => r.market === market) }))
    .filter((g) => g.rows.length > 0);
  if (byMarket.length === 0) return <p className="detail-page__message">{t('fees.none')}</p>;
  return (
    <div className="fees-tables" data-testid={`fees-${exchange}`}>
      {byMarket.map(({ market, rows }) => (
        <FeeTable key={market} market={market} rows={rows} />
      ))}
    </div>
  );
}

function FeeTable({ market, rows }: { market: 'spot' | 'perp'; rows: readonly TradingFeeRow[] }) {
  const { t } = useTranslation();
  return (
    <div className="detail-table-wrap">
      <table className="detail-table detail-table--compact" data-testid={`fees-table-${market}`}>
        <caption className="fees-tables__caption">
          {t(`fees.markets.${market}`)}
          <span className="detail-table__sub"> · {t('fees.asOf', { date: rows[0]?.asOf ?? '' })}</span>
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('fees.columns.vip')}</th>
            <th scope="col">{t('fees.columns.maker')}</th>
            <th scope="col">{t('fees.columns.taker')}</th>
            <th scope="col" className="detail-table__wide">
              {t('fees.columns.requirement')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.vipLevel}>
              <th scope="row">{row.vipLevel}</th>
              <td className="num">{feePercent(row.makerPercent)}</td>
              <td className="num">{feePercent(row.takerPercent)}</td>
              <td className="detail-table__wide">{row.requirement ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
