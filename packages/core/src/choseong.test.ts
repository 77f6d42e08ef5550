import { describe, expect, it } from 'vitest';
import { choseongOf, isChoseongQuery, matchesChoseong } from './choseong.ts';

describe('initial-consonant search', () => {
  it('reduces syllables to their initials, double consonants included', () => {
    expect(choseongOf('비트코인')).toBe('ㅂㅌㅋㅇ');
    expect(choseongOf('쎄타토큰')).toBe('ㅆㅌㅌㅋ');
    expect(choseongOf('이더리움 클래식')).toBe('ㅇㄷㄹㅇㅋㄹㅅ');
    expect(choseongOf('BTC')).toBe('');
  });

  it('tells a consonant-only query from a name', () => {
    expect(isChoseongQuery('ㅂㅌㅋㅇ')).toBe(true);
    expect(isChoseongQuery('ㅂㅌ ㅋㅇ')).toBe(true);
    expect(isChoseongQuery('비트')).toBe(false);
    expect(isChoseongQuery('btc')).toBe(false);
    expect(isChoseongQuery('  ')).toBe(false);
  });

  it('matches the consonants in order anywhere in the name', () => {
    expect(matchesChoseong('비트코인', 'ㅂㅌㅋㅇ')).toBe(true);
    expect(matchesChoseong('비트코인캐시', 'ㅂㅌㅋㅇ')).toBe(true);
    expect(matchesChoseong('이더리움', 'ㅂㅌㅋㅇ')).toBe(false);
    expect(matchesChoseong('이더리움클래식', 'ㄹㅇ')).toBe(true);
  });
});
