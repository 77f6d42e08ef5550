import type { OpenInterestResponse } from '@spreadscope/contracts';
import { formatClock, formatCompact, formatPercent } from '@spreadscope/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ChartSeries, TimeChart } from '../../components/charts/time-chart.tsx';
import { PhoneSub, WideTh } from '../../components/detail-table-parts.tsx';
import { SegmentedControl } from '../../components/segmented-control.tsx';
import { feedErrorText } from '../../components/table-state.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { ApiError } from '../../lib/api-client.ts';
import { seriesColor } from '../../lib/chart-colors.ts';
import { tone } from '../../lib/number-display.ts';
import '../detail-page.css';
import './margin.css';
import { useLiveLiquidations } from './use-live-liquidations.ts';

const WINDOWS = ['1h', '4h', '24h', '7d'] as const;
type Window = (typeof WINDOWS)[number];
/** A bucket per window that keeps a chart between 60 and 170 points. */
const INTERVAL: Record<Window, '1m' | '5m' | '15m' | '1h'> = {
  '1h': '1m',
  '4h': '5m',
  '24h': '15m',
  '7d': '1h',
};
const TOKEN = /^[A-Za-z0-9]{1,20}$/;

function errorOf(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('unknown', '', null);
}

/** /derivatives?base=BTC: a token's open interest per exchange, its history with liquidations, and the live feed. */
export function DerivativesPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const [params, setParams] = useSearchParams();
  const rawBase = params.get('base') ?? 'BTC';
  const base = TOKEN.test(rawBase) ? rawBase.toUpperCase() : 'BTC';
  const window = (WINDOWS as readonly string[]).includes(params.get('window') ?? '')
    ? (params.get('window') as Window)
    : '24h';
  const [draft, setDraft] = useState(base);
  useDocumentTitle(t('derivatives.title', { base }));
  const oi = useMarketQuery<OpenInterestResponse>(
    '/open-interest',
    { base, window, interval: INTERVAL[window] },
    30_000,
  );
  const feed = useLiveLiquidations(base, 50);
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        if (value === null) p.delete(key);
        else p.set(key, value);
        return p;
      },
      { replace: true },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim().toUpperCase();
    if (TOKEN.test(next)) set('base', next === 'BTC' ? null : next);
  };

  const history = oi.data?.history ?? [];
  const oiSeries = useMemo<ChartSeries[]>(
    () => [
      {
        kind: 'line',
        id: 'oi',
        color: seriesColor(0),
        data: history.map((p) => ({ t: p.t, value: p.openInterestUsd ?? p.openInterest })),
      },
    ],
    [history],
  );
  // Shorts liquidated above the axis (a squeeze up), longs below (a flush down).
  const liquidationSeries = useMemo<ChartSeries[]>(
    () => [
      { kind: 'histogram', id: 'short', data: history.map((p) => ({ t: p.t, value: p.shortUsd })) },
      { kind: 'histogram', id: 'long', data: history.map((p) => ({ t: p.t, value: -p.longUsd })) },
    ],
    [history],
  );
  const usd = (value: number | null | undefined) =>
    value === null || value === undefined ? '—' : formatCompact(value, 'USD', language);
  const amount = (value: number) =>
    new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US', { maximumSignificantDigits: 6 }).format(
      value,
    );

  return (
    <div className="detail-page" data-testid="derivatives">
      <header className="detail-page__head">
        <h1>{t('derivatives.title', { base })}</h1>
        <p className="detail-page__meta">{t('derivatives.lead', { base })}</p>
        {oi.data?.totalUsd ? (
          <p className="detail-page__headline">
            <span className="detail-page__label">{t('derivatives.total')}</span>
            <span className="num detail-page__big" data-testid="oi-total">
              {usd(oi.data.totalUsd)}
            </span>
          </p>
        ) : null}
        <form className="margin-toolbar" onSubmit={submit}>
          <label className="visually-hidden" htmlFor="derivatives-base">
            {t('derivatives.baseLabel')}
          </label>
          <input
            id="derivatives-base"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={20}
            autoComplete="off"
            data-testid="derivatives-base"
          />
          <button type="submit">{t('margin.show')}</button>
        </form>
      </header>

      <section className="detail-page__card" aria-labelledby="oi-venues-title">
        <h2 id="oi-venues-title">{t('derivatives.venuesTitle')}</h2>
        {oi.error ? (
          <p role="alert" className="detail-page__message">
            {feedErrorText(errorOf(oi.error), t)}
          </p>
        ) : !oi.data ? (
          <p role="status" className="detail-page__message">
            {t('common.loading')}
          </p>
        ) : oi.data.venues.length === 0 ? (
          <p className="detail-page__message">{t('derivatives.noOi', { base })}</p>
        ) : (
          <div className="detail-table-wrap">
            <table className="detail-table detail-table--compact" data-testid="oi-table">
              <thead>
                <tr>
                  <th scope="col">{t('derivatives.columns.exchange')}</th>
                  <th scope="col">
                    {t('derivatives.columns.oiUsd')}
                    <PhoneSub>{t('derivatives.columns.oi')}</PhoneSub>
                  </th>
                  <WideTh>{t('derivatives.columns.oi')}</WideTh>
                  <th scope="col">
                    {t('derivatives.columns.change1h')}
                    <PhoneSub>{t('derivatives.columns.change24h')}</PhoneSub>
                  </th>
                  <WideTh>{t('derivatives.columns.change24h')}</WideTh>
                  <WideTh>{t('derivatives.columns.updated')}</WideTh>
                </tr>
              </thead>
              <tbody>
                {oi.data.venues.map((v) => (
                  <tr key={`${v.exchange}-${v.quote}`} data-testid={`oi-row-${v.exchange}`}>
                    <th scope="row">
                      {t(`venues.${v.exchange}`)} <span className="detail-table__sub">{v.quote}</span>
                    </th>
                    <td className="num">
                      {usd(v.openInterestUsd)}
                      <PhoneSub num>
                        {amount(v.openInterest)} {base}
                      </PhoneSub>
                    </td>
                    <td className="num detail-table__wide">
                      {amount(v.openInterest)} {base}
                    </td>
                    <td className={`num ${tone(v.change1h)}`}>
                      {v.change1h === null ? '—' : formatPercent(v.change1h)}
                      <PhoneSub num>{v.change24h === null ? '—' : formatPercent(v.change24h)}</PhoneSub>
                    </td>
                    <td className={`num detail-table__wide ${tone(v.change24h)}`}>
                      {v.change24h === null ? '—' : formatPercent(v.change24h)}
                    </td>
                    <td className="num detail-table__wide">{formatClock(v.updatedAt, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="detail-page__card" aria-labelledby="oi-history-title">
        <div className="detail-page__card-head">
          <h2 id="oi-history-title">{t('derivatives.historyTitle')}</h2>
          <SegmentedControl<Window>
            label={t('derivatives.window')}
            value={window}
            testId="oi-window"
            options={WINDOWS.map((value) => ({ value, label: value, testId: `window-${value}` }))}
            onChange={(next) => set('window', next === '24h' ? null : next)}
          />
        </div>
        {history.length === 0 ? (
          <p role="status" className="detail-page__message" data-testid="oi-history-empty">
            {oi.data ? t('derivatives.noHistory') : t('common.loading')}
          </p>
        ) : (
          <div className="derivatives-charts">
            <TimeChart
              series={oiSeries}
              format={(value) => usd(value)}
              label={t('derivatives.chartLabel', { base, window })}
              testId="oi-chart"
              resetKey={`${base}:${window}`}
              height={240}
            />
            <h3>{t('derivatives.liquidationHistoryTitle')}</h3>
            <TimeChart
              series={liquidationSeries}
              format={(value) => usd(Math.abs(value))}
              label={t('derivatives.liquidationChartLabel', { base, window })}
              testId="liquidation-chart"
              resetKey={`liq:${base}:${window}`}
              height={180}
            />
          </div>
        )}
      </section>

      <section className="detail-page__card" aria-labelledby="liquidation-feed-title">
        <h2 id="liquidation-feed-title">{t('derivatives.feedTitle')}</h2>
        <p className="detail-page__meta">{t('derivatives.feedLead')}</p>
        {feed.data ? (
          <p className="detail-page__meta num" data-testid="liquidation-stats">
            {t('derivatives.stats', {
              count: feed.data.stats.count,
              long: usd(feed.data.stats.longUsd),
              short: usd(feed.data.stats.shortUsd),
            })}
          </p>
        ) : null}
        {feed.error ? (
          <p role="alert" className="detail-page__message">
            {feedErrorText(errorOf(feed.error), t)}
          </p>
        ) : !feed.data ? (
          <p role="status" className="detail-page__message">
            {t('common.loading')}
          </p>
        ) : feed.data.data.length === 0 ? (
          <p className="detail-page__message" data-testid="liquidation-empty">
            {t('derivatives.noFeed')}
          </p>
        ) : (
          <div className="detail-table-wrap">
            <table
              className="detail-table detail-table--compact"
              data-testid="liquidation-feed"
              aria-live="polite"
            >
              <thead>
                <tr>
                  <th scope="col">
                    {t('derivatives.feedColumns.time')}
                    <PhoneSub>{t('derivatives.feedColumns.exchange')}</PhoneSub>
                  </th>
                  <WideTh>{t('derivatives.feedColumns.exchange')}</WideTh>
                  <th scope="col">{t('derivatives.feedColumns.side')}</th>
                  <WideTh>{t('derivatives.feedColumns.price')}</WideTh>
                  <WideTh>{t('derivatives.feedColumns.size')}</WideTh>
                  <th scope="col">
                    {t('derivatives.feedColumns.value')}
                    <PhoneSub>{t('derivatives.feedColumns.price')}</PhoneSub>
                  </th>
                </tr>
              </thead>
              <tbody>
                {feed.data.data.map((l) => (
                  <tr key={`${l.timestamp}-${l.exchange}-${l.side}-${l.price}-${l.volume}`}>
                    <td className="num">
                      {formatClock(l.timestamp, language)}
                      <PhoneSub>{t(`venues.${l.exchange}`)}</PhoneSub>
                    </td>
                    <td className="detail-table__wide">
                      {t(`venues.${l.exchange}`)} <span className="detail-table__sub">{l.quote}</span>
                    </td>
                    <td className={l.side === 'long' ? 'down' : 'up'} data-testid="liquidation-side">
                      {t(`derivatives.sides.${l.side}`)}
                    </td>
                    <td className="num detail-table__wide">{amount(l.price)}</td>
                    <td className="num detail-table__wide">
                      {amount(l.volume)} {l.base}
                    </td>
                    <td className="num">
                      {usd(l.volumeUsd)}
                      <PhoneSub num>{amount(l.price)}</PhoneSub>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
