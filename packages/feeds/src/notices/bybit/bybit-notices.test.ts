import { describe, expect, it } from 'vitest';
import { NoticeDeduper } from '../notice-candidate.ts';
import { recordedJson } from '../notice-fixture.ts';
import { parseBybitNotices } from './bybit-notices.ts';

describe('Bybit announcements (V5 /v5/announcements/index)', () => {
  const notices = parseBybitNotices(recordedJson('./bybit/fixtures/bybit-notices.json'));

  it('reads the list with the announcement type as a label, skipping links off bybit.com', () => {
    expect(notices).toHaveLength(4);
    expect(notices[0]).toMatchObject({
      title: 'New Listing: ZAMAUSDT Perpetual Contract, with up to 25x leverage',
      publishedAt: 1763713200000,
      labels: ['new_crypto', 'New Listings'],
    });
    expect(notices.every((n) => n.url.startsWith('https://announcements.bybit.com/'))).toBe(true);
  });

  it('falls back to publishTime where an older item has no dateTimestamp', () => {
    expect(notices.find((n) => n.title.startsWith('Temporary Suspension'))?.publishedAt).toBe(1763690400000);
  });

  it('classifies listing, delisting, events and maintenance, with tokens and networks', () => {
    const events = new NoticeDeduper('bybit').fresh(notices, 1);
    expect(events.map((e) => [e.category, e.tokens ?? [], e.networks ?? []])).toEqual([
      ['notice', [], ['TON']],
      ['delisting', ['ALPACA', 'OMNI'], []],
      ['user_events', [], []],
      ['listing', ['ZAMA'], []],
    ]);
  });

  it('refuses a rate-limit answer (retCode 10006) as a failed poll', () => {
    expect(() => parseBybitNotices(recordedJson('./bybit/fixtures/bybit-notices-rate-limited.json'))).toThrow(
      /Too many visits/,
    );
  });
});
