import type { CexCandleResponse } from '@spreadscope/contracts';
import {
  CANDLE_INTERVALS,
  type CandleInterval,
  formatPrice,
  getVenue,
  type VenueId,
} from '@spreadscope/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartSeries, TimeChart } from '../../components/charts/time-chart.tsx';
import { SegmentedControl } from '../../components/segmented-control.tsx';
import { useLocale } from '../../hooks/use-locale.ts';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { MARKET_PATHS } from '../../lib/market-api.ts';

const INTERVALS: readonly CandleInterval[] = CANDLE_INTERVALS.filter((i) => i !== '30m');

/**
 * The price tab: candles of the token's spot market on each venue that lists it (the chart-provider candles
 * of `cex/candle`), one venue at a time, in the market's own quote.
 */
export function TokenPriceTab({ token, exchanges }: { token: string; exchanges: readonly VenueId[] }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const spotVenues = exchanges.filter((v) => getVenue(v).markets.includes('spot'));
  const [venue, setVenue] = useState<VenueId | undefined>(spotVenues[0]);
  const [interval, setInterval] = useState<CandleInterval>('1h');
  const chosen = venue && spotVenues.includes(venue) ? venue : spotVenues[0];
  const candles = useMarketQuery<CexCandleResponse>(
    MARKET_PATHS.cexCandle,
    { exchange: chosen, market: 'spot', base: token, interval, limit: 300 },
    60_000,
    chosen !== undefined,
  );
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        kind: 'candles',
        id: 'price',
        data: (candles.data?.data ?? []).map((c) => ({ t: c.t, o: c.o, h: c.h, l: c.l, c: c.c })),
      },
    ],
    [candles.data],
  );
  if (!chosen) return <p className="token-tab__message">{t('tokenDetail.priceTab.noMarkets', { token })}</p>;
  const quote = candles.data?.quote ?? (getVenue(chosen).region === 'korea' ? 'KRW' : 'USDT');
  const currency = quote === 'KRW' ? 'KRW' : 'USD';
  const venueName = t(`venues.${chosen}`);
  return (
    <div className="token-tab token-price-tab" data-testid="token-price-tab">
      <div className="token-tab__controls">
        <label className="token-tab__select">
          <span>{t('tokenDetail.priceTab.venue')}</span>
          <select
            value={chosen}
            data-testid="token-price-venue"
            onChange={(event) => setVenue(event.target.value as VenueId)}
          >
            {spotVenues.map((v) => (
              <option key={v} value={v}>
                {t(`venues.${v}`)}
              </option>
            ))}
          </select>
        </label>
        <SegmentedControl
          label={t('tokenDetail.priceTab.interval')}
          value={interval}
          options={INTERVALS.map((value) => ({ value, label: value }))}
          onChange={setInterval}
        />
      </div>
      {candles.error ? (
        <p className="token-tab__message" role="alert">
          {candles.error.message}
        </p>
      ) : series[0]?.data.length ? (
        <TimeChart
          series={series}
          format={(value) => formatPrice(value, currency, language, quote === 'KRW' || quote === 'USD')}
          label={t('tokenDetail.priceTab.chartLabel', { token, venue: venueName, quote, interval })}
          testId="token-price-chart"
          resetKey={`${chosen}:${interval}`}
        />
      ) : (
        <p className="token-tab__message" role="status">
          {candles.isFetching
            ? t('tokenDetail.priceTab.loading')
            : t('tokenDetail.priceTab.noCandles', { token, venue: venueName })}
        </p>
      )}
    </div>
  );
}
