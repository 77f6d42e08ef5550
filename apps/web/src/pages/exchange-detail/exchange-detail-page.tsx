import type { ExchangeOverviewResponse, TokenMetricsResponse } from '@spreadscope/contracts';
import { formatCompact, getVenue, isVenueId, type VenueId } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { NotFoundPage } from '../not-found-page.tsx';
import { ExchangeFeesSlot, ExchangeNoticesSlot } from './exchange-slots.tsx';
import { WalletTable } from './wallet-table.tsx';
import './exchange-detail.css';

/** /exchanges/{exchange}: the venue's facts and numbers, top tokens, wallet table with health, fees, notices. */
export function ExchangeDetailPage() {
  const { exchange = '' } = useParams();
  const id = exchange.toLowerCase();
  // An exchange we do not list is a missing page (the server answers 404 for it too).
  if (!isVenueId(id)) return <NotFoundPage />;
  return <ExchangeDetail exchange={id} />;
}

function ExchangeDetail({ exchange }: { exchange: VenueId }) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const venue = getVenue(exchange);
  const name = t(`venues.${exchange}`);
  useDocumentTitle(name);
  const overview = useMarketQuery<ExchangeOverviewResponse>(`/exchanges/${exchange}/overview`, {}, 15_000);
  const metrics = useMarketQuery<TokenMetricsResponse>(
    `/exchanges/${exchange}/token-metrics`,
    { limit: 20 },
    30_000,
  );
  const summary = overview.data?.summary;
  const usd = (value: number | null | undefined) =>
    value === null || value === undefined ? '—' : formatCompact(value, 'USD', language);
  return (
    <div className="exchange-detail" data-testid="exchange-detail" data-exchange={exchange}>
      <p className="exchange-detail__back">
        <Link to={to('/exchanges')}>← {t('exchangeDetail.back')}</Link>
      </p>
      <header className="exchange-detail__header">
        <img
          className="exchange-detail__icon"
          src={`/api/v1/front/icons/exchanges/${exchange}`}
          alt=""
          width={40}
          height={40}
        />
        <div>
          <h1>{name}</h1>
          <p className="exchange-detail__muted">
            {t(`exchanges.kinds.${venue.kind}`)} · {t(`exchanges.regions.${venue.region}`)} ·{' '}
            {t('exchangeDetail.quotes')}: {venue.quotes.join(', ')}
          </p>
        </div>
      </header>
      {overview.isError ? (
        <p role="alert" className="exchange-detail__error">
          {t('exchangeDetail.error', { message: overview.error.message })}
        </p>
      ) : null}
      <dl className="exchange-detail__stats" data-testid="exchange-stats">
        <div>
          <dt>{t('exchangeDetail.status')}</dt>
          <dd data-testid="exchange-status">{summary ? t(`venueStatus.${summary.status}`) : '…'}</dd>
        </div>
        <div>
          <dt>{t('exchangeDetail.markets')}</dt>
          <dd className="num" data-testid="exchange-markets">
            {summary?.markets ?? '…'}
          </dd>
        </div>
        <div>
          <dt>{t('exchangeDetail.tokens')}</dt>
          <dd className="num">{summary?.tokens ?? '…'}</dd>
        </div>
        <div>
          <dt>{t('exchangeDetail.volume')}</dt>
          <dd className="num" data-testid="exchange-volume">
            {summary ? usd(summary.volume24hUsd) : '…'}
          </dd>
        </div>
      </dl>
      <div className="exchange-detail__columns">
        <section className="exchange-detail__section" aria-labelledby="metrics-title">
          <h2 id="metrics-title">{t('exchangeDetail.tokenMetricsTitle')}</h2>
          {metrics.data && metrics.data.data.length > 0 ? (
            <table className="token-metrics" data-testid="token-metrics">
              <thead>
                <tr>
                  <th scope="col">{t('wallets.columns.asset')}</th>
                  <th scope="col" className="num">
                    {t('exchangeDetail.volume')}
                  </th>
                  <th scope="col" className="num">
                    {t('exchangeDetail.share')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {metrics.data.data.map((m) => (
                  <tr key={m.base}>
                    <th scope="row">
                      <Link to={to(`/token/${m.base}`)}>{m.base}</Link>
                    </th>
                    <td className="num">{usd(m.volume24hUsd)}</td>
                    <td className="num">
                      {m.shareOfVenuePercent === null ? '—' : `${m.shareOfVenuePercent.toFixed(1)}%`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="exchange-detail__muted">{metrics.isPending ? t('exchangeDetail.loading') : '—'}</p>
          )}
        </section>
        <div className="exchange-detail__side">
          <ExchangeFeesSlot exchange={exchange} />
          <ExchangeNoticesSlot exchange={exchange} />
        </div>
      </div>
      <WalletTable exchange={exchange} />
    </div>
  );
}
