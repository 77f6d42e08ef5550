import { SEARCH_FUZZY_THRESHOLD, TOKEN_NAMES } from '@spreadscope/core';
import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
import { PrefilteredFuse } from './prefiltered-fuse.ts';

/** The token index's documents: every named token, and synthetic tickers as the 7,000-token simulator has. */
const named = TOKEN_NAMES.map((t) => ({ base: t.base, ko: t.ko, en: t.en, aliases: [...t.aliases] }));
const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const synthetic = Array.from({ length: 2_500 }, (_, i) => ({
  base: `${letters[i % 26]}${letters[(i * 7) % 26]}${letters[(i * 13) % 26]}${i % 10}`,
  ko: '',
  en: '',
  aliases: [] as string[],
}));
const docs = [...named, ...synthetic];
const options = {
  keys: ['base', 'ko', 'en', 'aliases'],
  threshold: SEARCH_FUZZY_THRESHOLD,
  includeScore: true,
  ignoreLocation: true,
};

const typo = (text: string, i: number) =>
  text.length < 4 ? text : `${text.slice(0, i % text.length)}${text.slice((i % text.length) + 1)}x`;

describe('PrefilteredFuse answers exactly what fuse.js answers', () => {
  const full = new Fuse(docs, options);
  const fast = new PrefilteredFuse(docs, options);
  const queries = new Set<string>([
    'BTC',
    '비트코인',
    'bitcoin',
    'etherum',
    'sol',
    'XRP',
    '리플',
    'doge',
    'a',
    'zz',
  ]);
  named.forEach((t, i) => {
    if (i % 3 === 0) queries.add(t.base);
    if (i % 3 === 1 && t.ko) queries.add(t.ko);
    if (i % 3 === 2 && t.en) queries.add(t.en.toUpperCase());
    if (i % 5 === 0 && t.en) queries.add(typo(t.en, i));
    if (i % 7 === 0 && t.ko) queries.add(typo(t.ko, i));
    if (i % 11 === 0 && t.en) queries.add(t.en.slice(0, 1 + (i % 6)));
  });
  queries.add('a very long search text that is longer than thirty-two characters');

  it(`over ${docs.length} tokens and ${queries.size} texts: same tokens, same scores, same order`, () => {
    for (const q of queries) {
      const want = full.search(q, { limit: 40 }).map((h) => [h.item.base, h.score]);
      const got = fast.search(q, 40).map((h) => [h.item.base, h.score]);
      expect(got, q).toEqual(want);
    }
  });
});
