import type { ListingCard, ListingChart } from '@spreadscope/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartSeries, TimeChart } from '../../components/charts/time-chart.tsx';
import { useLocale } from '../../hooks/use-locale.ts';
import { getJson } from '../../lib/api-client.ts';
import { seriesColor } from '../../lib/chart-colors.ts';
import { formatKst } from '../events/events-format.ts';
import { formatKrw, formatPct, venueName } from './listing-format.ts';

/** The two charts' price axes are this wide, so their plot areas (and time axes) line up. */
const PRICE_AXIS_PX = 96;

/** New minute bars close once a minute: the chart asks again this often. */
const REFRESH_MS = 60_000;

const line = (id: string, color: string, data: { t: number; value: number | null }[]): ChartSeries => ({
  kind: 'line',
  id,
  color,
  data: data.filter((p): p is { t: number; value: number } => p.value !== null),
});

/**
 * The listing's first day on one time axis (spec §2): the new market and the overseas one in KRW above, the
 * premium between them below, from 3 hours before the notice to 24 hours after.
 */
export function ListingPriceChart({ card }: { card: ListingCard }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const chart = useQuery({
    queryKey: ['listing', 'chart', card.key, language],
    queryFn: ({ signal }) => getJson<ListingChart>('/listing/chart', { key: card.key }, language, signal),
    refetchInterval: REFRESH_MS,
  });
  const points = chart.data?.points ?? [];
  const overseas = chart.data?.overseas ? venueName(chart.data.overseas) : '—';
  const prices = useMemo(
    () => [
      line(
        'listing',
        seriesColor(0),
        points.map((p) => ({ t: p.t, value: p.krw })),
      ),
      line(
        'overseas',
        seriesColor(1),
        points.map((p) => ({ t: p.t, value: p.overseasKrw })),
      ),
    ],
    [points],
  );
  const premium = useMemo(
    () => [
      line(
        'premium',
        seriesColor(2),
        points.map((p) => ({ t: p.t, value: p.premiumPct })),
      ),
    ],
    [points],
  );
  // Both charts hold every minute of the window, so the premium (which starts when the new market trades)
  // stands under the prices of the same minute.
  const times = useMemo(() => points.map((p) => p.t), [points]);
  const market = `${venueName(card.exchange)} ${card.base}/${card.quote}`;
  return (
    <section aria-labelledby="listing-chart-title" data-testid="listing-chart">
      <h2 id="listing-chart-title">{t('listing.chart.title')}</h2>
      {chart.data ? (
        <p className="listing-page__lead">
          {t('listing.chart.range', {
            from: formatKst(chart.data.from, language, true),
            to: formatKst(chart.data.to, language, true),
          })}
        </p>
      ) : null}
      {points.length === 0 ? (
        <p role="status">{chart.isPending ? t('listing.chart.loading') : t('listing.chart.empty')}</p>
      ) : (
        <>
          <ul className="listing-deposit__legend">
            <li>
              <span aria-hidden="true" style={{ background: seriesColor(0) }} />
              {market}
            </li>
            <li>
              <span aria-hidden="true" style={{ background: seriesColor(1) }} />
              {t('listing.chart.overseas', { exchange: overseas })}
            </li>
          </ul>
          <TimeChart
            series={prices}
            format={(value) => formatKrw(value, language)}
            label={t('listing.chart.pricesLabel', { market, exchange: overseas })}
            testId="listing-price-chart"
            resetKey={card.key}
            height={240}
            axisTimes={times}
            priceAxisWidth={PRICE_AXIS_PX}
          />
          <h3>{t('listing.chart.premium')}</h3>
          <TimeChart
            series={premium}
            format={(value) => formatPct(value)}
            label={t('listing.chart.premiumLabel', { market, exchange: overseas })}
            testId="listing-premium-chart"
            resetKey={`premium:${card.key}`}
            height={160}
            axisTimes={times}
            priceAxisWidth={PRICE_AXIS_PX}
          />
        </>
      )}
    </section>
  );
}
