import { describe, expect, it } from 'vitest';
import { NoticeDeduper } from '../notice-candidate.ts';
import { recordedJson } from '../notice-fixture.ts';
import { parseMexcNotices } from './mexc-notices.ts';

describe('MEXC announcement centre', () => {
  it('puts the pinned fee notice back in its place in time and classifies the rest', () => {
    const notices = parseMexcNotices(recordedJson('./mexc/fixtures/mexc-notices.json'));
    expect(notices.at(-1)?.title).toBe('MEXC Fee Schedule Update');
    expect(notices[0]).toMatchObject({
      url: 'https://www.mexc.com/support/articles/32987',
      publishedAt: Date.UTC(2025, 10, 21, 8, 20),
    });
    const events = new NoticeDeduper('mexc').fresh(notices, 1).reverse();
    expect(events.map((e) => e.category)).toEqual([
      'listing',
      'delisting',
      'user_events',
      'notice',
      'notice',
    ]);
    expect(events[3]?.networks).toEqual(['BSC']);
  });

  it('refuses an answer without results', () => {
    expect(() => parseMexcNotices({ code: 0, msg: 'success', data: {} })).toThrow(/no data.results/);
  });
});
