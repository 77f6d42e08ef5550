import { describe, expect, it } from 'vitest';
import { type IndexedText, TextIndex } from './text-index.ts';

const row = (key: string, text: string, at: number, tags: string[] = [], tie = 0): IndexedText<string> => ({
  key,
  text,
  tags,
  at,
  tie,
  value: key,
});

describe('TextIndex: substring search as ILIKE would answer it, newest first', () => {
  const index = new TextIndex<string>();
  index.replaceAll([
    row('a', '$BTC 비트코인 급등 pump', 100, ['BTC']),
    row('b', 'Upbit lists PUMP token', 300, ['PUMP']),
    row('c', '리플 XRP 상장 공지', 200, ['XRP']),
    row('d', 'nothing to see', 400),
    row('e', 'Pumping? no', 300, [], 5),
  ]);

  it('finds a word in any case, newest first, ties by the second key', () => {
    expect(index.find('PUMP', 10)).toEqual(['e', 'b', 'a']);
    expect(index.find('pump', 2)).toEqual(['e', 'b']);
  });

  it('finds Hangul inside words, short texts by scanning, and tickers by tag', () => {
    expect(index.find('코인', 10)).toEqual(['a']);
    expect(index.find('상', 10)).toEqual(['c']);
    expect(index.find(' xrp ', 10)).toEqual(['c']);
    expect(index.find('btc', 10)).toEqual(['a']);
    expect(index.find('zzzqqq', 10)).toEqual([]);
    expect(index.find('', 10)).toEqual([]);
  });

  it('replaces a row upserted again, adds new ones and drops those no longer kept', () => {
    const copy = new TextIndex<string>();
    copy.replaceAll([row('a', 'first text', 1), row('b', 'second text', 2)]);
    const before = copy.version;
    expect(copy.upsert([row('a', 'first text', 1)])).toBe(false);
    expect(copy.version).toBe(before);
    expect(copy.upsert([row('a', 'edited words', 3), row('c', 'third text', 4)])).toBe(true);
    expect(copy.find('first', 10)).toEqual([]);
    expect(copy.find('edited', 10)).toEqual(['a']);
    expect(copy.find('text', 10)).toEqual(['c', 'b']);
    expect(copy.retain((r) => r.at > 2)).toBe(true);
    expect(copy.find('text', 10)).toEqual(['c']);
    expect(copy.size).toBe(2);
  });

  it('answers the same after many replacements compact it', () => {
    const busy = new TextIndex<string>();
    busy.replaceAll([]);
    for (let round = 0; round < 5; round++)
      busy.upsert(Array.from({ length: 500 }, (_, i) => row(`k${i}`, `post ${i} round ${round}`, i)));
    expect(busy.size).toBe(500);
    expect(busy.find('round 4', 3)).toEqual(['k499', 'k498', 'k497']);
    expect(busy.find('round 3', 3)).toEqual([]);
  });
});
