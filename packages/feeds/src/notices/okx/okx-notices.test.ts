import { describe, expect, it } from 'vitest';
import { NoticeDeduper } from '../notice-candidate.ts';
import { recordedJson } from '../notice-fixture.ts';
import { parseOkxNotices } from './okx-notices.ts';

describe('OKX announcements (/api/v5/support/announcements)', () => {
  it('reads the details of each page, by publication time', () => {
    const notices = parseOkxNotices(recordedJson('./okx/fixtures/okx-notices.json'));
    expect(notices.map((n) => n.publishedAt)).toEqual([
      1763712900000, 1763697600000, 1763686800000, 1763683200000,
    ]);
    const events = new NoticeDeduper('okx').fresh(notices, 1).reverse();
    expect(events.map((e) => e.category)).toEqual(['listing', 'delisting', 'notice', 'user_events']);
    expect(events[0]?.tokens).toEqual(['ZAMA']);
    expect(events[2]?.networks).toEqual(['POL']);
    expect(events[1]?.effectiveAt).toBe(Date.UTC(2025, 10, 28));
  });

  it('refuses an error code and a missing list', () => {
    expect(() =>
      parseOkxNotices({
        code: '50011',
        msg: 'Rate limit reached. Please refer to API documentation.',
        data: [],
      }),
    ).toThrow(/Rate limit reached/);
    expect(() => parseOkxNotices({ code: '0', msg: '' })).toThrow(/no data list/);
  });
});
