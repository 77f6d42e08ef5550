import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCalendarFeed } from './calendar-feed.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('operator calendar feed', () => {
  it('reads an ICS export: local times with their zone, priority as importance, the country from LOCATION', () => {
    expect(parseCalendarFeed(fixture('calendar.ics'))).toEqual([
      {
        id: 'feed-pce-2026-01@example',
        title: 'PCE Price Index (Dec)',
        at: Date.UTC(2026, 0, 30, 13, 30),
        importance: 'high',
        country: 'US',
      },
      {
        id: 'feed-gdp-kr-2026-01@example',
        title: 'Korea GDP (Q4 advance)',
        at: Date.UTC(2026, 0, 22, 23, 0),
        importance: 'medium',
        country: 'KR',
      },
    ]);
  });

  it('reads a JSON list, skipping events without a title or a time', () => {
    expect(parseCalendarFeed(fixture('calendar.json'))).toEqual([
      {
        id: 'feed-71',
        title: 'ECB rate decision',
        at: Date.UTC(2026, 0, 29, 13, 15),
        importance: 'high',
        country: 'EU',
      },
      {
        id: 'feed-1768570200000-US retail sales (Dec)',
        title: 'US retail sales (Dec)',
        at: 1768570200000,
        importance: 'medium',
        country: 'US',
      },
    ]);
  });

  it('refuses what is neither', () => {
    expect(() => parseCalendarFeed('<html>502 Bad Gateway</html>')).toThrow(/neither ICS/);
    expect(() => parseCalendarFeed('{"error":"quota"}')).toThrow(/without a list/);
  });
});
