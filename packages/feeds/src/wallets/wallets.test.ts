import { readFileSync } from 'node:fs';
import type { WalletEvent } from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { parseBitgetWallets } from './bitget/bitget-wallets.ts';
import { parseBithumbWallets } from './bithumb/bithumb-wallets.ts';
import { parseCoinoneWallets } from './coinone/coinone-wallets.ts';
import { parseGateWallets } from './gate/gate-wallets.ts';
import { parseHtxWallets } from './htx/htx-wallets.ts';
import { parseUpbitWallets } from './upbit/upbit-wallets.ts';

/** Each venue's recorded wallet answer through its pure parser: what a trader's wallet table is built from. */

const T = 1_764_050_000_000;
const load = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const row = (w: WalletEvent) =>
  `${w.asset}/${w.network} ${w.deposit ? 'in' : '-'} ${w.withdraw ? 'out' : '-'}${w.delayed ? ' delayed' : ''}`;

describe('Gate /api/v4/spot/currencies', () => {
  const events = parseGateWallets(load('./gate/fixtures/gate-spot-currencies.json'), T);

  it('reads every chain with its flags, delays and contract; skips delisted and malformed entries', () => {
    expect(events.map(row)).toEqual([
      'BTC/BTC in out',
      'USDT/ETH in out',
      'USDT/TRX in out delayed',
      'USDT/SOL - -',
      'TON/TON in out',
      'TON/ETH - out',
      'GT/GTEVM in out',
    ]);
    expect(events.find((e) => e.asset === 'USDT' && e.network === 'ETH')?.contract).toBe(
      '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    );
    // An empty `addr` is no contract (a native coin).
    expect(events.find((e) => e.asset === 'BTC')?.contract).toBeUndefined();
  });

  it('reads a chain whose name Gate renamed from `name` to `chain` (and `addr` to `contract_address`)', () => {
    const renamed = [
      {
        currency: 'USDT',
        delisted: false,
        chains: [
          {
            chain: 'TRX',
            contract_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
            withdraw_disabled: false,
            withdraw_delayed: false,
            deposit_disabled: true,
          },
        ],
      },
    ];
    expect(parseGateWallets(renamed, T)).toEqual([
      {
        t: T,
        type: 'wallet',
        venue: 'gateio',
        asset: 'USDT',
        network: 'TRX',
        deposit: false,
        withdraw: true,
        contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      },
    ]);
  });

  it('refuses an answer that is not a list, or a list none of whose entries has chain flags', () => {
    expect(() => parseGateWallets({ label: 'TOO_MANY_REQUESTS' }, T)).toThrow('not a list of currencies');
    expect(() => parseGateWallets([{ currency: 'BTC', chains: [{ name: 'BTC' }] }], T)).toThrow(
      'no currency in the response has chain flags',
    );
  });
});

describe('HTX /v2/reference/currencies', () => {
  const events = parseHtxWallets(load('./htx/fixtures/htx-reference-currencies.json'), T);

  it('names networks by base chain, reads confirmations and minimums, fees only when fixed', () => {
    expect(events.map(row)).toEqual(['BTC/BTC in out', 'USDT/ETH in -', 'USDT/TRX in out']);
    const [btc, erc20, trc20] = events;
    expect(btc).toMatchObject({ confirmations: 2, withdrawMin: 0.001, withdrawFee: 0.0004 });
    expect(erc20).toMatchObject({ confirmations: 64, withdrawMin: 10, withdrawFee: 3.5 });
    // A "circulated" fee floats with the chain: not a number to show.
    expect(trc20?.withdrawFee).toBeUndefined();
  });

  it('fails the poll with HTX’s own words on an error code', () => {
    expect(() => parseHtxWallets({ code: 500, message: 'system busy' }, T)).toThrow(
      'HTX answered code 500: system busy',
    );
    expect(() => parseHtxWallets({ code: 200, data: 'x' }, T)).toThrow('no data list');
  });
});

describe('Bitget /api/v2/spot/public/coins', () => {
  const events = parseBitgetWallets(load('./bitget/fixtures/bitget-public-coins.json'), T);

  it('reads flags, confirmations, fees, minimums, contracts and congestion', () => {
    expect(events.map(row)).toEqual([
      'BTC/BTC in out',
      'USDT/ERC20 in out delayed',
      'USDT/TRC20 in -',
      'TON/TON in out',
    ]);
    expect(events[1]).toMatchObject({
      confirmations: 12,
      withdrawFee: 1.5,
      withdrawMin: 10,
      contract: '0xdac17f958d2ee523a2206206994597c13d831ec7',
    });
    expect(events[3]?.contract).toBeUndefined();
  });

  it('fails the poll with Bitget’s message on an error code', () => {
    expect(() => parseBitgetWallets({ code: '429', msg: 'Too Many Requests', data: null }, T)).toThrow(
      'Bitget answered code 429: Too Many Requests',
    );
  });
});

describe('Coinone /public/v2/currencies', () => {
  it('one network per asset, KRW left out, only `normal` open', () => {
    const events = parseCoinoneWallets(load('./coinone/fixtures/coinone-currencies.json'), T);
    expect(events.map(row)).toEqual(['BTC/BTC in out', 'XRP/XRP in -']);
    expect(events[1]).toMatchObject({ confirmations: 1, withdrawFee: 1, withdrawMin: 22 });
    expect(() => parseCoinoneWallets({ result: 'error', error_code: '4' }, T)).toThrow(
      'Coinone answered error 4',
    );
  });
});

describe('Upbit and Bithumb (moved from the Korean adapters)', () => {
  it('Upbit: a delayed or inactive block state marks the network delayed', () => {
    const events = parseUpbitWallets(load('./upbit/fixtures/upbit-wallet-status.json'), T);
    expect(events.map(row)).toEqual(['BTC/BTC in out', 'SOL/SOL - - delayed', 'USDT/TRX - out']);
  });

  it('Bithumb: the multichain list', () => {
    const events = parseBithumbWallets(load('./bithumb/fixtures/bithumb-wallet-status.json'), T);
    expect(events.map(row)).toEqual(['BTC/BTC in out', 'ETH/ETH - -', 'USDT/ETH in out', 'USDT/TRX in -']);
  });
});
