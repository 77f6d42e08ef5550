import { describe, expect, it } from 'vitest';
import { NoticeDeduper } from '../notice-candidate.ts';
import { recordedJson } from '../notice-fixture.ts';
import { parseCoinoneNotices } from './coinone-notices.ts';

describe('Coinone notice board', () => {
  it('reads the board with its card category, KST times and the detail link', () => {
    const notices = parseCoinoneNotices(recordedJson('./coinone/fixtures/coinone-notices.json'));
    expect(notices[0]).toMatchObject({
      title: '[신규 상장] 자마(ZAMA) 원화 마켓 상장 안내',
      url: 'https://coinone.co.kr/talk/notice/detail/4412',
      labels: ['신규상장'],
      publishedAt: Date.UTC(2025, 10, 21, 7, 30),
    });
    const events = new NoticeDeduper('coinone').fresh(notices, 1).reverse();
    expect(events.map((e) => [e.category, e.tokens ?? []])).toEqual([
      ['listing', ['ZAMA']],
      ['delisting', ['STRAX']],
      ['notice', ['TRX']],
      ['user_events', ['ZAMA']],
    ]);
    expect(events[1]?.effectiveAt).toBe(Date.UTC(2025, 11, 22, 6, 0));
    expect(events[2]?.networks).toEqual(['TRX']);
  });

  it('reads the renamed answer (result, notice_type, time without an offset) the same way', () => {
    const notices = parseCoinoneNotices(recordedJson('./coinone/fixtures/coinone-notices-renamed.json'));
    expect(notices.map((n) => [n.url, n.labels, n.publishedAt])).toEqual([
      ['https://coinone.co.kr/talk/notice/detail/4413', ['거래유의'], Date.UTC(2025, 10, 21, 9, 0)],
      ['https://coinone.co.kr/talk/notice/detail/4412', ['신규상장'], Date.UTC(2025, 10, 21, 7, 30)],
    ]);
  });

  it('refuses an answer with no list', () => {
    expect(() => parseCoinoneNotices({ detail: 'Not found.' })).toThrow(/no results list/);
  });
});
