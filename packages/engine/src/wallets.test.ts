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
