import { DEFAULT_TIME_ZONE } from '@spreadscope/core';
import {
  type AutoscaleInfo,
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../hooks/use-locale.ts';
import { chartTime, chartTimeLabel, toChartPoints } from '../../lib/chart-time.ts';
import { seriesChange } from '../../lib/live-series.ts';
import { padFlatRange } from './flat-range.ts';
import './time-chart.css';

// Charts drawn with TradingView Lightweight Charts (Apache-2.0). Its NOTICE, which the licence asks us to carry:
//   TradingView Lightweight Charts
//   Copyright (c) 2023 TradingView, Inc. https://www.tradingview.com/
// The licence also asks for a link to tradingview.com on every page with a chart: each chart carries one in its
// caption (see TimeChart), a named link in the reader's language. The library's own logo link has no name a
// screen reader can read in Korean and sits inside the chart's role="img", so it is turned off.
const TRADINGVIEW_URL = 'https://www.tradingview.com/';

export interface LinePoint {
  readonly t: number;
  readonly value: number;
}
export interface CandlePoint {
  readonly t: number;
  readonly o: number;
  readonly h: number;
  readonly l: number;
  readonly c: number;
}

export type ChartSeries =
  | {
      readonly kind: 'line';
      readonly id: string;
      readonly color: string;
      readonly data: readonly LinePoint[];
    }
  | { readonly kind: 'histogram'; readonly id: string; readonly data: readonly LinePoint[] }
  | { readonly kind: 'candles'; readonly id: string; readonly data: readonly CandlePoint[] };

interface Props {
  readonly series: readonly ChartSeries[];
  /** Formats a value on the price axis and crosshair (core formatters: price in the user's currency, percent). */
  readonly format: (value: number) => string;
  readonly label: string;
  readonly height?: number;
  readonly timeZone?: string;
  readonly testId?: string;
  /**
   * Names the view (market, interval, range): a new key redraws and fits the chart; the same key with new
   * data updates it in place, so a refresh or a live value never resets the user's zoom.
   */
  readonly resetKey?: string;
  /**
   * Times (ms) the time axis holds even where no series has a value. The axis is spaced by point, not by
   * time, so two charts stacked on one time axis (prices above, the premium below) pass the same times.
   */
  readonly axisTimes?: readonly number[];
  /** The price axis's least width (px): stacked charts with the same width line their time axes up. */
  readonly priceAxisWidth?: number;
}

/** The hidden series that carries `axisTimes`: whitespace points, nothing drawn. */
const AXIS_KEY = 'axis:';

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** Colours of the current theme and up/down convention, read from the design tokens. */
function palette() {
  return {
    text: cssVar('--text-muted', '#888'),
    grid: cssVar('--border', '#333'),
    background: cssVar('--surface', '#111'),
    up: cssVar('--up', '#e44'),
    down: cssVar('--down', '#48f'),
  };
}

type ChartPoint = { readonly time: number } & Readonly<Record<string, number | string>>;
type AnySeries = ISeriesApi<'Candlestick'> | ISeriesApi<'Histogram'> | ISeriesApi<'Line'>;
interface Shown {
  readonly api: AnySeries;
  points: readonly ChartPoint[];
}
type Palette = ReturnType<typeof palette>;

function samePoint(a: ChartPoint, b: ChartPoint): boolean {
  for (const key in b) if (a[key] !== b[key]) return false;
  return true;
}

/** A series' data as lightweight-charts takes it: zone-shifted seconds, ascending, one point per time. */
function chartPoints(s: ChartSeries, timeZone: string, colors: Palette): ChartPoint[] {
  if (s.kind === 'candles') {
    return toChartPoints(
      s.data.map((p) => ({ time: chartTime(p.t, timeZone), open: p.o, high: p.h, low: p.l, close: p.c })),
    );
  }
  if (s.kind === 'histogram') {
    return toChartPoints(
      s.data.map((p) => ({
        time: chartTime(p.t, timeZone),
        value: p.value,
        color: p.value >= 0 ? colors.up : colors.down,
      })),
    );
  }
  return toChartPoints(s.data.map((p) => ({ time: chartTime(p.t, timeZone), value: p.value })));
}

function addSeries(
  chart: IChartApi,
  s: ChartSeries,
  colors: Palette,
  priceFormat: { type: 'custom'; formatter: (value: number) => string; minMove: number },
): AnySeries {
  const autoscaleInfoProvider = (original: () => AutoscaleInfo | null): AutoscaleInfo | null => {
    const info = original();
    return info?.priceRange
      ? { ...info, priceRange: padFlatRange(info.priceRange.minValue, info.priceRange.maxValue) }
      : info;
  };
  if (s.kind === 'candles') {
    return chart.addSeries(CandlestickSeries, {
      upColor: colors.up,
      downColor: colors.down,
      wickUpColor: colors.up,
      wickDownColor: colors.down,
      borderVisible: false,
      priceFormat,
      autoscaleInfoProvider,
      lastValueVisible: false,
    });
  }
  // The live value is printed above every chart; its label on the axis would cover the axis's own labels.
  const level = { priceFormat, autoscaleInfoProvider, lastValueVisible: false };
  if (s.kind === 'histogram') return chart.addSeries(HistogramSeries, level);
  return chart.addSeries(LineSeries, { color: s.color, lineWidth: 2, ...level });
}

const ZONE_NAMES: Readonly<Record<string, string>> = { 'Asia/Seoul': 'KST', UTC: 'UTC' };

/**
 * A time chart on lightweight-charts: lines, a histogram or candles, times in the display zone (KST by
 * default), values formatted by the caller. It follows the theme (data-theme / data-up on <html>) and the
 * container's size.
 */
export function TimeChart({
  series,
  format,
  label,
  height = 280,
  timeZone = DEFAULT_TIME_ZONE,
  testId,
  resetKey = '',
  axisTimes,
  priceAxisWidth = 0,
}: Props) {
  const { language } = useLocale();
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const formatRef = useRef(format);
  formatRef.current = format;
  const zoneName = ZONE_NAMES[timeZone] ?? timeZone;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const colors = palette();
    const chart = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: colors.background },
        textColor: colors.text,
        attributionLogo: false,
      },
      grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
      // A tick near the pane's top or bottom edge would have its label drawn half outside the axis.
      rightPriceScale: { borderColor: colors.grid, entireTextOnly: true, minimumWidth: priceAxisWidth },
      timeScale: { borderColor: colors.grid, timeVisible: true, secondsVisible: false },
      localization: {
        locale: language === 'ko' ? 'ko-KR' : 'en-US',
        priceFormatter: (value: number) => formatRef.current(value),
        timeFormatter: (time: unknown) => chartTimeLabel(Number(time), language, zoneName),
      },
    });
    chartRef.current = chart;
    // Theme or colour convention changes restyle the chart in place.
    const observer = new MutationObserver(() => {
      const next = palette();
      chart.applyOptions({
        layout: { background: { type: ColorType.Solid, color: next.background }, textColor: next.text },
        grid: { vertLines: { color: next.grid }, horzLines: { color: next.grid } },
      });
    });
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme', 'data-up'],
    });
    return () => {
      observer.disconnect();
      chart.remove();
      chartRef.current = null;
      shownRef.current.clear();
      resetRef.current = undefined;
    };
  }, [language, zoneName, priceAxisWidth]);

  // What each series shows, so the next data can be drawn as an update (keeping the user's zoom and scroll)
  // rather than a reload. Cleared with the chart.
  const shownRef = useRef(new Map<string, Shown>());
  const resetRef = useRef<string | undefined>(undefined);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const colors = palette();
    const shown = shownRef.current;
    const priceFormat = {
      type: 'custom' as const,
      formatter: (value: number) => formatRef.current(value),
      minMove: 0.0001,
    };
    // Another view (interval, range, market): draw it afresh and fit it. The same view: update in place.
    const reset = resetRef.current !== resetKey;
    resetRef.current = resetKey;
    let fit = false;
    const wanted = new Set(series.map((s) => `${s.kind}:${s.id}`));
    if (axisTimes) wanted.add(AXIS_KEY);
    for (const [key, entry] of shown) {
      if (reset || !wanted.has(key)) {
        chart.removeSeries(entry.api);
        shown.delete(key);
      }
    }
    for (const s of series) {
      const key = `${s.kind}:${s.id}`;
      const points = chartPoints(s, timeZone, colors);
      const entry = shown.get(key);
      if (!entry) {
        const api = addSeries(chart, s, colors, priceFormat);
        api.setData(points as never);
        shown.set(key, { api, points });
        fit ||= points.length > 0;
        continue;
      }
      const change = seriesChange(entry.points, points, samePoint);
      if (change.kind === 'replace') {
        entry.api.setData(points as never);
        // Older history arriving under a few live bars (the REST candles after the socket's first ones) is a
        // new view: fit it, or the chart stays zoomed to the two bars it first had.
        const before = entry.points[0];
        const first = points[0];
        fit ||= before === undefined || (first !== undefined && first.time < before.time);
      } else if (change.kind === 'append') {
        for (const point of change.points) entry.api.update(point as never);
      }
      entry.points = points;
    }
    if (axisTimes) {
      const points = toChartPoints(axisTimes.map((t) => ({ time: chartTime(t, timeZone) })));
      const entry = shown.get(AXIS_KEY);
      if (!entry) {
        const api = chart.addSeries(LineSeries, {
          visible: false,
          lastValueVisible: false,
          priceLineVisible: false,
        });
        api.setData(points as never);
        shown.set(AXIS_KEY, { api, points });
        fit ||= points.length > 0;
      } else {
        const change = seriesChange(entry.points, points, samePoint);
        if (change.kind === 'replace') entry.api.setData(points as never);
        else if (change.kind === 'append')
          for (const point of change.points) entry.api.update(point as never);
        entry.points = points;
      }
    }
    if (fit) chart.timeScale().fitContent();
  }, [series, timeZone, resetKey, axisTimes]);

  return (
    // How many candles or points the chart draws (its longest series): what a browser test can count.
    <figure
      className="time-chart"
      data-testid={testId}
      data-points={series.reduce((most, s) => Math.max(most, s.data.length), 0)}
    >
      <div ref={container} className="time-chart__canvas" style={{ height }} role="img" aria-label={label} />
      <figcaption className="time-chart__caption">
        <span className="time-chart__zone">{zoneName}</span>
        <a className="time-chart__credit" href={TRADINGVIEW_URL} target="_blank" rel="noopener noreferrer">
          {t('charts.credit')}
        </a>
      </figcaption>
    </figure>
  );
}
