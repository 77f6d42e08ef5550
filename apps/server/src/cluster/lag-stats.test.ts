import { describe, expect, it } from 'vitest';
import { prometheusText } from './cluster-health.ts';
import { LagStats } from './lag-stats.ts';

describe('replica lag', () => {
  it('reports percentiles of the recent entries only, so an old spike ages out', () => {
    const lag = new LagStats(100);
    expect(lag.quantile(0.99)).toBeNull();
    lag.record(5_000, 1);
    for (let i = 1; i <= 100; i++) lag.record(i, i + 1);
    // The 5 s spike was the oldest of 101 samples in a window of 100.
    expect(lag.quantile(1)).toBe(100);
    expect(lag.quantile(0.5)).toBe(50);
    expect(lag.quantile(0.99)).toBe(99);
    expect(lag.latest()).toBe(100);
    expect(lag.applied).toBe(101);
    expect(lag.lastAppliedAt).toBe(101);
  });

  it('is exposed in the Prometheus text format', () => {
    const text = prometheusText([
      {
        name: 'spreadscope_replica_lag_seconds',
        help: 'Lag.',
        type: 'gauge',
        samples: [
          { labels: { quantile: '0.99' }, value: 0.012 },
          { labels: { quantile: '1' }, value: Number.NaN },
        ],
      },
    ]);
    expect(text).toBe(
      '# HELP spreadscope_replica_lag_seconds Lag.\n# TYPE spreadscope_replica_lag_seconds gauge\n' +
        'spreadscope_replica_lag_seconds{quantile="0.99"} 0.012\nspreadscope_replica_lag_seconds{quantile="1"} NaN\n',
    );
  });
});
