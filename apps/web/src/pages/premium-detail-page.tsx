import type {
  CexCandleResponse,
  PremiumCandleResponse,
  PremiumDetailHeaderResponse,
  PremiumDetailOverviewResponse,
  WalletNetwork,
} from '@spreadscope/contracts';
import {
  CANDLE_INTERVAL_MS,
  CANDLE_INTERVALS,
  type CandleInterval,
  type ConversionBase,
  type Currency,
  formatClock,
  formatCompact,
  formatPercent,
  formatPrice,
  type ParsedSymbol,
  tryParseSymbol,
  UPDATE_INTERVAL_MS,
} from '@spreadscope/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { GateNotice } from '../auth/gated.tsx';
import { type ChartSeries, TimeChart } from '../components/charts/time-chart.tsx';
import { MarketNotFound } from '../components/market-not-found.tsx';
import { SegmentedControl } from '../components/segmented-control.tsx';
import { feedErrorText, isMissingRoute } from '../components/table-state.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { useMarketQuery } from '../hooks/use-market-query.ts';
import { useSettings } from '../hooks/use-settings.ts';
import { ApiError } from '../lib/api-client.ts';
import { headlinePremium, type PremiumSide } from '../lib/detail-premium.ts';
import { withLiveCandle } from '../lib/live-series.ts';
import { MARKET_PATHS } from '../lib/market-api.ts';
import { formatNativePrice, orNaN, tone } from '../lib/number-display.ts';
import './detail-page.css';
import { PhoneSub, WideTh } from '../components/detail-table-parts.tsx';
import { formatDuration, formatIntervalCode } from '../lib/duration.ts';

const CHART_INTERVALS: readonly CandleInterval[] = CANDLE_INTERVALS.filter((i) => i !== '30m');

/** /premium/{symbol}: exchange-base or exchange-quote-base (spec §2); anything else is a clear not-found. */
export function PremiumDetailPage() {
  const { t } = useTranslation();
  const { symbol = '' } = useParams();
  const parsed = tryParseSymbol(symbol);
  if (parsed instanceof Error) {
    return (
      <MarketNotFound
        title={t('premiumDetail.invalidTitle')}
        body={t('premiumDetail.invalidBody', { symbol })}
        back={{ path: '/premium', label: t('notFound.premium') }}
        testId="premium-detail-not-found"
      />
    );
  }
  return <PremiumDetail symbol={symbol} parsed={parsed} />;
}

function errorOf(error: unknown): ApiError | null {
  return error instanceof ApiError ? error : error ? new ApiError('unknown', '', null) : null;
}

/** A price in a market's quote, shown in the user's currency with the rate the page's premium uses. */
function convert(value: number, quote: string, currency: Currency, rate: number | null): number {
  if (rate === null) return quote === 'KRW' && currency === 'KRW' ? value : Number.NaN;
  if (quote === 'KRW') return currency === 'KRW' ? value : value / rate;
  return currency === 'KRW' ? value * rate : value;
}

/** The detail view of one market (also the token page's premium tab). */
export function PremiumDetail({ symbol, parsed }: { symbol: string; parsed: ParsedSymbol }) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const [settings] = useSettings();
  const [searchParams, setSearchParams] = useSearchParams();
  const conversionBase: ConversionBase = searchParams.get('conversionBase') === 'USDT' ? 'USDT' : 'USD';
  const interval = (CHART_INTERVALS as readonly string[]).includes(searchParams.get('interval') ?? '')
    ? (searchParams.get('interval') as CandleInterval)
    : '15m';
  const currency = settings.currency;
  const refresh = Math.max(3_000, UPDATE_INTERVAL_MS[settings.interval]);
  const params = { symbol, currency, conversionBase };
  const header = useMarketQuery<PremiumDetailHeaderResponse>(
    MARKET_PATHS.premiumDetailHeader,
    params,
    refresh,
  );
  const overview = useMarketQuery<PremiumDetailOverviewResponse>(
    MARKET_PATHS.premiumDetailOverview,
    params,
    refresh,
  );
  const wallet = useMarketQuery<{ data: WalletNetwork[] }>(
    MARKET_PATHS.premiumDetailWallet,
    { symbol },
    60_000,
  );
  const market = header.data?.market;
  const reference = header.data?.reference ?? null;
  const quote = market?.quote ?? parsed.quote ?? undefined;
  const candles = useMarketQuery<CexCandleResponse>(
    MARKET_PATHS.cexCandle,
    { exchange: parsed.exchange, market: 'spot', base: parsed.base, quote, interval, limit: 300 },
    60_000,
    Boolean(market),
  );
  // The headline and the gap chart compare the same two markets the same way round (Kimchi convention).
  const headline =
    reference && market && header.data
      ? headlinePremium(market, reference, header.data.premiumPercent)
      : null;
  const gapCandles = useMarketQuery<PremiumCandleResponse>(
    MARKET_PATHS.premiumCandle,
    headline
      ? {
          source: headline.over.exchange,
          target: headline.under.exchange,
          base: parsed.base,
          sourceMarket: headline.over.market,
          targetMarket: headline.under.market,
          sourceQuote: headline.over.quote,
          targetQuote: headline.under.quote,
          conversionBase,
          interval,
          limit: 300,
        }
      : {},
    60_000,
    Boolean(headline),
  );
  const sideName = (side: PremiumSide) =>
    `${t(`venues.${side.exchange}` as 'venues.upbit')}${side.market === 'perp' ? ` ${t('arbitrage.markets.perp')}` : ''} ${side.quote}`;
  const headlineLabel = headline
    ? t(headline.kind === 'kimchi' ? 'premiumDetail.kimchiOver' : 'premiumDetail.gapOver', {
        over: sideName(headline.over),
        under: sideName(headline.under),
      })
    : null;
  useDocumentTitle(t('premiumDetail.title', { base: parsed.base, venue: t(`venues.${parsed.exchange}`) }));
  const rate = header.data?.conversionRate ?? null;

  // The charts' last candle follows the live numbers above them; history only reloads every minute.
  const stepMs = CANDLE_INTERVAL_MS[interval];
  const priceSeries = useMemo<ChartSeries[]>(() => {
    const data = candles.data?.data ?? [];
    const q = candles.data?.quote ?? 'KRW';
    const c = (v: number) => convert(v, q, currency, rate);
    const history = data.map((p) => ({ t: p.t, o: c(p.o), h: c(p.h), l: c(p.l), c: c(p.c) }));
    const live = market && market.quote === q ? c(market.nativePrice) : null;
    return [{ kind: 'candles', id: 'price', data: withLiveCandle(history, stepMs, market?.updatedAt, live) }];
  }, [candles.data, currency, rate, market, stepMs]);
  const gapSeries = useMemo<ChartSeries[]>(() => {
    const liveAt = market && reference ? Math.max(market.updatedAt, reference.updatedAt) : null;
    const data = withLiveCandle(gapCandles.data?.data ?? [], stepMs, liveAt, headline?.value);
    return [{ kind: 'candles', id: 'gap', data }];
  }, [gapCandles.data, stepMs, market, reference, headline?.value]);
  const chartView = `${symbol}:${interval}:${currency}:${conversionBase}`;

  const headerError = errorOf(header.error);
  // Without the header there is no market to chart: the charts say why instead of loading forever. DEX
  // venues' data needs a plan (spec §6); a visitor is offered sign-in, a signed-in user the plan.
  const gate =
    headerError && (headerError.status === 401 || headerError.status === 403) ? (
      <GateNotice feature="dexData" />
    ) : null;
  const blocked = headerError ? feedErrorText(headerError, t) : null;
  if (headerError?.status === 404 && !isMissingRoute(headerError)) {
    return (
      <MarketNotFound
        title={t('premiumDetail.unknownTitle', { base: parsed.base })}
        body={headerError.message || t('premiumDetail.unknownBody')}
        back={{ path: '/premium', label: t('notFound.premium') }}
        testId="premium-detail-not-found"
      />
    );
  }
  const setParam = (key: string, value: string, fallback: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="detail-page" data-testid="premium-detail">
      <header className="detail-page__head">
        <h1>
          {parsed.base}{' '}
          <span className="detail-page__label">
            {t(`venues.${parsed.exchange}`)} {quote ?? ''}
          </span>
        </h1>
        {header.data ? (
          <>
            <p className="detail-page__headline">
              <span className="num detail-page__big" data-testid="detail-price">
                {formatPrice(orNaN(market?.price), currency, language)}
              </span>
              <span className={`num ${tone(market?.change24hPercent)}`}>
                {formatPercent(orNaN(market?.change24hPercent))}
              </span>
            </p>
            {reference && headline ? (
              <p className="detail-page__headline">
                <span className="detail-page__label" data-testid="detail-premium-label">
                  {headlineLabel}
                </span>
                <span
                  className={`num detail-page__big ${market?.stale || reference.stale ? '' : tone(headline.value)}`}
                  data-testid="detail-premium"
                  data-value={headline.value ?? undefined}
                >
                  {formatPercent(orNaN(headline.value))}
                </span>
                {market?.stale || reference.stale ? (
                  <span className="stale-mark" title={t('premiumDetail.staleTitle')}>
                    {t('premium.stale')}
                  </span>
                ) : null}
              </p>
            ) : null}
          </>
        ) : null}
        <SegmentedControl<ConversionBase>
          label={t('premium.filters.conversionBase')}
          value={conversionBase}
          testId="detail-base"
          options={(['USD', 'USDT'] as const).map((value) => ({
            value,
            label: t(`premium.filters.bases.${value}`),
            testId: `detail-base-${value}`,
          }))}
          onChange={(value) => setParam('conversionBase', value, 'USD')}
        />
        {rate !== null ? (
          <p className="detail-page__meta num">
            {t('premium.filters.baseHint', {
              pair: conversionBase === 'USD' ? 'USD/KRW' : 'USDT/KRW',
              rate: formatPrice(rate, 'KRW', language),
            })}
          </p>
        ) : null}
      </header>
      {headerError ? (
        <div
          role="alert"
          className="detail-page__message detail-page__gate"
          data-testid="detail-header-error"
        >
          <span>{feedErrorText(headerError, t)}</span>
          {gate}
        </div>
      ) : null}
      <div className="detail-page__grid">
        <section className="detail-page__card" aria-labelledby="detail-price-chart">
          <div className="detail-page__card-head">
            <h2 id="detail-price-chart">{t('premiumDetail.priceChart', { currency })}</h2>
            <SegmentedControl<CandleInterval>
              label={t('charts.interval')}
              value={interval}
              testId="detail-interval"
              options={CHART_INTERVALS.map((value) => ({
                value,
                label: formatIntervalCode(value, t),
                testId: `interval-${value}`,
              }))}
              onChange={(value) => setParam('interval', value, '15m')}
            />
          </div>
          <ChartOrMessage
            query={candles}
            series={priceSeries}
            format={(value) => formatPrice(value, currency, language)}
            label={t('premiumDetail.priceChart', { currency })}
            testId="detail-price-chart"
            resetKey={chartView}
            blocked={market ? null : blocked}
          />
        </section>
        <section className="detail-page__card" aria-labelledby="detail-gap-chart">
          <h2 id="detail-gap-chart">
            {headlineLabel
              ? t('premiumDetail.gapChartOf', { label: headlineLabel })
              : t('premiumDetail.gapChartNone')}
          </h2>
          <ChartOrMessage
            query={gapCandles}
            series={gapSeries}
            format={(value) => formatPercent(value)}
            label={t('premiumDetail.gapChartNone')}
            testId="detail-gap-chart"
            resetKey={chartView}
            blocked={headline ? null : blocked}
          />
        </section>
      </div>
      <section className="detail-page__card" aria-labelledby="detail-markets-title">
        <h2 id="detail-markets-title">{t('premiumDetail.markets', { count: header.data?.markets ?? 0 })}</h2>
        {overview.data ? (
          <div className="detail-table-wrap">
            <table className="detail-table detail-table--compact" data-testid="detail-markets">
              <thead>
                <tr>
                  <th scope="col">
                    {t('premiumDetail.exchange')}
                    <PhoneSub>{t('premium.detail.updated')}</PhoneSub>
                  </th>
                  <th scope="col">
                    {t('premiumDetail.price', { currency })}
                    <PhoneSub>{t('premium.detail.native')}</PhoneSub>
                    <PhoneSub>{t('premium.columns.volume')}</PhoneSub>
                  </th>
                  <th
                    scope="col"
                    title={t('premiumDetail.premiumVsTitle', {
                      market: market ? sideName(market) : parsed.base,
                    })}
                  >
                    {t('premiumDetail.premiumVsMarket', { market: market ? sideName(market) : parsed.base })}
                    <PhoneSub>{t('premium.columns.change')}</PhoneSub>
                    <PhoneSub>{t('fundingRate.columns.rate')}</PhoneSub>
                  </th>
                  <WideTh>{t('premium.detail.native')}</WideTh>
                  <WideTh>{t('premium.columns.change')}</WideTh>
                  <WideTh>{t('premium.columns.volume')}</WideTh>
                  <WideTh>{t('fundingRate.columns.rate')}</WideTh>
                  <WideTh>{t('premium.detail.updated')}</WideTh>
                </tr>
              </thead>
              <tbody>
                {overview.data.data.map((m) => {
                  const native = formatNativePrice(m.nativePrice, m.quote, language);
                  const change = formatPercent(orNaN(m.change24hPercent));
                  const volume = formatCompact(orNaN(m.volume24h), currency, language);
                  const funding =
                    m.fundingRatePercent === null ? '—' : formatPercent(m.fundingRatePercent, 4);
                  const updated = formatClock(m.updatedAt, language);
                  return (
                    <tr
                      key={`${m.symbol}-${m.market}`}
                      className={m.stale ? 'is-stale' : undefined}
                      data-testid={`detail-market-${m.exchange}-${m.market}-${m.quote}`}
                    >
                      <th scope="row">
                        <Link to={to(`/premium/${m.symbol}`)}>{t(`venues.${m.exchange}`)}</Link>{' '}
                        <span className="detail-table__sub">
                          {t(`arbitrage.markets.${m.market}`)} · {m.quote}
                        </span>
                        {m.stale ? <span className="stale-mark">{t('premium.stale')}</span> : null}
                        <PhoneSub num>{updated}</PhoneSub>
                      </th>
                      <td className="num" data-testid="market-price">
                        {formatPrice(m.price, currency, language)}
                        <PhoneSub>{native}</PhoneSub>
                        <PhoneSub>{volume}</PhoneSub>
                      </td>
                      <td className={`num ${m.stale ? '' : tone(m.premiumPercent)}`}>
                        {formatPercent(orNaN(m.premiumPercent))}
                        <PhoneSub>{change}</PhoneSub>
                        <PhoneSub>{funding}</PhoneSub>
                      </td>
                      <td className="num detail-table__wide">{native}</td>
                      <td className={`num detail-table__wide ${tone(m.change24hPercent)}`}>{change}</td>
                      <td className="num detail-table__wide">{volume}</td>
                      <td className="num detail-table__wide">{funding}</td>
                      <td className="num detail-table__wide">{updated}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="detail-page__message" role={overview.error ? 'alert' : 'status'}>
            {overview.error ? feedErrorText(errorOf(overview.error) as ApiError, t) : t('common.loading')}
          </p>
        )}
      </section>
      <section className="detail-page__card" aria-labelledby="detail-wallet-title">
        <h2 id="detail-wallet-title">{t('premiumDetail.wallet')}</h2>
        {wallet.data && wallet.data.data.length > 0 ? (
          <div className="detail-table-wrap">
            <table className="detail-table detail-table--compact" data-testid="detail-wallet">
              <thead>
                <tr>
                  <th scope="col">{t('premiumDetail.exchange')}</th>
                  <th scope="col">
                    {t('spread.detail.network')}
                    <PhoneSub>{t('spread.detail.transferTime')}</PhoneSub>
                  </th>
                  <th scope="col">
                    {t('premiumDetail.deposit')}
                    <PhoneSub>{t('spread.detail.confirmations')}</PhoneSub>
                  </th>
                  <th scope="col">
                    {t('premiumDetail.withdraw')}
                    <PhoneSub>{t('spread.detail.withdrawFee')}</PhoneSub>
                  </th>
                  <WideTh>{t('spread.detail.confirmations')}</WideTh>
                  <WideTh>{t('spread.detail.transferTime')}</WideTh>
                  <WideTh>{t('spread.detail.withdrawFee')}</WideTh>
                </tr>
              </thead>
              <tbody>
                {wallet.data.data.map((w) => {
                  const confirmations = w.confirmations ?? '—';
                  const time = w.transferTimeSec === null ? '—' : formatDuration(w.transferTimeSec * 1000, t);
                  const fee =
                    w.withdrawFee === null
                      ? '—'
                      : `${formatPrice(w.withdrawFee, 'USD', language, false)} ${w.asset}`;
                  return (
                    <tr
                      key={`${w.exchange}-${w.network}`}
                      data-testid={`detail-wallet-${w.exchange}-${w.network}`}
                    >
                      <th scope="row">{t(`venues.${w.exchange}`)}</th>
                      <td>
                        {w.network}
                        <PhoneSub num>{time}</PhoneSub>
                      </td>
                      <td className={w.deposit ? 'wallet-ok' : 'wallet-off'}>
                        {t(w.deposit ? 'premiumDetail.open' : 'premiumDetail.closed')}
                        <PhoneSub num>{confirmations}</PhoneSub>
                      </td>
                      <td className={w.withdraw ? 'wallet-ok' : 'wallet-off'}>
                        {t(w.withdraw ? 'premiumDetail.open' : 'premiumDetail.closed')}
                        <PhoneSub num>{fee}</PhoneSub>
                      </td>
                      <td className="num detail-table__wide">{confirmations}</td>
                      <td className="num detail-table__wide">{time}</td>
                      <td className="num detail-table__wide">{fee}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="detail-page__message" role={wallet.error ? 'alert' : 'status'}>
            {wallet.error
              ? feedErrorText(errorOf(wallet.error) as ApiError, t)
              : wallet.data
                ? t('premiumDetail.walletNone')
                : t('common.loading')}
          </p>
        )}
      </section>
    </div>
  );
}

function ChartOrMessage({
  query,
  series,
  format,
  label,
  testId,
  resetKey,
  blocked,
}: {
  query: { data: unknown; error: unknown; isFetching: boolean };
  series: ChartSeries[];
  format: (value: number) => string;
  label: string;
  testId: string;
  resetKey: string;
  /** Why the chart's data cannot be asked for (the market behind it failed to load); null when it can. */
  blocked: ReactNode;
}) {
  const { t } = useTranslation();
  const empty = series.every((s) => s.data.length === 0);
  if (blocked && !query.data) {
    return (
      <p className="detail-page__message" role="status" data-testid={`${testId}-blocked`}>
        {blocked}
      </p>
    );
  }
  if (query.error) {
    return (
      <p className="detail-page__message" role="alert">
        {feedErrorText(errorOf(query.error) as ApiError, t)}
      </p>
    );
  }
  if (empty) {
    return (
      <p className="detail-page__message" role="status">
        {query.data ? t('charts.noData') : t('common.loading')}
      </p>
    );
  }
  return <TimeChart series={series} format={format} label={label} testId={testId} resetKey={resetKey} />;
}
