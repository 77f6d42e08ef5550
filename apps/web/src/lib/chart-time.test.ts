import { describe, expect, it } from 'vitest';
import { chartTime, chartTimeLabel, toChartPoints, zoneOffsetMs } from './chart-time.ts';

describe('chart time in the display zone', () => {
  it('shifts UTC to Seoul wall-clock time (UTC+9, no daylight saving)', () => {
    const t = Date.UTC(2026, 0, 5, 3, 0, 0);
    expect(zoneOffsetMs(t, 'Asia/Seoul')).toBe(9 * 3_600_000);
    expect(chartTime(t, 'Asia/Seoul')).toBe(Date.UTC(2026, 0, 5, 12, 0, 0) / 1000);
    expect(chartTime(t, 'UTC')).toBe(t / 1000);
  });

  it('labels the crosshair with the zone name', () => {
    const label = chartTimeLabel(chartTime(Date.UTC(2026, 0, 5, 3, 7), 'Asia/Seoul'), 'en', 'KST');
    expect(label).toMatch(/12:07 KST$/);
  });

  it('sorts and keeps the last value of a repeated time', () => {
    expect(
      toChartPoints([
        { time: 3, value: 1 },
        { time: 1, value: 2 },
        { time: 3, value: 5 },
      ]),
    ).toEqual([
      { time: 1, value: 2 },
      { time: 3, value: 5 },
    ]);
  });
});
