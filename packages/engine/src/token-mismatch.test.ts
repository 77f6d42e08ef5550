import { forex, quote } from '@spreadscope/core/testing';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from './market-engine.ts';
import { premiumFilter, wallet } from './test-events.ts';

const T0 = 1_763_700_000_000;
const NOW = T0 + 1_000;
const open = { deposit: true, withdraw: true };
// Real-world style: Bithumb's "TON" is Tokamak Network (an ERC20), Binance's and Upbit's "TON" is Toncoin,
// whose Ethereum-side token is another contract. Bithumb's 40 % "premium" is no premium at all.
const TOKAMAK = '0x2be5e8c109e2197D077D13A82dAead6a9b3433C5';
const TONCOIN = '0x582d872a1b094fc48f5de31d3b73f2d9be47def1';

function market(): MarketEngine {
  const e = new MarketEngine();
  for (const event of [
    forex(T0, 1_400),
    quote(T0 + 1, 'binance', 'TON', 'USDT', 3, { bid: 2.999, ask: 3.001, volume24h: 5e7 }),
    quote(T0 + 2, 'bithumb', 'TON', 'KRW', 5_880, { bid: 5_870, ask: 5_890, volume24h: 2e10 }),
    quote(T0 + 3, 'upbit', 'TON', 'KRW', 4_242, { bid: 4_240, ask: 4_245, volume24h: 3e10 }),
    wallet(T0 + 4, 'binance', 'TON', 'TON', open),
    wallet(T0 + 5, 'binance', 'TON', 'ERC20', open, { contract: TONCOIN }),
    wallet(T0 + 6, 'bithumb', 'TON', 'ETH', open, { contract: TOKAMAK }),
    wallet(T0 + 7, 'upbit', 'TON', 'TON', open),
    wallet(T0 + 8, 'upbit', 'TON', 'ETH', open, { contract: TONCOIN.toUpperCase().replace('0X', '0x') }),
  ])
    e.apply(event);
  return e;
}

describe('same ticker, different token', () => {
  it('flags the Bithumb–Binance TON row, ranks it after the real premium and gives it no transfer state', () => {
    const page = market().premium(premiumFilter({ interval: 'realtime', limit: 10 }), NOW);
    const rows = page.data.filter((r) => r.base === 'TON' && r.target.exchange === 'binance');
    const bithumb = rows.find((r) => r.source.exchange === 'bithumb');
    const upbit = rows.find((r) => r.source.exchange === 'upbit');
    expect(bithumb?.tokenMismatch).toBe(true);
    expect(bithumb?.transfer.state).toBeNull();
    expect(upbit?.tokenMismatch).toBe(false);
    // Its gap (+40 %) is far larger than Upbit's (+1 %), yet it ranks after it.
    expect(bithumb && upbit && bithumb.gapPercent > upbit.gapPercent).toBe(true);
    const order = page.data.map((r) => `${r.source.exchange}-${r.target.exchange}`);
    expect(order.indexOf('upbit-binance')).toBeLessThan(order.indexOf('bithumb-binance'));
  });

  it('does not flag a pair it cannot compare (no contract on a shared network)', () => {
    const e = new MarketEngine();
    e.apply(forex(T0, 1_400));
    e.apply(quote(T0 + 1, 'binance', 'TON', 'USDT', 3, { volume24h: 5e7 }));
    e.apply(quote(T0 + 2, 'bithumb', 'TON', 'KRW', 5_880, { volume24h: 2e10 }));
    e.apply(wallet(T0 + 4, 'binance', 'TON', 'TON', open));
    e.apply(wallet(T0 + 6, 'bithumb', 'TON', 'ETH', open, { contract: TOKAMAK }));
    const row = e.premium(premiumFilter({ interval: 'realtime' }), NOW).data.find((r) => r.base === 'TON');
    expect(row?.tokenMismatch).toBe(false);
  });
});
