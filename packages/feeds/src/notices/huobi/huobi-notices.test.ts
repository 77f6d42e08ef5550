import { describe, expect, it } from 'vitest';
import { NoticeDeduper } from '../notice-candidate.ts';
import { recordedJson } from '../notice-fixture.ts';
import { parseHuobiNotices } from './huobi-notices.ts';

describe('HTX support-centre list', () => {
  it('orders pinned notices by their own time and skips malformed ids', () => {
    const notices = parseHuobiNotices(recordedJson('./huobi/fixtures/huobi-notices.json'));
    expect(notices.map((n) => n.url)).toEqual([
      'https://www.htx.com/support/44999012398765',
      'https://www.htx.com/support/44999012398700',
      'https://www.htx.com/support/44999012398650',
      'https://www.htx.com/support/44999012345678',
    ]);
    const events = new NoticeDeduper('huobi').fresh(notices, 1).reverse();
    expect(events.map((e) => e.category)).toEqual(['listing', 'delisting', 'notice', 'notice']);
    expect(events[2]).toMatchObject({ tokens: ['TRX'], networks: ['TRX'] });
    expect(events[1]?.effectiveAt).toBe(Date.UTC(2025, 11, 2));
  });

  it('refuses a Cloudflare or error answer', () => {
    expect(() => parseHuobiNotices({ code: 500, success: false, message: 'system error' })).toThrow(
      /system error/,
    );
  });
});
