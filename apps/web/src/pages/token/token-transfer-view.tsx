import type { AssetWalletsResponse } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../hooks/use-locale.ts';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { ApiError } from '../../lib/api-client.ts';
import { HealthBadge } from '../exchange-detail/wallet-cells.tsx';
import { WalletRow } from '../exchange-detail/wallet-table.tsx';

/** A token's transfer view: per exchange, its networks with deposit/withdraw state and health. */
export function TokenTransferView({ token }: { token: string }) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const query = useMarketQuery<AssetWalletsResponse>('/wallet-status', { asset: token }, 30_000);
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <p role="alert" className="token-page__muted" data-testid="transfer-error">
        {missing ? t('token.notSupported', { token }) : t('token.error', { message: query.error.message })}
      </p>
    );
  }
  const data = query.data;
  return (
    <section aria-labelledby="transfer-title" data-testid="token-transfer">
      <h2 id="transfer-title">{t('token.transferTitle', { token })}</h2>
      <p className="token-page__muted">{t('token.transferLead', { token })}</p>
      {!data ? <p className="token-page__muted">{t('token.loading')}</p> : null}
      {data?.venues.map((venue) => (
        <article
          key={venue.exchange}
          className="transfer-venue"
          data-testid={`transfer-venue-${venue.exchange}`}
          data-health={venue.health}
        >
          <header className="transfer-venue__header">
            <img src={`/api/v1/front/icons/exchanges/${venue.exchange}`} alt="" width={22} height={22} />
            <h3>
              <Link to={to(`/exchanges/${venue.exchange}`)}>{t(`venues.${venue.exchange}`)}</Link>
            </h3>
            <HealthBadge health={venue.health} />
            {venue.differentToken.length > 0 ? (
              <span
                className="mismatch-badge"
                data-testid="transfer-different-token"
                title={t('mismatch.title')}
              >
                {t('token.differentToken', {
                  venues: venue.differentToken.map((v) => t(`venues.${v}`)).join(', '),
                })}
              </span>
            ) : null}
          </header>
          {venue.networks.length === 0 ? (
            <p className="token-page__muted">
              {venue.access.via === 'key' && !venue.access.keyConfigured
                ? t('wallets.needsKey')
                : t('token.listedOnly')}
            </p>
          ) : (
            <div className="token-page__scroll">
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
                  {venue.networks.map((row) => (
                    <WalletRow key={row.network} row={row} language={language} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </article>
      ))}
    </section>
  );
}
