import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import type { Metric } from './cluster-health.ts';

/** Sampling period of the delay monitor: finer would cost timers, coarser would miss short stalls. */
const RESOLUTION_MS = 10;

let histogram: IntervalHistogram | undefined;

/**
 * How late this thread's event loop ran its timers since the previous scrape (the first scrape: since the
 * first call), as the gauges prom-client's default metrics name them, so existing Node dashboards read them.
 * Every request, WebSocket push and market tick waits behind a stalled loop: these say by how much.
 */
export function loopDelayMetrics(): Metric[] {
  if (histogram === undefined) {
    histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    histogram.enable();
  }
  // The monitor counts its own sampling period in every reading; what is left over is the stall.
  const seconds = (ns: number) => Math.max(0, ns / 1e9 - RESOLUTION_MS / 1_000);
  const empty = histogram.count === 0;
  const gauge = (name: string, help: string, value: number): Metric => ({
    name,
    help,
    type: 'gauge',
    samples: [{ value: empty ? 0 : value }],
  });
  const metrics = [
    gauge(
      'nodejs_eventloop_lag_p50_seconds',
      'Median event-loop delay since the previous scrape.',
      seconds(histogram.percentile(50)),
    ),
    gauge(
      'nodejs_eventloop_lag_p99_seconds',
      '99th-percentile event-loop delay since the previous scrape.',
      seconds(histogram.percentile(99)),
    ),
    gauge(
      'nodejs_eventloop_lag_max_seconds',
      'Longest event-loop delay since the previous scrape.',
      seconds(histogram.max),
    ),
  ];
  histogram.reset();
  return metrics;
}
