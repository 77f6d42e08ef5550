import { describe, expect, it } from 'vitest';
import { NoticeDeduper } from '../notice-candidate.ts';
import { recordedJson } from '../notice-fixture.ts';
import { parseKorbitNotices } from './korbit-notices.ts';

describe('Korbit notice board (Contentful through the portal)', () => {
  it('reads the entries with their board label, time and detail link, newest first', () => {
    const notices = parseKorbitNotices(recordedJson('./korbit/fixtures/korbit-notices.json'));
    expect(notices).toHaveLength(6);
    expect(notices[0]).toMatchObject({
      title: '[신규 거래지원] 월드리버티파이낸셜(WLFI) 원화 마켓 거래지원 안내',
      url: 'https://www.korbit.co.kr/notice/detail/?noticeId=6hVnR2pT8wEzK1aY5cBd3G',
      labels: ['신규'],
      publishedAt: Date.UTC(2025, 10, 21, 6, 30),
    });
    // The pinned maintenance notice is the oldest: pinning does not make it new.
    expect(notices.at(-1)?.labels).toEqual(['점검']);
  });

  it('classifies Korean titles into listing, delisting, notice and user_events with tokens and networks', () => {
    const notices = parseKorbitNotices(recordedJson('./korbit/fixtures/korbit-notices.json'));
    const events = new NoticeDeduper('korbit').fresh(notices, 1).reverse();
    expect(events.map((e) => [e.category, e.tokens ?? []])).toEqual([
      ['listing', ['WLFI']],
      ['delisting', ['WAVES']],
      ['notice', ['WAVES']],
      ['notice', ['SOL']],
      ['user_events', ['WLFI']],
      ['notice', []],
    ]);
    // 2025.12.05 15:00 KST: the trading end the delisting names.
    expect(events[1]?.effectiveAt).toBe(Date.UTC(2025, 11, 5, 6, 0));
    expect(events.every((e) => e.venue === 'korbit')).toBe(true);
  });

  it('reads an answer whose fields changed (no createdAt field, renamed label, an entry without fields)', () => {
    const notices = parseKorbitNotices(recordedJson('./korbit/fixtures/korbit-notices-changed.json'));
    expect(notices.map((n) => [n.labels, n.publishedAt])).toEqual([
      [[], Date.UTC(2025, 10, 21, 6, 30)],
      [[], Date.UTC(2025, 10, 21, 5, 0)],
    ]);
    // Without the label the title still says what it is.
    const events = new NoticeDeduper('korbit').fresh(notices, 1);
    expect(events.map((e) => e.category)).toEqual(['delisting', 'listing']);
  });

  it('refuses a Contentful error and an answer with no list', () => {
    expect(() => parseKorbitNotices(recordedJson('./korbit/fixtures/korbit-notices-error.json'))).toThrow(
      /refused: The access token/,
    );
    expect(() => parseKorbitNotices({ message: 'Forbidden' })).toThrow(/no items list/);
  });
});
