import type { PremiumTableRow } from '@spreadscope/contracts';
import {
  type Currency,
  formatClock,
  formatCompact,
  formatPercent,
  formatPrice,
  type Language,
} from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDuration } from '../lib/duration.ts';
import { formatNativePrice, orNaN } from '../lib/number-display.ts';
import { type ColumnId, choosableColumns } from '../lib/spread-columns.ts';
import { cellView } from './spread-cells.tsx';
import { columnTitle } from './spread-column-labels.ts';

interface Props {
  readonly row: PremiumTableRow;
  readonly currency: Currency;
  readonly language: Language;
  /** Columns already on screen; the detail lists the rest. */
  readonly hidden: readonly ColumnId[];
  readonly owned: boolean;
  readonly onOwn: (base: string) => void;
  /** A phone's row has no room for the pin star: pinning is one of the detail's actions there. */
  readonly pinned: boolean;
  readonly onPin: (id: string) => void;
  readonly detailPath: string;
}

/** Everything a row knows that its visible columns do not show: on a phone, most of the row lives here. */
export function SpreadRowDetail({
  row,
  currency,
  language,
  hidden,
  owned,
  onOwn,
  pinned,
  onPin,
  detailPath,
}: Props) {
  const { t } = useTranslation();
  const ctx = { currency, language, compact: false, t };
  const on = new Set(hidden);
  const venue = (id: string) => t(`venues.${id}` as 'venues.upbit');
  const source = venue(row.source.exchange);
  const target = venue(row.target.exchange);
  const perp = row.source.market === 'perp' || row.target.market === 'perp';
  const optional = choosableColumns('premium', perp ? 'spot-perp' : 'spot-spot').filter((id) => !on.has(id));
  const items: [string, string][] = optional
    .filter((id) => id !== 'transfer')
    .map((id) => {
      const view = cellView(id, row, ctx);
      return [columnTitle(id, t, source, target), typeof view.text === 'string' ? view.text : ''];
    });
  // A phone sorted by another gap metric shows that one in its gap slot: the raw gap is still one tap away.
  if (!on.has('gap')) items.unshift([t('columns.gapArbitrage'), formatPercent(orNaN(row.gapPercent))]);
  items.push(
    [
      `${source} ${t('premium.detail.native')}`,
      formatNativePrice(row.source.nativePrice, row.source.quote, language),
    ],
    [
      `${target} ${t('premium.detail.native')}`,
      formatNativePrice(row.target.nativePrice, row.target.quote, language),
    ],
    [
      `${t('premium.detail.rate')} (${t(`premium.filters.bases.${row.conversionBase}`)})`,
      formatPrice(orNaN(row.conversionRate), 'KRW', language),
    ],
    [
      t('spread.detail.fees'),
      t('spread.detail.feesValue', {
        mode: t(`filters.feeModes.${row.fees.mode}`),
        buy: formatPercent(row.fees.buyFeePercent),
        sell: formatPercent(row.fees.sellFeePercent),
      }),
    ],
    [
      t('spread.detail.estimate', { amount: formatCompact(row.estimate.amount, currency, language) }),
      `${formatCompact(orNaN(row.estimate.profit), currency, language)} (${formatPercent(orNaN(row.estimate.profitPercent))})`,
    ],
    [`${source} ${t('premium.detail.updated')}`, formatClock(row.source.updatedAt, language)],
    [`${target} ${t('premium.detail.updated')}`, formatClock(row.target.updatedAt, language)],
  );
  if (row.maxEntry) {
    items.push([
      t('spread.detail.optimal'),
      `${formatCompact(row.maxEntry.optimalSize, currency, language)} → ${formatCompact(row.maxEntry.optimalProfit, currency, language)}`,
    ]);
  }
  for (const leg of [row.source, row.target]) {
    if (leg.nextFundingTime !== null) {
      items.push([
        `${venue(leg.exchange)} ${t('spread.detail.nextFunding')}`,
        formatClock(leg.nextFundingTime, language),
      ]);
    }
  }
  const from = row.transfer.from === 'source' ? source : target;
  const to = row.transfer.from === 'source' ? target : source;

  return (
    <div className="spread-detail">
      <dl className="ptable__detail-list">
        {items.map(([label, value]) => (
          <div key={label} className="ptable__detail-item">
            <dt>{label}</dt>
            <dd className="num">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="spread-detail__transfer">
        <p className="spread-detail__heading">
          {row.transfer.needed
            ? t('spread.detail.transferRoute', { from, to })
            : `${t('spread.transfer.notNeeded')} (${t('spread.transfer.notNeededWhy')})`}
        </p>
        {row.transfer.needed ? (
          row.transfer.networks.length > 0 ? (
            <table className="spread-networks">
              <thead>
                <tr>
                  <th scope="col">{t('spread.detail.network')}</th>
                  <th scope="col">{t('spread.detail.transferTime')}</th>
                  <th scope="col">{t('spread.detail.confirmations')}</th>
                  <th scope="col">{t('spread.detail.withdrawFee')}</th>
                </tr>
              </thead>
              <tbody>
                {row.transfer.networks.map((network) => (
                  <tr key={network.network}>
                    <td>{network.network}</td>
                    <td className="num">
                      {network.transferTimeSec === null
                        ? '—'
                        : formatDuration(network.transferTimeSec * 1000, t)}
                    </td>
                    <td className="num">{network.confirmations ?? '—'}</td>
                    <td className="num">
                      {network.withdrawFeeValue === null
                        ? '—'
                        : formatPrice(network.withdrawFeeValue, currency, language)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="spread-detail__muted">{t('spread.transfer.noRoute')}</p>
          )
        ) : null}
      </div>
      <div className="spread-detail__actions">
        <Link className="button" to={detailPath} data-testid="detail-link">
          {t('spread.detail.open', { base: row.base })}
        </Link>
        <button
          type="button"
          className="button"
          aria-pressed={owned}
          data-testid="own-toggle"
          onClick={() => onOwn(row.base)}
        >
          {owned ? t('favorites.unown', { base: row.base }) : t('favorites.own', { base: row.base })}
        </button>
        <button
          type="button"
          className="button spread-detail__pin"
          aria-pressed={pinned}
          data-testid="detail-pin-toggle"
          onClick={() => onPin(row.id)}
        >
          {t(pinned ? 'favorites.unpin' : 'favorites.pin', { base: row.base })}
        </button>
      </div>
    </div>
  );
}
