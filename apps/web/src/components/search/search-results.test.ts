import type { SearchResponse } from '@spreadscope/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { createLoadedI18n } from '../../i18n/i18n.ts';
import { ko } from '../../i18n/ko.ts';
import { placeHits } from './search-hits.ts';
import { SearchResults } from './search-results.tsx';

const hit = (id: string, title: string, path: string) => ({
  id,
  title,
  subtitle: null,
  path,
  url: null,
  score: 0,
});

const instances = { ko: await createLoadedI18n('ko'), en: await createLoadedI18n('en') };

function render(language: 'ko' | 'en', answer: SearchResponse): string {
  const placed = placeHits(answer.groups);
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n: instances[language] },
      createElement(SearchResults, {
        listId: 'list',
        q: answer.q,
        answer,
        placed,
        active: -1,
        loading: false,
        error: null,
        onPick: () => undefined,
      }),
    ),
  );
}

describe('the palette’s Naver search group', () => {
  it('shows Naver hits as a group of their own, in Korean and English', () => {
    const answer: SearchResponse = {
      q: 'btc',
      type: 'all',
      total: 2,
      groups: [
        { type: 'premium', available: true, hits: [hit('token:BTC', 'BTC', '/premium/upbit-btc')] },
        {
          type: 'naver-search',
          available: true,
          hits: [hit('naver-search:BTC', 'BTC', '/trend/naver-search?symbol=BTC')],
        },
      ],
    };
    for (const [language, catalogue] of [
      ['ko', ko],
      ['en', en],
    ] as const) {
      const html = render(language, answer);
      expect(html).toContain('data-testid="search-group-naver-search"');
      expect(html).toContain(catalogue.search.types['naver-search']);
    }
  });

  it('says the source is off and why when the Naver keys are missing, not "No results found."', () => {
    const answer: SearchResponse = {
      q: 'btc',
      type: 'naver-search',
      total: 0,
      groups: [
        {
          type: 'naver-search',
          available: false,
          off: { reason: 'needs_key', message: 'NAVER_CLIENT_ID and NAVER_CLIENT_SECRET are not set' },
          hits: [],
        },
      ],
    };
    for (const [language, catalogue] of [
      ['ko', ko],
      ['en', en],
    ] as const) {
      const html = render(language, answer);
      const note = catalogue.searchPalette.off
        .replace('{{type}}', catalogue.search.types['naver-search'])
        .replace('{{reason}}', catalogue.trend.reasons.needs_key);
      expect(html).toContain('data-testid="search-off-naver-search"');
      expect(html).toContain(note);
      expect(html).not.toContain('data-testid="search-unavailable"');
      expect(html).not.toContain('data-testid="search-empty"');
    }
  });
});
