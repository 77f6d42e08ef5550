import { describe, expect, it } from 'vitest';
import { isPagePath } from './page-routes.ts';

describe('isPagePath', () => {
  it('knows every page in both languages, with parameters, trailing slashes and any case', () => {
    for (const path of [
      '/',
      '/en',
      '/en/',
      '/premium',
      '/en/premium/',
      '/premium/upbit-btc',
      '/funding-rate/BTC',
      '/Arbitrage/Perpetuals',
      '/my/account/password',
      '/login/google-login',
    ]) {
      expect(isPagePath(path), path).toBe(true);
    }
  });

  it('refuses what no page answers', () => {
    for (const path of [
      '/nope',
      '/en/nope',
      '/premium/upbit-btc/extra',
      '/en/en/premium',
      '/ko/premium',
      '/my',
      '/funding-rate/BTC/ETH',
      '/premiums',
    ]) {
      expect(isPagePath(path), path).toBe(false);
    }
  });
});

describe('closed-set path parameters', () => {
  it('serves an exchange page only for a registry exchange, in any case, with or without /en', () => {
    expect(isPagePath('/exchanges/upbit')).toBe(true);
    expect(isPagePath('/en/exchanges/Binance')).toBe(true);
    expect(isPagePath('/exchanges/notanexchange')).toBe(false);
    expect(isPagePath('/exchanges/%E0%A4%A')).toBe(false);
    expect(isPagePath('/token/BTC')).toBe(true);
  });
});
