import { describe, expect, it } from 'vitest';
import { type ListedMarket, MarketListWatcher } from './market-list-diff.ts';

const spot = (base: string, quote = 'USDT'): ListedMarket => ({ market: 'spot', base, quote });
const many = (n: number) => Array.from({ length: n }, (_, i) => spot(`T${i}`));

describe('market list changes as token updates', () => {
  it('tells nothing on the first read, then listings and delistings between reads', () => {
    const watcher = new MarketListWatcher('binance');
    expect(watcher.update([spot('BTC'), spot('ETH')], 1).events).toEqual([]);
    const { events } = watcher.update(
      [spot('BTC'), spot('ZAMA'), { market: 'perp', base: 'ZAMA', quote: 'USDT' }],
      2,
    );
    expect(events.map((e) => [e.update, e.market, e.base, e.quote, e.venue, e.t])).toEqual([
      ['listed', 'spot', 'ZAMA', 'USDT', 'binance', 2],
      ['listed', 'perp', 'ZAMA', 'USDT', 'binance', 2],
      ['delisted', 'spot', 'ETH', 'USDT', 'binance', 2],
    ]);
    expect(
      watcher.update([spot('BTC'), spot('ZAMA'), { market: 'perp', base: 'ZAMA', quote: 'USDT' }], 3).events,
    ).toEqual([]);
  });

  it('does not take a partial answer for a mass delisting, nor the full answer after it for listings', () => {
    const watcher = new MarketListWatcher('okx');
    watcher.update(many(200), 1);
    const partial = watcher.update(many(100), 2);
    expect(partial).toEqual({ events: [], doubtful: 100 });
    expect(watcher.update(many(200), 3).events).toEqual([]);
    // A real delisting of a few markets is told.
    expect(watcher.update(many(197), 4).events.map((e) => e.base)).toEqual(['T197', 'T198', 'T199']);
  });
});
