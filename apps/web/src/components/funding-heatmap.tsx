import type { FundingHeatmapResponse } from '@spreadscope/contracts';
import { formatPercent } from '@spreadscope/core';
import { type CSSProperties, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../hooks/use-locale.ts';
import './funding-heatmap.css';

/** Seoul hour of an epoch-ms bucket start, for the column heads. */
function seoulHour(epochMs: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Seoul',
    hour: '2-digit',
    hourCycle: 'h23',
  }).format(epochMs);
}

/**
 * Colour strength of a cell: annualized funding saturates at ±50 %/yr, so ordinary rates (around 11 %) are
 * pale and dislocations stand out. The sign picks the up or down colour.
 */
export function heatStrength(value: number): number {
  return Math.min(1, Math.abs(value) / 50);
}

/** 24 hourly buckets per token (spec §9 heatmap period 24 h), hours in KST, the hour in progress last. */
export function FundingHeatmap({ data }: { data: FundingHeatmapResponse }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const scroller = useRef<HTMLDivElement>(null);
  // The latest hours are what a trader looks at first: on a narrow screen start scrolled to them.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, []);
  return (
    <>
      <div className="heatmap" data-testid="funding-heatmap" ref={scroller}>
        <table className="heatmap__table" aria-label={t('fundingRate.heatmap.label')}>
          <thead>
            <tr>
              <th scope="col" className="heatmap__corner">
                {t('fundingRate.heatmap.token')}
              </th>
              {data.hours.map((hour) => (
                <th key={hour} scope="col" className="heatmap__hour num">
                  {seoulHour(hour)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.data.map((row) => (
              <tr key={row.baseToken} data-testid={`heatmap-row-${row.baseToken}`}>
                <th scope="row" className="heatmap__token">
                  <Link to={to(`/funding-rate/${row.baseToken.toLowerCase()}`)}>{row.baseToken}</Link>
                </th>
                {row.cells.map((value, index) => {
                  const hour = data.hours[index] ?? index;
                  const text = value === null ? t('fundingRate.heatmap.none') : formatPercent(value);
                  return (
                    <td
                      key={hour}
                      className={`heatmap__cell${value === null ? ' is-empty' : value >= 0 ? ' is-up' : ' is-down'}`}
                      style={
                        value === null ? undefined : ({ '--heat': heatStrength(value) } as CSSProperties)
                      }
                      title={`${row.baseToken} ${seoulHour(hour)}:00 KST · ${text}`}
                      data-value={value ?? undefined}
                    >
                      <span className="visually-hidden">{text}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Outside the scroller, which starts scrolled to the latest hours: the legend stays in view. */}
      <p className="heatmap__legend">{t('fundingRate.heatmap.legend')}</p>
    </>
  );
}
