import { describe, expect, it } from 'vitest';
import { builtInCalendar, easternTime } from './economic-calendar.ts';

describe('built-in economic calendar', () => {
  it('turns US Eastern release times into instants across daylight saving', () => {
    // FOMC 2025-12-10 14:00 EST = 19:00 UTC = 04:00 KST next day; 2025-07-30 14:00 EDT = 18:00 UTC.
    expect(easternTime(2025, 12, 10, 14, 0)).toBe(Date.UTC(2025, 11, 10, 19, 0));
    expect(easternTime(2025, 7, 30, 14, 0)).toBe(Date.UTC(2025, 6, 30, 18, 0));
    // The switch days: 2025-03-09 and 2025-11-02.
    expect(easternTime(2025, 3, 8, 8, 30)).toBe(Date.UTC(2025, 2, 8, 13, 30));
    expect(easternTime(2025, 3, 10, 8, 30)).toBe(Date.UTC(2025, 2, 10, 12, 30));
    expect(easternTime(2025, 11, 3, 8, 30)).toBe(Date.UTC(2025, 10, 3, 13, 30));
  });

  it('holds eight FOMC decisions a year 2025–2027, high importance, 2027 tentative, sorted', () => {
    const events = builtInCalendar();
    for (const year of [2025, 2026, 2027]) {
      const fomc = events.filter((e) => e.kind === 'fomc' && new Date(e.at).getUTCFullYear() === year);
      expect(fomc).toHaveLength(8);
      expect(fomc.every((e) => e.importance === 'high')).toBe(true);
      expect(fomc.every((e) => e.status === (year === 2027 ? 'tentative' : 'confirmed'))).toBe(true);
    }
    expect(events.map((e) => e.at)).toEqual([...events.map((e) => e.at)].sort((a, b) => a - b));
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(events.find((e) => e.id === 'cpi-2025-10-24')?.at).toBe(Date.UTC(2025, 9, 24, 12, 30));
  });
});
