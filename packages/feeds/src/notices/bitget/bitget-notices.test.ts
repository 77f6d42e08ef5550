import { describe, expect, it } from 'vitest';
import { NoticeDeduper } from '../notice-candidate.ts';
import { recordedJson } from '../notice-fixture.ts';
import { parseBitgetNotices } from './bitget-notices.ts';

describe('Bitget announcements (/api/v2/public/annoucements)', () => {
  it('reads title, link, description and time; classifies by title and announcement type', () => {
    const notices = parseBitgetNotices(recordedJson('./bitget/fixtures/bitget-notices.json'));
    expect(notices[0]).toMatchObject({
      title: 'Bitget Will List Zama (ZAMA) in the Innovation and AI Zone',
      url: 'https://www.bitget.com/support/articles/12560603826104',
      publishedAt: 1763712600000,
    });
    const events = new NoticeDeduper('bitget').fresh(notices, 1).reverse();
    expect(events.map((e) => [e.category, e.tokens ?? []])).toEqual([
      ['listing', ['ZAMA']],
      ['delisting', ['LOOKS', 'MAV', 'SLF']],
      ['notice', []],
      ['user_events', []],
    ]);
  });

  it('refuses an error code', () => {
    expect(() => parseBitgetNotices({ code: '429', msg: 'Too Many Requests', data: null })).toThrow(
      /Too Many Requests/,
    );
  });
});
