import { describe, expect, it } from 'vitest';
import { groupByPair, parsePin } from './pin-keys.ts';

describe('dashboard pin keys', () => {
  it('reads the venues and base of premium and arbitrage row ids', () => {
    expect(parsePin('upbit-binance-BTC')).toEqual({
      id: 'upbit-binance-BTC',
      source: 'upbit',
      target: 'binance',
      base: 'BTC',
    });
    expect(parsePin('bybit.perp-okx.perp.USDC-ETH')).toMatchObject({
      source: 'bybit',
      target: 'okx',
      base: 'ETH',
    });
  });

  it('leaves out ids of another shape instead of guessing', () => {
    expect(parsePin('BTC')).toBeNull();
    expect(parsePin('nowhere-binance-BTC')).toBeNull();
    expect(parsePin('upbit-binance-btc; drop')).toBeNull();
  });

  it('asks once per venue pair', () => {
    const pins = ['upbit-binance-BTC', 'upbit-binance-ETH', 'bithumb-okx-BTC', 'upbit-binance-BTC']
      .map(parsePin)
      .filter((p) => p !== null);
    expect(groupByPair(pins)).toEqual([
      { source: 'upbit', target: 'binance', bases: ['BTC', 'ETH'] },
      { source: 'bithumb', target: 'okx', bases: ['BTC'] },
    ]);
  });
});
