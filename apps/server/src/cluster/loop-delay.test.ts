import { describe, expect, it } from 'vitest';
import { prometheusText } from './cluster-health.ts';
import { loopDelayMetrics } from './loop-delay.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const value = (name: string) => {
  const metric = loopDelayMetrics().find((m) => m.name === name);
  return metric?.samples[0]?.value ?? Number.NaN;
};

describe('event-loop delay metrics', () => {
  it('show a stall of the loop in the scrape after it, and only there', async () => {
    loopDelayMetrics();
    await sleep(50);
    // A synchronous stretch of 600 ms: every timer due meanwhile runs that late.
    const until = Date.now() + 600;
    while (Date.now() < until) {
      // busy, as a long statement or a big synchronous computation would be
    }
    await sleep(30);
    const stalled = value('nodejs_eventloop_lag_max_seconds');
    expect(stalled).toBeGreaterThanOrEqual(0.5);
    // The next scrape covers only what came after the previous one.
    await sleep(100);
    expect(value('nodejs_eventloop_lag_max_seconds')).toBeLessThan(0.3);
  });

  it('are exposed in the Prometheus text every process serves', () => {
    const text = prometheusText(loopDelayMetrics());
    for (const name of ['p50', 'p99', 'max']) {
      expect(text).toMatch(new RegExp(`^# TYPE nodejs_eventloop_lag_${name}_seconds gauge$`, 'm'));
      expect(text).toMatch(new RegExp(`^nodejs_eventloop_lag_${name}_seconds \\d`, 'm'));
    }
  });
});
