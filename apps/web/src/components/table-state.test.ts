import type { DataSource } from '@spreadscope/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { LiveFeed } from '../hooks/use-live-table.ts';
import { createI18n, createLoadedI18n } from '../i18n/i18n.ts';
import { ApiError } from '../lib/api-client.ts';
import { feedErrorText, TableState } from './table-state.tsx';

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

describe('TableState over an empty table', () => {
  const START = 1_796_304_639_229;
  const source = (mode: DataSource['mode'], requested: string): DataSource => ({
    mode,
    requested,
    since: START,
    reason: null,
  });
  const feed = (data: unknown): LiveFeed<unknown> => ({
    data,
    isPlaceholder: false,
    error: null,
    isLoading: false,
    viewKey: 'premium',
    retry: () => undefined,
  });
  async function render(language: 'ko' | 'en', data: unknown, venuesUp?: number): Promise<string> {
    const i18n = await createLoadedI18n(language);
    return renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n },
        createElement(TableState, { feed: feed(data), empty: true, venuesUp }),
      ),
    );
  }

  it('says the exchanges are connecting in the first seconds of a fresh start, not that nothing matched', async () => {
    // What `auto` answers before any venue has spoken (measured on a fresh data directory without network).
    const fresh = { data: [], total: 0, updatedAt: START + 4_000, dataSource: source('live', 'auto') };
    const ko = await render('ko', fresh);
    expect(ko).toContain('data-testid="table-connecting"');
    expect(ko).toContain('거래소에 연결하는 중');
    expect(ko).toContain('시뮬레이션 시세');
    expect(ko).not.toContain('검색 결과가 없습니다');
    const en = await render('en', { ...fresh, dataSource: source('live', 'live') });
    expect(en).toContain('Connecting to exchanges');
    // Only `auto` falls back to the simulator: a live-only server does not promise it.
    expect(en).not.toContain('simulated');
    // The venue poll says none answers yet: still connecting.
    expect(await render('en', fresh, 0)).toContain('Connecting to exchanges');
  });

  it('says nothing matched as soon as one exchange answers, however fresh the start', async () => {
    const fresh = { data: [], total: 0, updatedAt: START + 4_000, dataSource: source('live', 'auto') };
    const ko = await render('ko', fresh, 1);
    expect(ko).toContain('data-testid="premium-empty"');
    expect(ko).not.toContain('연결하는 중');
  });

  it('says nothing matched once the source has run a while, and always for the simulator', async () => {
    const later = { data: [], total: 0, updatedAt: START + 120_000, dataSource: source('live', 'auto') };
    expect(await render('ko', later)).toContain('검색 결과가 없습니다');
    const simulated = {
      data: [],
      total: 0,
      updatedAt: START + 1_000,
      dataSource: source('simulated', 'auto'),
    };
    const en = await render('en', simulated);
    expect(en).toContain('No results found');
    expect(en).not.toContain('Connecting');
  });
});
