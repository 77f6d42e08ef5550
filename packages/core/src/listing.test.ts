import { describe, expect, it } from 'vitest';
import {
  estimateListingProfit,
  type ListingObservation,
  listingPremiumPct,
  listingSlug,
  listingStage,
  listingStatus,
  listingType,
  parseListingSlug,
} from './listing.ts';

const NOW = Date.UTC(2025, 10, 21, 8, 0);
const H = 3_600_000;
const none = { depositAt: null, sellAt: null, tradingAt: null };
const obs = (o: Partial<ListingObservation>): ListingObservation => ({
  trading: false,
  deposit: 'unreported',
  venueReportsWallets: true,
  ...o,
});

describe('listingStatus', () => {
  it('says deposit_wait while the venue reports deposits closed, whatever the clock says', () => {
    expect(listingStatus(obs({ deposit: 'closed' }), { ...none, tradingAt: NOW - H }, NOW)).toBe(
      'deposit_wait',
    );
    expect(listingStatus(obs({}), none, NOW)).toBe('deposit_wait');
  });

  it('says deposit once deposits open, trade_wait or sell_wait when the next step is announced', () => {
    expect(listingStatus(obs({ deposit: 'open' }), none, NOW)).toBe('deposit');
    expect(listingStatus(obs({ deposit: 'open' }), { ...none, tradingAt: NOW + H }, NOW)).toBe('trade_wait');
    expect(
      listingStatus(obs({ deposit: 'open' }), { ...none, sellAt: NOW + H, tradingAt: NOW + 2 * H }, NOW),
    ).toBe('sell_wait');
  });

  it('says trade only when the market quotes, sell in an announced sell-only window', () => {
    expect(listingStatus(obs({ trading: true, deposit: 'open' }), { ...none, tradingAt: NOW + H }, NOW)).toBe(
      'trade',
    );
    expect(
      listingStatus(
        obs({ trading: true }),
        { ...none, sellAt: NOW - 60_000, tradingAt: NOW + 4 * 60_000 },
        NOW,
      ),
    ).toBe('sell');
  });

  it('says unknown when the venue reports no wallets and nothing quotes; trade_wait past the announced time', () => {
    const silent = obs({ venueReportsWallets: false });
    expect(listingStatus(silent, { ...none, tradingAt: NOW + H }, NOW)).toBe('unknown');
    expect(listingStatus(silent, { ...none, tradingAt: NOW - H }, NOW)).toBe('trade_wait');
  });
});

describe('listingStage and listingType', () => {
  it('follows the spec flow from the observation', () => {
    expect(listingStage(obs({}), null, NOW)).toBe('announced');
    expect(listingStage(obs({ deposit: 'open' }), null, NOW)).toBe('deposit_open');
    expect(listingStage(obs({ trading: true }), NOW - H, NOW)).toBe('trading');
    expect(listingStage(obs({ trading: true }), NOW - 25 * H, NOW)).toBe('listed');
  });

  it('types a listing by where the token already trades', () => {
    expect(listingType(false, false)).toBe('global_simultaneous');
    expect(listingType(true, false)).toBe('first_domestic');
    expect(listingType(true, true)).toBe('default');
  });
});

describe('profit estimate (0.1 % buy, 0.1 % sell, withdrawal fee)', () => {
  it('buys abroad, pays the network fee in tokens and sells on the new market', () => {
    const e = estimateListingProfit({
      amountKrw: 1_000_000,
      buyPriceKrw: 1_000,
      sellPriceKrw: 1_500,
      withdrawFee: 2,
    });
    // 1000 tokens − 0.1 % = 999; − 2 fee = 997; × 1500 × 0.999 = 1,494,004.5
    expect(e?.tokensArrived).toBeCloseTo(997, 9);
    expect(e?.proceedsKrw).toBeCloseTo(1_494_004.5, 6);
    expect(e?.profitKrw).toBeCloseTo(494_004.5, 6);
    expect(e?.profitPct).toBeCloseTo(49.40045, 6);
  });

  it('refuses nonsense amounts instead of printing a number', () => {
    expect(
      estimateListingProfit({ amountKrw: -1, buyPriceKrw: 1, sellPriceKrw: 1, withdrawFee: 0 }),
    ).toBeNull();
    expect(
      estimateListingProfit({ amountKrw: 1, buyPriceKrw: 0, sellPriceKrw: 1, withdrawFee: 0 }),
    ).toBeNull();
  });

  it('computes the premium over the overseas price in KRW', () => {
    expect(listingPremiumPct(1_500, 1, 1_000)).toBeCloseTo(50, 9);
    expect(listingPremiumPct(1_500, 0, 1_000)).toBeNull();
  });
});

describe('listing slug', () => {
  it('round-trips lowercase {exchange}-{quote}-{base} and refuses every other shape', () => {
    expect(listingSlug('upbit', 'KRW', 'AIT')).toBe('upbit-krw-ait');
    expect(parseListingSlug('upbit-krw-ait')).toEqual({ venue: 'upbit', quote: 'KRW', base: 'AIT' });
    for (const bad of [
      'Upbit-krw-ait',
      'upbit-ait',
      'binance-krw-ait',
      'upbit-eth-ait',
      'upbit-krw-ait-x',
      'upbit-krw-',
    ])
      expect(parseListingSlug(bad)).toBeNull();
  });
});
