import { afterEach, describe, expect, it } from 'vitest';
import { BINANCE_ROUTES, fixtureFetch, json } from '../../live/fixtures/fixture-http.ts';
import { startLive, stopAll } from '../../test-support/live-harness.ts';
import { of } from '../../test-support/venue-kit.ts';

/**
 * Binance shows deposit/withdraw status only to API keys (GET /sapi/v1/capital/config/getall, signed): with a
 * read-only key from VENUE_BINANCE_API_KEY/SECRET the ccxt adapter reads it; without one nothing is read and
 * the venue's networks stay unknown.
 */

const ROUTES = {
  ...BINANCE_ROUTES,
  '/sapi/v1/capital/config/getall': json('../../wallets/binance/fixtures/binance-capital-config-getall.json'),
  // With a key ccxt also reads which pairs are on margin while it loads markets.
  '/sapi/v1/margin/allPairs': {
    body: '[{"id":"351637150141315861","symbol":"BTCUSDT","base":"BTC","quote":"USDT","isMarginTrade":true,"isBuyAllowed":true,"isSellAllowed":true}]',
  },
};

afterEach(stopAll);

describe('Binance wallets with a read-only key', () => {
  it('signs the request and reads status, fees, minimums, contracts and busy networks', async () => {
    const requested: string[] = [];
    const { source, events, link } = await startLive(
      ['binance'],
      { binance: { apiKey: 'read-only-key', apiSecret: 'read-only-secret' } },
      fixtureFetch(ROUTES, requested),
      { manual: true },
    );
    await source.pollOnce();
    const call = requested.find((u) => u.includes('/sapi/v1/capital/config/getall'));
    expect(call).toMatch(/timestamp=\d+/);
    expect(call).toMatch(/signature=[0-9a-f]{64}/);
    const wallets = of(events, 'wallet');
    expect(
      wallets.map((w) => [w.network, w.deposit, w.withdraw, w.confirmations, w.withdrawFee, w.withdrawMin]),
    ).toEqual([
      ['TON', true, true, 1, 0.01, 0.5],
      ['ERC20', true, false, 6, 1.1, 2.2],
    ]);
    expect(wallets[1]).toMatchObject({
      contract: '0x582d872a1b094fc48f5de31d3b73f2d9be47def1',
      delayed: true,
    });
    expect(wallets[0]?.contract).toBeUndefined();
    expect(link('binance')?.capabilities?.wallets).toMatchObject({
      via: 'rest',
      needsKey: { configured: true },
    });
  });

  it('without a key reads nothing: no wallet events, the capability says a key is needed', async () => {
    const requested: string[] = [];
    const { source, events, link } = await startLive(['binance'], {}, fixtureFetch(ROUTES, requested), {
      manual: true,
    });
    await source.pollOnce();
    expect(requested.some((u) => u.includes('capital/config'))).toBe(false);
    expect(of(events, 'wallet')).toEqual([]);
    expect(link('binance')?.capabilities?.wallets).toMatchObject({
      via: 'none',
      needsKey: { configured: false },
    });
  });
});
