import type { PremiumIndexHistoryResponse, PremiumIndexResponse } from '@spreadscope/contracts';
import {
  type ConversionBase,
  FRESHNESS_MS,
  formatClock,
  formatCompact,
  formatPercent,
  formatPrice,
  HISTORY_RANGES,
  type HistoryRange,
} from '@spreadscope/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type ChartSeries, TimeChart } from '../components/charts/time-chart.tsx';
import { SegmentedControl } from '../components/segmented-control.tsx';
import { feedErrorText } from '../components/table-state.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLiveTable } from '../hooks/use-live-table.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { useMarketQuery } from '../hooks/use-market-query.ts';
import { useSettings } from '../hooks/use-settings.ts';
import { ApiError } from '../lib/api-client.ts';
import { seriesColor } from '../lib/chart-colors.ts';
import { withLivePoint } from '../lib/live-series.ts';
import { MARKET_PATHS } from '../lib/market-api.ts';
import { orNaN, tone } from '../lib/number-display.ts';
import './detail-page.css';
import { PhoneSub, WideTh } from '../components/detail-table-parts.tsx';

/** The index leaves out quotes older than the slowest interval's freshness window (engine/premium-index.ts). */
const INDEX_QUOTE_MAX_AGE_MS = FRESHNESS_MS['30s'];

function pickBase(value: string | null): ConversionBase {
  return value === 'USDT' ? 'USDT' : 'USD';
}
function pickRange(value: string | null): HistoryRange {
  return (HISTORY_RANGES as readonly string[]).includes(value ?? '') ? (value as HistoryRange) : '1d';
}

/** /premium-index: the Kimchi premium index and Bitcoin's trend, live, with their history. */
export function PremiumIndexPage() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const [settings] = useSettings();
  const [searchParams, setSearchParams] = useSearchParams();
  const conversionBase = pickBase(searchParams.get('conversionBase'));
  const range = pickRange(searchParams.get('range'));
  useDocumentTitle(t('premiumIndex.title'));
  const params = useMemo(() => ({ conversionBase }), [conversionBase]);
  const live = useLiveTable<PremiumIndexResponse>(
    'kimchi-premium-index',
    MARKET_PATHS.premiumIndex,
    params,
    settings.interval,
  );
  const history = useMarketQuery<PremiumIndexHistoryResponse>(
    MARKET_PATHS.premiumIndexHistory,
    { conversionBase, range },
    60_000,
  );
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

  const index = live.data;
  const currency = settings.currency;
  // History reloads every minute; the last point of each line follows the live numbers above the charts.
  const stepMs = history.data?.stepMs ?? 0;
  const liveAt = index?.updatedAt;
  const premiumSeries = useMemo<ChartSeries[]>(() => {
    const data = history.data?.data ?? [];
    return [
      {
        kind: 'line',
        id: 'index',
        color: seriesColor(0),
        data: withLivePoint(
          data.map((p) => ({ t: p.t, value: p.value })),
          stepMs,
          liveAt,
          index?.value,
        ),
      },
      {
        kind: 'line',
        id: 'btc',
        color: seriesColor(1),
        data: withLivePoint(
          data.flatMap((p) => (p.btcPremiumPercent === null ? [] : [{ t: p.t, value: p.btcPremiumPercent }])),
          stepMs,
          liveAt,
          index?.bitcoin.premiumPercent,
        ),
      },
    ];
  }, [history.data, stepMs, liveAt, index?.value, index?.bitcoin.premiumPercent]);
  const livePrice = index ? (currency === 'KRW' ? index.bitcoin.priceKrw : index.bitcoin.priceUsd) : null;
  const priceSeries = useMemo<ChartSeries[]>(() => {
    const data = history.data?.data ?? [];
    return [
      {
        kind: 'line',
        id: 'btc-price',
        color: seriesColor(5),
        data: withLivePoint(
          data.flatMap((p) => {
            const value = currency === 'KRW' ? p.btcPriceKrw : p.btcPriceUsd;
            return value === null ? [] : [{ t: p.t, value }];
          }),
          stepMs,
          liveAt,
          livePrice,
        ),
      },
    ];
  }, [history.data, currency, stepMs, liveAt, livePrice]);
  const chartView = `${conversionBase}:${range}:${currency}`;
  // The currency toggle converts every price on screen (UI.md); the constituents convert at the rate the index
  // itself uses, so a row's two prices differ by exactly its premium.
  const conversionRate = index?.conversionRate ?? null;
  const inCurrency = (value: number | null, from: 'KRW' | 'USD'): number => {
    if (value === null) return Number.NaN;
    if (from === currency) return value;
    if (conversionRate === null || !(conversionRate > 0)) return Number.NaN;
    return from === 'KRW' ? value / conversionRate : value * conversionRate;
  };

  const error = live.error ?? (history.error instanceof ApiError ? history.error : null);

  return (
    <div className="detail-page index-page" data-testid="premium-index">
      <header className="detail-page__head">
        <h1>{t('premiumIndex.title')}</h1>
        <SegmentedControl<ConversionBase>
          label={t('premium.filters.conversionBase')}
          value={conversionBase}
          testId="index-base"
          options={(['USD', 'USDT'] as const).map((value) => ({
            value,
            label: t(`premium.filters.bases.${value}`),
            testId: `index-base-${value}`,
          }))}
          onChange={(value) => setParam('conversionBase', value, 'USD')}
        />
        {index ? (
          <p className="detail-page__meta num" data-testid="index-updated">
            {t('status.lastUpdate', { time: formatClock(index.updatedAt, language) })}
          </p>
        ) : null}
      </header>
      {error && !index ? (
        <p role="alert" className="detail-page__message" data-testid="index-error">
          {feedErrorText(error, t)}
        </p>
      ) : null}
      <div className="index-cards">
        <section className="detail-page__card index-card" aria-labelledby="index-value-title">
          <h2 id="index-value-title">{t('premiumIndex.indexLabel')}</h2>
          <p
            className={`index-card__value num ${tone(index?.value)}`}
            data-testid="index-value"
            data-value={index?.value ?? undefined}
          >
            {index ? formatPercent(orNaN(index.value)) : '—'}
          </p>
          <p className="detail-page__meta">
            {t('premiumIndex.basis', {
              base: t(`premium.filters.bases.${conversionBase}`),
              rate: index?.conversionRate ? formatPrice(index.conversionRate, 'KRW', language) : '—',
            })}
          </p>
        </section>
        <section className="detail-page__card index-card" aria-labelledby="index-btc-title">
          <h2 id="index-btc-title">{t('premiumIndex.bitcoin')}</h2>
          <p
            className={`index-card__value num ${tone(index?.bitcoin.premiumPercent)}`}
            data-testid="index-btc-premium"
          >
            {index ? formatPercent(orNaN(index.bitcoin.premiumPercent)) : '—'}
          </p>
          <p className="detail-page__meta num">
            {livePrice === null ? '—' : formatPrice(livePrice, currency, language)}{' '}
            <span className={tone(index?.bitcoin.change24hPercent)}>
              {index
                ? `${t('premiumIndex.change24h')} ${formatPercent(orNaN(index.bitcoin.change24hPercent))}`
                : ''}
            </span>
          </p>
        </section>
      </div>
      <section className="detail-page__card index-page__history" aria-labelledby="index-history-title">
        <div className="detail-page__card-head">
          <h2 id="index-history-title">{t('premiumIndex.historyTitle')}</h2>
          <SegmentedControl<HistoryRange>
            label={t('charts.range')}
            value={range}
            testId="index-range"
            options={HISTORY_RANGES.map((value) => ({
              value,
              label: t(`charts.ranges.${value}`),
              testId: `range-${value}`,
            }))}
            onChange={(value) => setParam('range', value, '1d')}
          />
        </div>
        {history.data && history.data.data.length > 0 ? (
          <div className="detail-page__grid">
            <div>
              <TimeChart
                series={premiumSeries}
                format={(value) => formatPercent(value)}
                label={t('premiumIndex.premiumChart')}
                testId="index-chart"
                resetKey={chartView}
              />
              <ul className="chart-legend">
                <li>
                  <span
                    className="chart-legend__swatch"
                    style={{ background: seriesColor(0) }}
                    aria-hidden="true"
                  />
                  {t('premiumIndex.indexLabel')}
                </li>
                <li>
                  <span
                    className="chart-legend__swatch"
                    style={{ background: seriesColor(1) }}
                    aria-hidden="true"
                  />
                  {t('premiumIndex.btcPremium')}
                </li>
              </ul>
            </div>
            <div>
              <TimeChart
                series={priceSeries}
                format={(value) => formatPrice(value, currency, language)}
                label={t('premiumIndex.priceChart', { currency })}
                testId="index-price-chart"
                resetKey={chartView}
              />
              <ul className="chart-legend">
                <li>
                  <span
                    className="chart-legend__swatch"
                    style={{ background: seriesColor(5) }}
                    aria-hidden="true"
                  />
                  {t(currency === 'KRW' ? 'premiumIndex.btcKrw' : 'premiumIndex.btcUsd')}
                </li>
              </ul>
            </div>
          </div>
        ) : (
          <p className="detail-page__message" role="status">
            {history.data ? t('charts.noData') : history.error ? '' : t('common.loading')}
          </p>
        )}
      </section>
      {index ? (
        <section
          className="detail-page__card index-page__constituents"
          aria-labelledby="index-constituents-title"
        >
          <h2 id="index-constituents-title">{t('premiumIndex.constituents')}</h2>
          <p className="detail-page__meta" data-testid="index-method">
            {t('premiumIndex.method', {
              tokens: index.constituents.map((c) => c.base).join(', '),
              pair: index.conversionBase === 'USDT' ? 'USDT/KRW' : 'USD/KRW',
              seconds: INDEX_QUOTE_MAX_AGE_MS / 1000,
            })}
          </p>
          <div className="detail-table-wrap">
            <table className="detail-table detail-table--compact" data-testid="index-constituents">
              <thead>
                <tr>
                  <th scope="col">
                    {t('premium.columns.token')}
                    <PhoneSub>{t('premiumIndex.weight')}</PhoneSub>
                  </th>
                  <th scope="col">{t('premium.columns.gap')}</th>
                  <th scope="col">
                    {t('premiumIndex.koreanPrice', { currency })}
                    <PhoneSub>{t('premiumIndex.koreanVolume')}</PhoneSub>
                  </th>
                  <th scope="col">{t('premiumIndex.overseasPrice', { currency })}</th>
                  <WideTh>{t('premiumIndex.koreanVolume')}</WideTh>
                  <WideTh>{t('premiumIndex.weight')}</WideTh>
                </tr>
              </thead>
              <tbody>
                {index.constituents.map((c) => {
                  const volume = formatCompact(inCurrency(c.volume24hKrw, 'KRW'), currency, language);
                  const weight = formatPercent(c.weight * 100, 1).replace('+', '');
                  return (
                    <tr
                      key={c.base}
                      data-testid={`constituent-${c.base}`}
                      className={c.premiumPercent === null ? 'is-stale' : undefined}
                    >
                      <th scope="row">
                        <Link to={to(`/premium?search=${c.base}`)}>{c.base}</Link>
                        <PhoneSub num>{weight}</PhoneSub>
                      </th>
                      <td className={`num ${tone(c.premiumPercent)}`}>
                        {formatPercent(orNaN(c.premiumPercent))}
                      </td>
                      <td className="num" data-testid="constituent-korean">
                        {formatPrice(inCurrency(c.koreanPriceKrw, 'KRW'), currency, language)}
                        <PhoneSub>{volume}</PhoneSub>
                      </td>
                      <td className="num" data-testid="constituent-overseas">
                        {formatPrice(inCurrency(c.overseasPriceUsd, 'USD'), currency, language)}
                      </td>
                      <td className="num detail-table__wide">{volume}</td>
                      <td className="num detail-table__wide">{weight}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}
