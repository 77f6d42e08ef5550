import { describe, expect, it } from 'vitest';
import { basesByName, normalizeName, TOKEN_NAMES, tokenName, tokenSearchMatcher } from './token-names.ts';

describe('token names', () => {
  it('knows each ticker once, with a Korean and an English name', () => {
    const bases = TOKEN_NAMES.map((entry) => entry.base);
    expect(new Set(bases).size).toBe(bases.length);
    for (const entry of TOKEN_NAMES) {
      expect(entry.ko).not.toBe('');
      expect(entry.en).not.toBe('');
    }
    expect(tokenName('btc')).toMatchObject({ ko: '비트코인', en: 'Bitcoin' });
  });

  it('ignores case, spaces and punctuation in names', () => {
    expect(normalizeName(' Shiba-Inu ')).toBe('shibainu');
    expect(normalizeName('시바 이누')).toBe('시바이누');
  });
});

describe('search by name', () => {
  it('finds a coin by its Korean name, anywhere in the name', () => {
    expect(basesByName('비트코인')).toEqual(expect.arrayContaining(['BTC', 'BCH', 'BSV']));
    expect(basesByName('리플')).toEqual(['XRP']);
    expect(basesByName('이더리움 클래식')).toEqual(['ETC']);
  });

  it('finds a coin by its English name or a common alias', () => {
    expect(basesByName('bitcoin')).toEqual(['BTC', 'BCH', 'BSV']);
    expect(basesByName('Ripple')).toEqual(['XRP']);
    expect(basesByName('polygon')).toContain('POL');
  });

  it('forgives a typo with the fuzzy search', () => {
    expect(basesByName('이더리음')).toContain('ETH');
    expect(basesByName('etherium')).toContain('ETH');
  });

  it('keeps a short Latin text a ticker search: no fuzzy names', () => {
    expect(basesByName('xq')).toEqual([]);
  });

  it('finds nothing for text no token is called', () => {
    expect(basesByName('없는코인이름')).toEqual([]);
    expect(basesByName('???')).toEqual([]);
  });
});

describe('table search', () => {
  it('keeps ticker matches as before and adds name matches', () => {
    const match = tokenSearchMatcher('btc');
    expect(match?.('BTC')).toBe(true);
    expect(match?.('WBTC')).toBe(true);
    expect(match?.('ETH')).toBe(false);
    const korean = tokenSearchMatcher('비트코인');
    expect(korean?.('BTC')).toBe(true);
    expect(korean?.('ETH')).toBe(false);
  });

  it('is off for an empty search', () => {
    expect(tokenSearchMatcher('  ')).toBeNull();
    expect(tokenSearchMatcher(undefined)).toBeNull();
  });
});
