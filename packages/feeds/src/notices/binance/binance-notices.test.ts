import { describe, expect, it } from 'vitest';
import { NoticeDeduper } from '../notice-candidate.ts';
import { recordedJson } from '../notice-fixture.ts';
import { parseBinanceNotices } from './binance-notices.ts';

describe('Binance announcements', () => {
  it('reads every catalog newest first, links the article page, and skips articles without a code or title', () => {
    const notices = parseBinanceNotices(recordedJson('./binance/fixtures/binance-notices.json'));
    expect(notices).toHaveLength(7);
    expect(notices[0]).toMatchObject({
      title: 'Binance Will List Zama (ZAMA) with Seed Tag Applied',
      url: 'https://www.binance.com/en/support/announcement/detail/5d1a4b3f7c2e4f0d9a8b6c5e4d3f2a1b',
      publishedAt: 1763712000000,
      labels: ['New Cryptocurrency Listing'],
    });
    expect(notices.map((n) => n.publishedAt)).toEqual(
      [...notices.map((n) => n.publishedAt)].sort((a, b) => (b ?? 0) - (a ?? 0)),
    );
  });

  it('classifies, extracts tokens and the delisting date', () => {
    const events = new NoticeDeduper('binance').fresh(
      parseBinanceNotices(recordedJson('./binance/fixtures/binance-notices.json')),
      1763712100000,
    );
    const byTitle = (start: string) => events.find((e) => e.title.startsWith(start));
    expect(byTitle('Binance Will List Zama')).toMatchObject({ category: 'listing', tokens: ['ZAMA'] });
    expect(byTitle('Binance Futures Will Launch')).toMatchObject({ category: 'listing', tokens: ['ZAMA'] });
    expect(byTitle('Binance Will Delist FLM')).toMatchObject({
      category: 'delisting',
      effectiveAt: Date.UTC(2025, 11, 3),
    });
    expect(byTitle('Notice of Removal of Spot Trading Pairs')?.category).toBe('delisting');
    expect(byTitle('Binance Will Support the Arbitrum One')).toMatchObject({
      category: 'notice',
      networks: ['ARB'],
    });
    expect(byTitle('Trade ZAMA on Binance Spot and Share')?.category).toBe('user_events');
  });

  it('refuses an error envelope (rate limit) and a changed shape as a failed poll', () => {
    expect(() => parseBinanceNotices(recordedJson('./binance/fixtures/binance-notices-error.json'))).toThrow(
      /Request too frequent/,
    );
    expect(() => parseBinanceNotices({ code: '000000', data: { articles: [] } })).toThrow(/no data.catalogs/);
    expect(() => parseBinanceNotices('<html>')).toThrow(/unexpected response/);
  });
});
