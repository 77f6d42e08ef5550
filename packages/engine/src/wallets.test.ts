import { describe, expect, it } from 'vitest';
import { wallet } from './test-events.ts';
import { Wallets } from './wallets.ts';

const T0 = 1_763_700_000_000;
const open = { deposit: true, withdraw: true };

describe('transfer routes across venues that spell a network differently', () => {
  it("meets Upbit's TRX and OKX's USDT-TRC20 on Tron, and Bybit's ARBI and Binance's ARBITRUM on Arbitrum", () => {
    const w = new Wallets();
    // Upbit net_type / OKX chain / Binance network / Bybit chain, as their wallet endpoints spell them.
    w.apply(wallet(T0, 'upbit', 'USDT', 'TRX', open, { confirmations: 20, blockTimeSec: 3 }));
    w.apply(wallet(T0, 'okx', 'USDT', 'USDT-TRC20', open, { withdrawFee: 1.5 }));
    w.apply(wallet(T0, 'okx', 'USDT', 'USDT-ERC20', open, { withdrawFee: 3 }));
    w.apply(wallet(T0, 'binance', 'USDT', 'ARBITRUM', open, { withdrawFee: 0.8 }));
    w.apply(wallet(T0, 'bybit', 'USDT', 'ARBI', open, { confirmations: 12, blockTimeSec: 0.25 }));

    const okxToUpbit = w.route('okx', 'upbit', 'USDT');
    expect(okxToUpbit.networks).toEqual([
      { network: 'TRX', confirmations: 20, blockTimeSec: 3, transferTimeSec: 60, withdrawFee: 1.5 },
    ]);
    expect(w.route('binance', 'bybit', 'USDT').networks.map((n) => [n.network, n.withdrawFee])).toEqual([
      ['ARB', 0.8],
    ]);
    // Nothing in common: Upbit receives on Tron only, Binance sends on Arbitrum only.
    expect(w.route('binance', 'upbit', 'USDT')).toMatchObject({ known: true, networks: [] });
  });

  it('knows which venues report wallet status at all (a listing tells "unreported" from "closed" by it)', () => {
    const w = new Wallets();
    expect(w.reportsWallets('upbit')).toBe(false);
    w.apply(wallet(T0, 'upbit', 'BTC', 'BTC', { deposit: false, withdraw: false }));
    expect(w.reportsWallets('upbit')).toBe(true);
    expect(w.reportsWallets('bithumb')).toBe(false);
    // A venue this product does not know reports nothing.
    w.apply(wallet(T0, 'nowhere', 'BTC', 'BTC', open));
    expect(w.reportsWallets('nowhere')).toBe(false);
  });

  it('keeps what the venue called the network for the wallet-status lists', () => {
    const w = new Wallets();
    w.apply(wallet(T0, 'bybit', 'USDT', 'BEP20(BSC)', open));
    expect(w.networks('bybit', 'USDT')).toMatchObject([{ network: 'BEP20(BSC)', canonical: 'BSC' }]);
  });

  it('lets a later report of the same chain under another spelling replace the earlier one', () => {
    const w = new Wallets();
    w.apply(wallet(T0, 'gateio', 'ETH', 'ETH', open));
    w.apply(wallet(T0 + 1, 'gateio', 'ETH', 'ERC20', { deposit: false, withdraw: true }));
    expect(w.networks('gateio', 'ETH')).toMatchObject([{ network: 'ERC20', deposit: false }]);
  });
});

describe('tickers that name different tokens at different venues', () => {
  const A = '0x1111111111111111111111111111111111111111';
  const B = '0x2222222222222222222222222222222222222222';

  it('flags an asset whose contracts disagree, keeps other assets as they were, and clears the flag once they agree', () => {
    const w = new Wallets();
    w.apply(wallet(T0, 'binance', 'ABC', 'ETH', open, { contract: A }));
    w.apply(wallet(T0, 'upbit', 'ABC', 'ETH', open, { contract: B }));
    w.apply(wallet(T0, 'binance', 'XYZ', 'ETH', open, { contract: A }));
    w.apply(wallet(T0, 'okx', 'XYZ', 'ERC20', open, { contract: A }));
    expect([...w.conflictedAssets()]).toEqual(['ABC']);
    expect(w.identity('upbit', 'binance', 'ABC')).toBe('different');
    expect(w.identity('okx', 'binance', 'XYZ')).toBe('same');

    // XYZ turns out to be another token at a third venue; ABC is untouched.
    w.apply(wallet(T0 + 1, 'bybit', 'XYZ', 'ETH', open, { contract: B }));
    expect([...w.conflictedAssets()].sort()).toEqual(['ABC', 'XYZ']);
    // Upbit corrects its contract: ABC is one token again, and answers for it are not the old ones.
    w.apply(wallet(T0 + 2, 'upbit', 'ABC', 'ETH', open, { contract: A }));
    expect([...w.conflictedAssets()]).toEqual(['XYZ']);
    expect(w.identity('upbit', 'binance', 'ABC')).toBe('same');
  });
});
