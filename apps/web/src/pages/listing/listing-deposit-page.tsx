import type {
  ListingDepositRanking,
  ListingDepositRatio,
  ListingDepositResponse,
} from '@spreadscope/contracts';
import { HOLDER_TIERS, parseListingSlug } from '@spreadscope/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { getJson } from '../../lib/api-client.ts';
import { formatKst } from '../events/events-format.ts';
import { NotFoundPage } from '../not-found-page.tsx';
import { ListingDepositChart } from './listing-deposit-chart.tsx';
import { formatKrw } from './listing-format.ts';
import { ListingGate } from './listing-gate.tsx';
import { useListingAccess } from './use-listing.ts';
import './listing.css';

/** Deposits land on-chain every few seconds in the first minutes: the tracker asks again this often. */
const REFRESH_MS = 3_000;

/** /listing-arbitrage/{exchange}-{quote}-{base}/deposit: the deposit tracker; any other shape is a 404. */
export function ListingDepositPage() {
  const slug = useParams().listing ?? '';
  return parseListingSlug(slug) ? <ListingDeposits slug={slug} /> : <NotFoundPage />;
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

function ListingDeposits({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const { to, language } = useLocale();
  const parts = parseListingSlug(slug);
  useDocumentTitle(`${parts?.base ?? ''} · ${t('listingDeposit.title')}`);
  const queryClient = useQueryClient();
  const access = useListingAccess();
  const allowed = access.data?.allowed === true;
  const number = new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US', { maximumFractionDigits: 4 });
  const usd = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });
  const deposits = useQuery({
    queryKey: ['listing', 'deposit', slug, language],
    queryFn: ({ signal }) =>
      getJson<ListingDepositResponse>('/listing/deposit', { key: slug, limit: 100 }, language, signal),
    enabled: allowed,
    refetchInterval: REFRESH_MS,
  });
  const ranking = useQuery({
    queryKey: ['listing', 'deposit-ranking', slug, language],
    queryFn: ({ signal }) =>
      getJson<ListingDepositRanking>('/listing/deposit/ranking', { key: slug, limit: 10 }, language, signal),
    enabled: allowed,
    refetchInterval: REFRESH_MS,
  });
  const ratio = useQuery({
    queryKey: ['listing', 'deposit-ratio', slug, language],
    queryFn: ({ signal }) =>
      getJson<ListingDepositRatio>('/listing/deposit/ratio', { key: slug }, language, signal),
    enabled: allowed,
    refetchInterval: REFRESH_MS,
  });
  const body = deposits.data;
  return (
    <section className="listing-page" aria-labelledby="deposit-title" data-testid="listing-deposit">
      <p>
        <Link to={to(`/listing-arbitrage/${slug}`)}>← {parts?.base}</Link>
      </p>
      <h1 id="deposit-title">
        {parts?.base} · {t('listingDeposit.title')}
      </h1>
      <p className="listing-page__lead">{t('listingDeposit.lead')}</p>
      {access.data && !allowed ? (
        <ListingGate
          access={access.data}
          onAccess={() => void queryClient.invalidateQueries({ queryKey: ['listing'] })}
        />
      ) : null}
      {allowed && deposits.isPending ? <p>{t('listingDeposit.loading')}</p> : null}
      {deposits.error ? (
        <p role="alert">{t('listingDeposit.failed', { message: deposits.error.message })}</p>
      ) : null}
      {body ? (
        <>
          {body.simulated ? <p className="listing-page__sim">{t('listingDeposit.simulated')}</p> : null}
          {!body.simulated && body.chains.length === 0 ? <p>{t('listingDeposit.noChains')}</p> : null}
          <p>
            {body.priceKrw === null
              ? t('listingDeposit.noPrice')
              : t('listingDeposit.price', { price: formatKrw(body.priceKrw, language) })}{' '}
            {body.chains.length > 0 ? `${t('listingDeposit.chains')} ` : null}
            {body.chains.map((c) => (
              <span key={c.chain} className="listing-deposit__chain" title={c.lastError ?? undefined}>
                {c.chain}: {t(`listingDeposit.chain.${c.state}`)}{' '}
              </span>
            ))}
          </p>
          <dl className="listing-deposit__tiers" data-testid="listing-deposit-tiers">
            <div>
              <dt>{t('listingDeposit.total')}</dt>
              <dd>
                {number.format(body.total.amount)} {body.base}
                {body.total.krw ? ` · ${formatKrw(body.total.krw, language)}` : ''}
              </dd>
            </div>
            {ratio.data?.ratioPct != null ? (
              <div>
                <dt>{t('listingDeposit.ratio')}</dt>
                <dd>{ratio.data.ratioPct.toFixed(2)} %</dd>
              </div>
            ) : null}
            {HOLDER_TIERS.map((tier) => (
              <div key={tier} data-tier={tier}>
                <dt>{t(`listingDeposit.tier.${tier}`)}</dt>
                <dd>
                  {number.format(body.byTier.amount[tier])} {body.base} ({body.byTier.count[tier]})
                </dd>
              </div>
            ))}
          </dl>
          <ListingDepositChart slug={slug} base={body.base} refreshMs={REFRESH_MS} />
          <h2>{t('listingDeposit.ranking')}</h2>
          <div className="listing-deposit__scroll">
            <table className="listing-deposit__table">
              <thead>
                <tr>
                  <th scope="col">{t('listingDeposit.col.rank')}</th>
                  <th scope="col">{t('listingDeposit.col.depositor')}</th>
                  <th scope="col">{t('listingDeposit.col.amount')}</th>
                  <th scope="col">{t('listingDeposit.col.krw')}</th>
                  <th scope="col">{t('listingDeposit.col.tier')}</th>
                  <th scope="col">{t('listingDeposit.col.deposits')}</th>
                </tr>
              </thead>
              <tbody>
                {(ranking.data?.data ?? []).map((r) => (
                  <tr key={r.depositor}>
                    <td>{r.rank}</td>
                    <td title={r.depositor}>{short(r.depositor)}</td>
                    <td>{number.format(r.amount)}</td>
                    <td>{r.krw === null ? '–' : formatKrw(r.krw, language)}</td>
                    <td>{t(`listingDeposit.tier.${r.tier}`)}</td>
                    <td>{r.deposits}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2>{t('listingDeposit.recent')}</h2>
          {body.data.length === 0 ? <p>{t('listingDeposit.empty')}</p> : null}
          <div className="listing-deposit__scroll">
            <table className="listing-deposit__table" data-testid="listing-deposit-rows">
              <thead>
                <tr>
                  <th scope="col">{t('listingDeposit.col.time')}</th>
                  <th scope="col">{t('listingDeposit.col.depositor')}</th>
                  <th scope="col">{t('listingDeposit.col.amount')}</th>
                  <th scope="col">{t('listingDeposit.col.krw')}</th>
                  <th scope="col">{t('listingDeposit.col.usd')}</th>
                  <th scope="col">{t('listingDeposit.col.tier')}</th>
                  <th scope="col">{t('listingDeposit.col.network')}</th>
                  <th scope="col">{t('listingDeposit.col.wallet')}</th>
                  <th scope="col">{t('listingDeposit.col.tx')}</th>
                </tr>
              </thead>
              <tbody>
                {body.data.map((d) => (
                  <tr key={`${d.txId}-${d.depositor}-${d.at}`} data-tier={d.tier}>
                    <td>
                      <time dateTime={new Date(d.at).toISOString()}>{formatKst(d.at, language, true)}</time>
                    </td>
                    <td title={d.depositor}>{short(d.depositor)}</td>
                    <td>
                      {number.format(d.amount)}
                      {d.contractVerified ? null : <small> ({t('listingDeposit.unverified')})</small>}
                    </td>
                    <td>{d.krw === null ? '–' : formatKrw(d.krw, language)}</td>
                    <td>{d.usd === null ? '–' : usd.format(d.usd)}</td>
                    <td>{t(`listingDeposit.tier.${d.tier}`)}</td>
                    <td>{d.network}</td>
                    <td>{d.walletKind}</td>
                    <td title={d.txId}>{short(d.txId)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
