import { describe, expect, it } from 'vitest';
import { NoticeDeduper } from '../notice-candidate.ts';
import { recorded } from '../notice-fixture.ts';
import { parseGateioNotices } from './gateio-notices.ts';

describe('Gate announcement page (server-rendered HTML)', () => {
  it('reads each article link once, with its title and UTC time', () => {
    const notices = parseGateioNotices(recorded('./gateio/fixtures/gateio-announcements.html'));
    expect(notices.map((n) => [n.url, n.publishedAt])).toEqual([
      ['https://www.gate.com/announcements/article/48231', Date.UTC(2025, 10, 21, 8, 30)],
      ['https://www.gate.com/announcements/article/48219', Date.UTC(2025, 10, 21, 3, 0)],
      ['https://www.gate.com/announcements/article/48211', Date.UTC(2025, 10, 20, 12, 10)],
      ['https://www.gate.com/announcements/article/48205', Date.UTC(2025, 10, 20, 9, 0)],
    ]);
    const events = new NoticeDeduper('gateio').fresh(notices, 1).reverse();
    expect(events.map((e) => e.category)).toEqual(['listing', 'delisting', 'notice', 'user_events']);
    expect(events[2]?.networks).toEqual(['ARB']);
  });

  it('refuses JSON or an error page in place of the list', () => {
    expect(() => parseGateioNotices({ code: 429 })).toThrow(/not an HTML page/);
    expect(() => parseGateioNotices('<html><body>Access denied</body></html>')).toThrow(
      /no announcement list/,
    );
  });
});
