import type { FundingHistoryV2Response, FundingTokenResponse } from '@spreadscope/contracts';
import {
  formatClock,
  formatPercent,
  HISTORY_RANGES,
  type HistoryRange,
  UPDATE_INTERVAL_MS,
} from '@spreadscope/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { type ChartSeries, TimeChart } from '../components/charts/time-chart.tsx';
import { ConversionNote } from '../components/funding-table.tsx';
import { MarketNotFound } from '../components/market-not-found.tsx';
import { SegmentedControl } from '../components/segmented-control.tsx';
import { feedErrorText, isMissingRoute } from '../components/table-state.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { useMarketQuery } from '../hooks/use-market-query.ts';
import { useNow } from '../hooks/use-now.ts';
import { useSettings } from '../hooks/use-settings.ts';
import { ApiError } from '../lib/api-client.ts';
import { seriesColor } from '../lib/chart-colors.ts';
import { parseFundingId, parseHistoryRange } from '../lib/funding-filters.ts';
import { withNextFunding } from '../lib/live-series.ts';
import { MARKET_PATHS } from '../lib/market-api.ts';
import { formatNativePrice, tone } from '../lib/number-display.ts';
import { formatPriceIn } from '../lib/stable-conversion.ts';
import './detail-page.css';
import { PhoneSub, WideTh } from '../components/detail-table-parts.tsx';
import { formatDuration } from '../lib/duration.ts';

/** /funding-rate/{token}: the token's perpetuals side by side, and their funding history over 1 d … 1 y. */
export function FundingDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const base = parseFundingId(id);
  if (!base) {
    return (
      <MarketNotFound
        title={t('fundingRate.notFound.title')}
        body={t('fundingRate.notFound.invalid', { id: id ?? '' })}
        back={{ path: '/funding-rate', label: t('fundingRate.notFound.back') }}
      />
    );
  }
  return <FundingDetail base={base} />;
}

function FundingDetail({ base }: { base: string }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const [settings] = useSettings();
  const [searchParams, setSearchParams] = useSearchParams();
  const range = parseHistoryRange(searchParams.get('range'));
  const now = useNow(1_000);
  useDocumentTitle(t('fundingRate.detailTitle', { base }));
  const refresh = Math.max(3_000, UPDATE_INTERVAL_MS[settings.interval]);
  const token = useMarketQuery<FundingTokenResponse>(MARKET_PATHS.fundingToken, { base }, refresh);
  const history = useMarketQuery<FundingHistoryV2Response>(
    MARKET_PATHS.fundingHistoryV2,
    { base, range },
    60_000,
  );

  // Settled history, then each market's predicted rate at its next settlement: the chart ends on the numbers
  // in the table above it.
  const markets = token.data?.data;
  const series = useMemo<ChartSeries[]>(
    () =>
      (history.data?.series ?? []).map((s, index) => {
        const live = markets?.find((m) => m.exchange === s.exchange && m.quoteToken === s.quoteToken);
        return {
          kind: 'line',
          id: `${s.exchange}-${s.quoteToken}`,
          color: seriesColor(index),
          data: withNextFunding(
            s.data.map((p) => ({ t: p.date, value: p.fundingRate })),
            live && !live.stale ? live.nextFundingTime : null,
            live?.fundingRatePercent,
          ),
        };
      }),
    [history.data, markets],
  );
  // Predicted points alone are one dot per market in the future: without a settled rate there is no history
  // to draw, and the table above already shows each prediction.
  const settled = (history.data?.series ?? []).some((s) => s.data.length > 0);
  const currency = settings.currency;
  const rates = token.data?.rates ?? null;

  const tokenError = token.error instanceof ApiError ? token.error : null;
  if (
    (tokenError?.status === 404 && !isMissingRoute(tokenError)) ||
    (token.data && token.data.data.length === 0)
  ) {
    return (
      <MarketNotFound
        title={t('fundingRate.notFound.title')}
        body={t('fundingRate.notFound.unsupported', { base })}
        back={{ path: '/funding-rate', label: t('fundingRate.notFound.back') }}
      />
    );
  }

  return (
    <div className="detail-page" data-testid="funding-detail">
      <header className="detail-page__head">
        <h1>{t('fundingRate.detailTitle', { base })}</h1>
        {token.data?.averageAnnualizedPercent !== null &&
        token.data?.averageAnnualizedPercent !== undefined ? (
          <p className="detail-page__headline">
            <span className="detail-page__label">{t('fundingRate.averageAnnualized')}</span>
            <span
              className={`num detail-page__big ${tone(token.data.averageAnnualizedPercent)}`}
              data-testid="funding-average"
            >
              {formatPercent(token.data.averageAnnualizedPercent)}
            </span>
          </p>
        ) : null}
        {token.data ? (
          <>
            <p className="detail-page__meta num">
              {t('status.lastUpdate', { time: formatClock(token.data.updatedAt, language) })}
            </p>
            <p className="detail-page__meta">
              <ConversionNote currency={currency} rates={rates} />
            </p>
          </>
        ) : null}
      </header>
      <section className="detail-page__card" aria-labelledby="funding-markets-title">
        <h2 id="funding-markets-title">{t('fundingRate.marketsTitle')}</h2>
        {tokenError ? (
          <p role="alert" className="detail-page__message">
            {feedErrorText(tokenError, t)}
          </p>
        ) : !token.data ? (
          <p role="status" className="detail-page__message">
            {t('common.loading')}
          </p>
        ) : (
          <div className="detail-table-wrap">
            <table className="detail-table detail-table--compact" data-testid="funding-markets">
              <thead>
                <tr>
                  <th scope="col">
                    {t('fundingRate.columns.exchange')}
                    <PhoneSub>{t('fundingRate.markIn', { currency })}</PhoneSub>
                  </th>
                  <th scope="col">
                    {t('fundingRate.columns.rate')}
                    <PhoneSub>{t('fundingRate.columns.annualized')}</PhoneSub>
                  </th>
                  <WideTh>{t('fundingRate.columns.interval')}</WideTh>
                  <WideTh>{t('fundingRate.columns.annualized')}</WideTh>
                  <th scope="col">
                    {t('fundingRate.columns.next')}
                    <PhoneSub>{t('fundingRate.columns.interval')}</PhoneSub>
                  </th>
                  <WideTh>{t('fundingRate.markIn', { currency })}</WideTh>
                </tr>
              </thead>
              <tbody>
                {token.data.data.map((market) => {
                  const every = t('fundingRate.everyHours', { hours: market.intervalHours });
                  const annualized = formatPercent(market.annualizedPercent);
                  const mark = formatPriceIn(market.markPrice, market.quoteToken, currency, rates, language);
                  return (
                    <tr
                      key={market.symbol}
                      className={market.stale ? 'is-stale' : undefined}
                      data-testid={`funding-market-${market.exchange}`}
                    >
                      <th scope="row">
                        {t(`venues.${market.exchange}`)}{' '}
                        <span className="detail-table__sub">{market.quoteToken}</span>
                        {market.stale ? (
                          <span className="stale-mark" title={t('fundingRate.staleTitle')}>
                            {t('premium.stale')}
                          </span>
                        ) : null}
                        <PhoneSub num>{mark}</PhoneSub>
                      </th>
                      <td
                        className={`num ${market.stale ? '' : tone(market.fundingRatePercent)}`}
                        data-testid="funding-rate"
                      >
                        {formatPercent(market.fundingRatePercent, 4)}
                        <PhoneSub num>{annualized}</PhoneSub>
                      </td>
                      <td className="num detail-table__wide">{every}</td>
                      <td
                        className={`num detail-table__wide ${market.stale ? '' : tone(market.annualizedPercent)}`}
                      >
                        {annualized}
                      </td>
                      <td
                        className="num"
                        title={
                          market.nextFundingTime ? formatClock(market.nextFundingTime, language) : undefined
                        }
                      >
                        {market.nextFundingTime === null
                          ? '—'
                          : formatDuration(Math.max(0, market.nextFundingTime - now), t)}
                        <PhoneSub>{every}</PhoneSub>
                      </td>
                      <td
                        className="num detail-table__wide"
                        data-testid="funding-mark"
                        title={t('fundingRate.nativeTitle', {
                          value: formatNativePrice(market.markPrice, market.quoteToken, language),
                        })}
                      >
                        {mark}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="detail-page__card" aria-labelledby="funding-history-title">
        <div className="detail-page__card-head">
          <h2 id="funding-history-title">{t('fundingRate.historyTitle')}</h2>
          <SegmentedControl<HistoryRange>
            label={t('charts.range')}
            value={range}
            testId="funding-range"
            options={HISTORY_RANGES.map((value) => ({
              value,
              label: t(`charts.ranges.${value}`),
              testId: `range-${value}`,
            }))}
            onChange={(next) =>
              setSearchParams(
                (current) => {
                  const params = new URLSearchParams(current);
                  if (next === '7d') params.delete('range');
                  else params.set('range', next);
                  return params;
                },
                { replace: true },
              )
            }
          />
        </div>
        {history.error ? (
          <p role="alert" className="detail-page__message">
            {feedErrorText(
              history.error instanceof ApiError ? history.error : new ApiError('unknown', '', null),
              t,
            )}
          </p>
        ) : !settled ? (
          <p role="status" className="detail-page__message" data-testid="funding-history-empty">
            {history.data ? t('fundingRate.noSettlements') : t('common.loading')}
          </p>
        ) : (
          <>
            <TimeChart
              series={series}
              format={(value) => formatPercent(value, 4)}
              label={t('fundingRate.historyLabel', { base, range: t(`charts.ranges.${range}`) })}
              testId="funding-history-chart"
              resetKey={`${base}:${range}`}
            />
            <ul className="chart-legend" data-testid="funding-history-legend">
              {(history.data?.series ?? []).map((s, index) => (
                <li
                  key={`${s.exchange}-${s.quoteToken}`}
                  className={s.data.length === 0 ? 'is-empty' : undefined}
                >
                  <span
                    className="chart-legend__swatch"
                    style={{ background: seriesColor(index) }}
                    aria-hidden="true"
                  />
                  {t(`venues.${s.exchange}`)} {s.quoteToken}
                  {s.data.length === 0 ? (
                    <span className="chart-legend__note"> · {t('fundingRate.noHistory')}</span>
                  ) : null}
                </li>
              ))}
            </ul>
            <p className="detail-page__meta">{t('fundingRate.predictedPoint')}</p>
          </>
        )}
      </section>
    </div>
  );
}
