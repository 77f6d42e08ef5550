import type { ListingDepositAccumulated } from '@spreadscope/contracts';
import { HOLDER_TIERS } from '@spreadscope/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartSeries, TimeChart } from '../../components/charts/time-chart.tsx';
import { SegmentedControl } from '../../components/segmented-control.tsx';
import { useLocale } from '../../hooks/use-locale.ts';
import { getJson } from '../../lib/api-client.ts';
import { seriesColor } from '../../lib/chart-colors.ts';

const INTERVALS = ['1m', '5m', '15m', '1h'] as const;
type Interval = (typeof INTERVALS)[number];

/**
 * Tokens deposited so far, one line per holder tier, over the chosen interval: whether whales came in before
 * the crowd is what the first minutes of a listing turn on.
 */
export function ListingDepositChart({
  slug,
  base,
  refreshMs,
}: {
  slug: string;
  base: string;
  refreshMs: number;
}) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const [interval, setChosen] = useState<Interval>('5m');
  const accumulated = useQuery({
    queryKey: ['listing', 'deposit-accumulated', slug, interval, language],
    queryFn: ({ signal }) =>
      getJson<ListingDepositAccumulated>(
        '/listing/deposit/accumulated',
        { key: slug, interval },
        language,
        signal,
      ),
    refetchInterval: refreshMs,
  });
  const points = accumulated.data?.data ?? [];
  const series = useMemo<ChartSeries[]>(
    () =>
      HOLDER_TIERS.map((tier, i) => ({
        kind: 'line',
        id: tier,
        color: seriesColor(i),
        data: points.map((p) => ({ t: p.t, value: p[tier] })),
      })),
    [points],
  );
  const number = new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US', { maximumFractionDigits: 2 });
  return (
    <section aria-labelledby="deposit-accumulated-title" data-testid="listing-deposit-accumulated">
      <h2 id="deposit-accumulated-title">{t('listingDeposit.accumulated.title')}</h2>
      <SegmentedControl<Interval>
        label={t('listingDeposit.accumulated.interval')}
        value={interval}
        testId="listing-deposit-interval"
        options={INTERVALS.map((value) => ({ value, label: value, testId: `deposit-interval-${value}` }))}
        onChange={setChosen}
      />
      {points.length === 0 ? (
        <p role="status">{accumulated.isPending ? t('listingDeposit.loading') : t('listingDeposit.empty')}</p>
      ) : (
        <>
          <ul className="listing-deposit__legend">
            {HOLDER_TIERS.map((tier, i) => (
              <li key={tier}>
                <span aria-hidden="true" style={{ background: seriesColor(i) }} />
                {t(`listingDeposit.tier.${tier}`)}
              </li>
            ))}
          </ul>
          <TimeChart
            series={series}
            format={(value) => `${number.format(value)} ${base}`}
            label={t('listingDeposit.accumulated.label', { base, interval })}
            testId="listing-deposit-chart"
            resetKey={`${slug}:${interval}`}
            height={220}
          />
        </>
      )}
    </section>
  );
}
