import type { ArbitrageResponse } from '@spreadscope/contracts';
import { type ArbitrageKind, formatPercent } from '@spreadscope/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SegmentedControl } from '../../components/segmented-control.tsx';
import { useLocale } from '../../hooks/use-locale.ts';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { ARBITRAGE_PATHS, ARBITRAGE_ROUTES } from '../../lib/market-api.ts';
import { tone } from '../../lib/number-display.ts';

const KINDS: readonly ArbitrageKind[] = ['spot-spot', 'spot-perp', 'perp-perp'];
const legMarket = (leg: { market: string; quote: string }) => (leg.market === 'perp' ? 'PERP' : leg.quote);

/** The arbitrage tab: the token's best pairs from the arbitrage tables (same call, narrowed to the token). */
export function TokenArbitrageTab({ token }: { token: string }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const [kind, setKind] = useState<ArbitrageKind>('spot-spot');
  const pairs = useMarketQuery<ArbitrageResponse>(
    ARBITRAGE_PATHS[kind].path,
    { bases: token, limit: 10 },
    10_000,
  );
  const rows = pairs.data?.data ?? [];
  return (
    <div className="token-tab" data-testid="token-arbitrage-tab">
      <p className="token-tab__lead">{t('tokenDetail.arbitrageTab.lead', { token })}</p>
      <div className="token-tab__controls">
        <SegmentedControl
          label={t('tokenDetail.tabs.arbitrage')}
          value={kind}
          options={KINDS.map((value) => ({ value, label: t(`tokenDetail.arbitrageTab.kinds.${value}`) }))}
          onChange={setKind}
        />
        <Link className="token-tab__more" to={to(`${ARBITRAGE_ROUTES[kind]}?search=${token}`)}>
          {t('tokenDetail.arbitrageTab.more')}
        </Link>
      </div>
      {pairs.error ? (
        <p className="token-tab__message" role="alert">
          {pairs.error.message}
        </p>
      ) : rows.length === 0 ? (
        <p className="token-tab__message" role="status">
          {pairs.isFetching
            ? t('tokenDetail.arbitrageTab.loading')
            : t('tokenDetail.arbitrageTab.none', { token })}
        </p>
      ) : (
        <div className="token-page__scroll">
          <table className="token-tab__table" data-testid="token-arbitrage-table">
            <thead>
              <tr>
                <th scope="col">{t('tokenDetail.arbitrageTab.buy')}</th>
                <th scope="col">{t('tokenDetail.arbitrageTab.sell')}</th>
                <th scope="col" className="num">
                  {t('tokenDetail.arbitrageTab.gap')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className={row.stale ? 'is-stale' : undefined}>
                  <td>
                    {t(`venues.${row.source.exchange}`)} {legMarket(row.source)}
                  </td>
                  <td>
                    {t(`venues.${row.target.exchange}`)} {legMarket(row.target)}
                  </td>
                  <td className={`num ${tone(row.gapPercent)}`}>{formatPercent(row.gapPercent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
