import type {
  dexLiquidityResponseSchema,
  dexPoolsResponseSchema,
  dexTradesResponseSchema,
} from '@spreadscope/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { WideTh } from '../../components/detail-table-parts.tsx';
import { feedErrorText } from '../../components/table-state.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { ApiError } from '../../lib/api-client.ts';
import '../detail-page.css';
import { amount, shortHex, time } from './dex-format.ts';
import './dex.css';

type Pools = z.infer<typeof dexPoolsResponseSchema>;
type Trades = z.infer<typeof dexTradesResponseSchema>;
type Liquidity = z.infer<typeof dexLiquidityResponseSchema>;

const EXCHANGES = ['uniswapv3', 'pancakeswap', 'dragonswap', 'klayswap', 'capybara'] as const;

/** /dex: the indexed AMM pools, their latest swaps and liquidity changes (Pro and up). */
export function DexPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const [params, setParams] = useSearchParams();
  const raw = params.get('exchange') ?? '';
  const exchange = (EXCHANGES as readonly string[]).includes(raw) ? raw : '';
  useDocumentTitle(t('dex.title'));
  const filter = exchange ? { exchange } : {};
  const pools = useMarketQuery<Pools>('/dex/pools', filter, 30_000);
  const trades = useMarketQuery<Trades>('/dex/trade', { ...filter, limit: 50 }, 10_000);
  const liquidity = useMarketQuery<Liquidity>('/dex/liquidity', { ...filter, limit: 20 }, 30_000);
  const choose = (value: string) => setParams(value ? { exchange: value } : {}, { replace: true });
  const gate = pools.error instanceof ApiError ? pools.error : null;

  return (
    <div className="detail-page dex-page" data-testid="dex-page">
      <header className="detail-page__head">
        <h1>{t('dex.title')}</h1>
        <p className="detail-page__meta">{t('dex.lead')}</p>
        <nav className="dex-filter" aria-label={t('dex.exchangeLabel')}>
          {['', ...EXCHANGES].map((id) => (
            <button
              key={id || 'all'}
              type="button"
              className="dex-filter__item"
              aria-pressed={exchange === id}
              onClick={() => choose(id)}
            >
              {id || t('dex.all')}
            </button>
          ))}
        </nav>
      </header>

      {gate && (gate.status === 401 || gate.status === 403) ? (
        <Gate error={gate} t={t} />
      ) : (
        <>
          <section className="detail-page__card" aria-labelledby="dex-pools-title">
            <h2 id="dex-pools-title">{t('dex.poolsTitle')}</h2>
            <State query={pools} empty={t('dex.noPools')} t={t}>
              {(data) => (
                <div className="detail-table-wrap">
                  <table className="detail-table detail-table--compact" data-testid="dex-pools">
                    <thead>
                      <tr>
                        <th scope="col">{t('dex.columns.exchange')}</th>
                        <th scope="col">{t('dex.columns.pair')}</th>
                        <WideTh>{t('dex.columns.chain')}</WideTh>
                        <WideTh>{t('dex.columns.pool')}</WideTh>
                        <th scope="col">{t('dex.columns.status')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.data.map((p) => (
                        <tr key={p.poolId}>
                          <td>{p.exchange}</td>
                          <td>{`${p.baseSymbol}/${p.quoteSymbol}`}</td>
                          <td className="detail-table__wide">{p.chain}</td>
                          <td className="detail-table__wide num" title={p.poolAddress}>
                            {shortHex(p.poolAddress)}
                          </td>
                          <td>
                            <span
                              className={`dex-status dex-status--${p.status}`}
                              title={p.lastError ?? undefined}
                            >
                              {t(`dex.status.${p.status}`)}
                            </span>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </State>
          </section>

          <section className="detail-page__card" aria-labelledby="dex-trades-title">
            <h2 id="dex-trades-title">{t('dex.tradesTitle')}</h2>
            <State query={trades} empty={t('dex.noTrades')} t={t}>
              {(data) => (
                <div className="detail-table-wrap">
                  <table className="detail-table detail-table--compact" data-testid="dex-trades">
                    <thead>
                      <tr>
                        <th scope="col">{t('dex.columns.time')}</th>
                        <th scope="col">{t('dex.columns.pair')}</th>
                        <th scope="col">{t('dex.columns.side')}</th>
                        <th scope="col">{t('dex.columns.price')}</th>
                        <WideTh>{t('dex.columns.base')}</WideTh>
                        <WideTh>{t('dex.columns.quote')}</WideTh>
                        <WideTh>{t('dex.columns.block')}</WideTh>
                        <WideTh>{t('dex.columns.tx')}</WideTh>
                      </tr>
                    </thead>
                    <tbody>
                      {data.data.map((r) => (
                        <tr key={`${r.chain}-${r.blockNumber}-${r.logIndex}`}>
                          <td className="num">{time(r.date, language)}</td>
                          <td>
                            {r.symbol.replace('-', '/')}
                            <span className="dex-page__venue">{r.exchange}</span>
                          </td>
                          <td className={`dex-side dex-side--${r.tradeType}`}>
                            {t(`dex.side.${r.tradeType}`)}
                          </td>
                          <td className="num">{amount(r.price, language)}</td>
                          <td className="detail-table__wide num">{amount(r.baseQuantity, language)}</td>
                          <td className="detail-table__wide num">{amount(r.quoteQuantity, language)}</td>
                          <td className="detail-table__wide num">{r.blockNumber}</td>
                          <td className="detail-table__wide num" title={r.transactionHash}>
                            {shortHex(r.transactionHash)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </State>
          </section>

          <section className="detail-page__card" aria-labelledby="dex-liquidity-title">
            <h2 id="dex-liquidity-title">{t('dex.liquidityTitle')}</h2>
            <State query={liquidity} empty={t('dex.noLiquidity')} t={t}>
              {(data) => (
                <div className="detail-table-wrap">
                  <table className="detail-table detail-table--compact" data-testid="dex-liquidity">
                    <thead>
                      <tr>
                        <th scope="col">{t('dex.columns.time')}</th>
                        <th scope="col">{t('dex.columns.pair')}</th>
                        <th scope="col">{t('dex.columns.type')}</th>
                        <th scope="col">{t('dex.columns.amounts')}</th>
                        <WideTh>{t('dex.columns.maker')}</WideTh>
                      </tr>
                    </thead>
                    <tbody>
                      {data.data.map((r) => (
                        <tr key={`${r.chain}-${r.blockNumber}-${r.logIndex}`}>
                          <td className="num">{time(r.date, language)}</td>
                          <td>
                            {r.symbol.replace('-', '/')}
                            <span className="dex-page__venue">{r.exchange}</span>
                          </td>
                          <td>{t(`dex.type.${r.type}`)}</td>
                          <td className="num">
                            {r.assets.map((asset, i) => (
                              <span key={asset} className="dex-page__amount">
                                {`${amount(r.quantities[i] ?? 0, language)} ${asset}`}
                              </span>
                            ))}
                          </td>
                          <td className="detail-table__wide num" title={r.maker ?? undefined}>
                            {shortHex(r.maker)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </State>
          </section>
        </>
      )}
    </div>
  );
}

function Gate({ error, t }: { error: ApiError; t: TFunction }) {
  const { to } = useLocale();
  const visitor = error.status === 401;
  return (
    <div className="detail-page__card dex-gate" data-testid="dex-gate">
      <p>{visitor ? t('dex.signIn') : t('dex.upgrade')}</p>
      <Link className="button button--primary" to={to(visitor ? '/login' : '/pricing')}>
        {visitor ? t('dex.signInAction') : t('dex.upgradeAction')}
      </Link>
    </div>
  );
}

function State<T extends { data: readonly unknown[] }>({
  query,
  empty,
  t,
  children,
}: {
  query: { data: T | undefined; error: unknown };
  empty: string;
  t: TFunction;
  children: (data: T) => React.ReactNode;
}) {
  if (query.error)
    return (
      <p role="alert" className="detail-page__message">
        {feedErrorText(query.error instanceof ApiError ? query.error : new ApiError('unknown', '', null), t)}
      </p>
    );
  if (!query.data)
    return (
      <p role="status" className="detail-page__message">
        {t('common.loading')}
      </p>
    );
  if (query.data.data.length === 0) return <p className="detail-page__message">{empty}</p>;
  return <>{children(query.data)}</>;
}
