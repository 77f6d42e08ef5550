import { describe, expect, it } from 'vitest';
import { createI18n, createLoadedI18n } from '../i18n/i18n.ts';
import { ApiError } from '../lib/api-client.ts';
import { feedErrorText } from './table-state.tsx';

describe('feedErrorText', () => {
  it('shows the live feed’s limits in the page’s language, whatever language the socket answered in', async () => {
    // The socket's message came in English (the browser's Accept-Language); the page is Korean.
    const error = new ApiError('too_many_groups', 'Too many different live tables open at once…', null);
    expect(feedErrorText(error, createI18n('ko').t)).toBe(
      '동시에 연 실시간 표가 너무 많습니다. 몇 개를 닫고 다시 시도하세요.',
    );
    expect(feedErrorText(new ApiError('server_busy', '', null), (await createLoadedI18n('en')).t)).toMatch(
      /try again/,
    );
  });

  it('keeps a REST 429’s own message (its wait time) rather than the socket’s wording', async () => {
    const rest = new ApiError('rate_limited', 'Too many requests. Try again in 5 s.', 429);
    expect(feedErrorText(rest, (await createLoadedI18n('en')).t)).toBe(
      'Too many requests. Try again in 5 s.',
    );
  });
});
