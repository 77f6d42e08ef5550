import { forex, quote } from '@spreadscope/core/testing';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from './market-engine.ts';
import type { ArbitrageFilter, SpreadRowView } from './spread-types.ts';
import { book, funding, wallet } from './test-events.ts';

const T0 = 1_763_700_000_000;
const NOW = T0 + 1_000;

const filter = (over: Partial<ArbitrageFilter> = {}): ArbitrageFilter => ({
  currency: 'USD',
  conversionBase: 'USD',
  interval: 'realtime',
  sort: 'netGap',
  order: 'desc',
  page: 1,
  limit: 100,
  ...over,
});

/**
 * A small hand-made market: BTC on Binance and Bybit (spot and perpetual) and Upbit, USD/KRW 1,400, books on
 * the two overseas spot markets, wallets for the BTC network. Every expected number below is worked by hand.
 */
function goldenEngine(): MarketEngine {
  const e = new MarketEngine();
  const events = [
    forex(T0, 1_400),
    quote(T0 + 1, 'binance', 'BTC', 'USDT', 100_000, { bid: 99_990, ask: 100_010, volume24h: 2e9 }),
    quote(T0 + 2, 'bybit', 'BTC', 'USDT', 101_000, { bid: 100_990, ask: 101_010, volume24h: 1e9 }),
    quote(T0 + 3, 'upbit', 'BTC', 'KRW', 143_500_000, {
      bid: 143_400_000,
      ask: 143_500_000,
      volume24h: 3e11,
    }),
    quote(T0 + 4, 'binance', 'BTC', 'USDT', 100_100, {
      market: 'perp',
      bid: 100_090,
      ask: 100_110,
      volume24h: 8e9,
    }),
    quote(T0 + 5, 'bybit', 'BTC', 'USDT', 100_200, {
      market: 'perp',
      bid: 100_190,
      ask: 100_210,
      volume24h: 4e9,
    }),
    funding(T0 + 6, 'binance', 'BTC', 0.0001, 8, { nextFundingTime: T0 + 3_600_000 }),
    funding(T0 + 7, 'bybit', 'BTC', 0.00005, 1, { nextFundingTime: T0 + 600_000 }),
    book(
      T0 + 8,
      'binance',
      'BTC',
      'USDT',
      [[99_990, 1]],
      [
        [100_010, 1],
        [100_100, 2],
      ],
    ),
    book(
      T0 + 9,
      'bybit',
      'BTC',
      'USDT',
      [
        [100_990, 0.5],
        [100_500, 1],
        [99_000, 5],
      ],
      [[101_010, 1]],
    ),
    wallet(
      T0 + 10,
      'binance',
      'BTC',
      'BTC',
      { deposit: true, withdraw: true },
      { withdrawFee: 0.0002, confirmations: 1, blockTimeSec: 600 },
    ),
    wallet(T0 + 11, 'bybit', 'BTC', 'BTC', { deposit: false, withdraw: true }, { withdrawFee: 0.0005 }),
    wallet(
      T0 + 12,
      'upbit',
      'BTC',
      'BTC',
      { deposit: true, withdraw: true },
      { confirmations: 2, blockTimeSec: 600 },
    ),
  ];
  for (const event of events) e.apply(event);
  return e;
}

const row = (rows: SpreadRowView[], id: string) => {
  const found = rows.find((r) => r.id === id);
  if (!found) throw new Error(`no row ${id} in ${rows.map((r) => r.id).join(', ')}`);
  return found;
};

describe('spot-spot arbitrage (golden)', () => {
  const page = goldenEngine().arbitrage('spot-spot', filter(), NOW);

  it('lists every ordered pair of spot markets of a token: 3 markets, 6 rows', () => {
    expect(page.total).toBe(6);
    expect(page.data.map((r) => r.id).sort()).toEqual([
      'binance-bybit-BTC',
      'binance-upbit-BTC',
      'bybit-binance-BTC',
      'bybit-upbit-BTC',
      'upbit-binance-BTC',
      'upbit-bybit-BTC',
    ]);
  });

  it('reads gaps as the spread bought at the source and sold at the target', () => {
    const r = row(page.data, 'binance-bybit-BTC');
    expect(r.gapPercent).toBeCloseTo(1, 12); // 101,000 / 100,000 − 1
    expect(r.priceDiff).toBe(1_000);
    expect(r.entryGapPercent).toBeCloseTo((100_990 / 100_010 - 1) * 100, 12); // sell at bybit bid, buy at binance ask
    // Rows carry 12 significant digits (tidy-numbers.ts).
    expect(r.exitGapPercent).toBeCloseTo((101_010 / 99_990 - 1) * 100, 11); // and back
    expect(r.trade).toBe('buySource');
    expect(r.premiumType).toBe('spot-spot');
    expect(r.scope).toBe('global');
  });

  it('converts the Korean leg by the conversion base', () => {
    const r = row(page.data, 'binance-upbit-BTC');
    expect(r.target.price).toBeCloseTo(102_500, 8); // ₩143.5M / 1,400
    expect(r.gapPercent).toBeCloseTo(2.5, 10);
    expect(r.entryGapPercent).toBeCloseTo((143_400_000 / 1_400 / 100_010 - 1) * 100, 10);
    expect(r.scope).toBe('kimchi');
  });

  it('deducts taker fees per venue, and estimates with 0.1 % each way', () => {
    const r = row(page.data, 'binance-upbit-BTC');
    // Binance spot taker 0.1 %, Upbit 0.05 %.
    expect(r.fees).toMatchObject({ mode: 'taker', buyFeePercent: 0.1, sellFeePercent: 0.05 });
    const touch = 143_400_000 / 1_400 / 100_010;
    expect(r.fees.netGapPercent).toBeCloseTo((0.999 * 0.9995 * touch - 1) * 100, 10);
    expect(r.estimate.amount).toBe(10_000);
    expect(r.estimate.profitPercent).toBeCloseTo((0.999 * 0.999 * touch - 1) * 100, 10);
    expect(r.estimate.profit).toBeCloseTo(10_000 * (0.999 * 0.999 * touch - 1), 8);
  });

  it('ranks by the gap after fees, best first', () => {
    const nets = page.data.map((r) => r.fees.netGapPercent ?? Number.NaN);
    expect(nets).toEqual([...nets].sort((a, b) => b - a));
    expect(page.data[0]?.id).toBe('binance-upbit-BTC');
  });

  it('finds the transfer route and the arbitrage state from wallet status', () => {
    const toUpbit = row(page.data, 'binance-upbit-BTC');
    expect(toUpbit.transfer).toMatchObject({
      needed: true,
      from: 'source',
      transferable: true,
      state: 'trading_available',
    });
    // Upbit's own confirmations and block time: 2 × 600 s.
    expect(toUpbit.transfer.networks).toEqual([
      {
        network: 'BTC',
        confirmations: 2,
        blockTimeSec: 600,
        transferTimeSec: 1_200,
        withdrawFee: 0.0002,
        withdrawFeeValue: 20, // 0.0002 BTC × $100,000
      },
    ]);
    // Bybit takes no BTC deposits.
    expect(row(page.data, 'binance-bybit-BTC').transfer).toMatchObject({
      transferable: false,
      state: 'awaiting_deposit',
      networks: [],
    });
    // Upbit can send, Binance receives.
    expect(row(page.data, 'upbit-binance-BTC').transfer.state).toBe('trading_available');
  });

  it('adds the withdrawal fee as a share of the amount in withdrawal mode', () => {
    const p = goldenEngine().arbitrage('spot-spot', filter({ feeMode: 'withdrawal', amount: 10_000 }), NOW);
    const r = row(p.data, 'binance-upbit-BTC');
    expect(r.fees.withdrawalFeePercent).toBeCloseTo(0.2, 10); // $20 of $10,000
    const touch = 143_400_000 / 1_400 / 100_010;
    expect(r.fees.netGapPercent).toBeCloseTo((0.999 * 0.9995 * touch - 1) * 100 - 0.2, 10);
    // No open route to Bybit: the cost is unknown, so the row cannot rank on it.
    expect(row(p.data, 'binance-bybit-BTC').fees.netGapPercent).toBeNull();
  });

  it('sums depth within ±2 % of each book mid and takes the tighter side of each trade', () => {
    const r = row(page.data, 'binance-bybit-BTC');
    expect(r.source.askDepth).toBeCloseTo(100_010 + 2 * 100_100, 8); // mid 100,000: asks ≤ 102,000
    expect(r.source.bidDepth).toBeCloseTo(99_990, 8);
    expect(r.target.bidDepth).toBeCloseTo(0.5 * 100_990 + 100_500 + 5 * 99_000, 8); // mid 101,000: bids ≥ 98,980
    expect(r.depth).toEqual({ entry: r.source.askDepth, exit: r.source.bidDepth, unavailable: null });
  });

  it('says why a row has no depth or max entry: no book for a leg, or a book past the freshness window', () => {
    // Upbit has no book in this market at all.
    const noBook = row(page.data, 'binance-upbit-BTC');
    expect(noBook.depth).toEqual({ entry: null, exit: null, unavailable: 'no_book' });
    expect(noBook.maxEntry).toBeNull();
    expect(noBook.maxEntryUnavailable).toBe('no_book');
    // Ten seconds on, the books are older than the real-time window (3 s); the 30 s interval still takes them.
    const later = goldenEngine();
    const stale = row(later.arbitrage('spot-spot', filter(), T0 + 10_000).data, 'binance-bybit-BTC');
    expect(stale.depth).toEqual({ entry: null, exit: null, unavailable: 'stale_book' });
    expect(stale.maxEntryUnavailable).toBe('stale_book');
    const relaxed = row(
      later.arbitrage('spot-spot', filter({ interval: '30s' }), T0 + 10_000).data,
      'binance-bybit-BTC',
    );
    expect(relaxed.depth.unavailable).toBeNull();
    expect(relaxed.maxEntry).not.toBeNull();
    expect(relaxed.maxEntryUnavailable).toBeNull();
  });

  it('walks both books for the largest entry that still breaks even after fees', () => {
    const r = row(page.data, 'binance-bybit-BTC');
    const keep = 0.999 * 0.999;
    // Matched units: 0.5 @ 100,010 vs 100,990; 0.5 @ 100,010 vs 100,500; 0.5 @ 100,100 vs 100,500: all pay.
    const cost = 0.5 * 100_010 + 0.5 * 100_010 + 0.5 * 100_100;
    const proceeds = keep * (0.5 * 100_990 + 0.5 * 100_500 + 0.5 * 100_500);
    // Then 100,100 vs 99,000 loses (100,100 − 99,000 × keep) a unit: the profit so far pays for this many.
    const loss = 100_100 - 99_000 * keep;
    const more = (proceeds - cost) / loss;
    expect(r.maxEntry?.optimalSize).toBeCloseTo(cost, 6);
    expect(r.maxEntry?.optimalProfit).toBeCloseTo(proceeds - cost, 6);
    expect(r.maxEntry?.size).toBeCloseTo(cost + more * 100_100, 6);
    expect(r.maxEntry?.units).toBeCloseTo(1.5 + more, 10);
    expect(r.maxEntry?.averageGapPercent).toBeCloseTo(0, 8);
    expect(r.maxEntry?.bookLimited).toBe(false);
    expect(r.maxEntry?.sizeUsd).toBe(r.maxEntry?.size);
    // The reverse trade loses from the first unit: nothing to enter.
    expect(row(page.data, 'bybit-binance-BTC').maxEntry?.size).toBe(0);
  });
});

describe('largest entry in withdrawal fee mode (golden)', () => {
  // Buy Bybit's asks (100,000 × 1, then 100,300 × 2), sell into Binance's bids (100,500 × 1, then 100,000 × 5).
  const engine = goldenEngine();
  engine.apply(
    book(
      T0 + 40,
      'bybit',
      'BTC',
      'USDT',
      [[99_900, 1]],
      [
        [100_000, 1],
        [100_300, 2],
      ],
    ),
  );
  engine.apply(
    book(
      T0 + 41,
      'binance',
      'BTC',
      'USDT',
      [
        [100_500, 1],
        [100_000, 5],
      ],
      [[100_600, 1]],
    ),
  );
  const keep = 0.999 * 0.999; // both spot takers at 0.1 %
  const firstProfit = 100_500 * keep - 100_000;
  const loss = 100_300 - 100_000 * keep; // per unit of the second level
  const entry = (mode: 'taker' | 'withdrawal') =>
    row(engine.arbitrage('spot-spot', filter({ feeMode: mode }), NOW).data, 'bybit-binance-BTC').maxEntry;

  it('taker mode: the first unit earns, the second level is entered as far as that pays for', () => {
    const more = firstProfit / loss;
    expect(entry('taker')?.units).toBeCloseTo(1 + more, 10);
    expect(entry('taker')?.size).toBeCloseTo(100_000 + more * 100_300, 6);
  });

  it('withdrawal mode: Bybit’s 0.0005 BTC fee (at its last $101,000) is paid once, so less is entered', () => {
    const fee = 0.0005 * 101_000;
    const more = (firstProfit - fee) / loss;
    const r = entry('withdrawal');
    expect(r?.units).toBeCloseTo(1 + more, 10);
    expect(r?.size).toBeCloseTo(100_000 + more * 100_300, 6);
    expect(r?.optimalProfit).toBeCloseTo(firstProfit - fee, 6);
    expect(r?.averageGapPercent).toBeCloseTo(0, 8);
  });

  it('withdrawal mode with no open route: the fee is unknown, and so is the size', () => {
    const r = row(
      engine.arbitrage('spot-spot', filter({ feeMode: 'withdrawal' }), NOW).data,
      'binance-bybit-BTC',
    );
    expect(r.maxEntry).toBeNull();
    expect(r.maxEntryUnavailable).toBe('withdrawal_fee_unknown');
  });
});

describe('largest entry in US dollars whatever the display currency', () => {
  it('shows KRW for the screen and the same size in dollars at the conversion rate', () => {
    const engine = goldenEngine();
    const usd = row(engine.arbitrage('spot-spot', filter(), NOW).data, 'binance-bybit-BTC').maxEntry;
    const krw = row(
      engine.arbitrage('spot-spot', filter({ currency: 'KRW' }), NOW).data,
      'binance-bybit-BTC',
    ).maxEntry;
    expect(krw?.size).toBeCloseTo((usd?.size ?? 0) * 1_400, 2); // 12 significant digits of ₩278M
    expect(krw?.sizeUsd).toBeCloseTo(usd?.size ?? 0, 8);
    expect(krw?.optimalSizeUsd).toBeCloseTo(usd?.optimalSize ?? 0, 8);
    expect(krw?.optimalProfitUsd).toBeCloseTo(usd?.optimalProfit ?? 0, 8);
  });
});

describe('funding across legs (golden)', () => {
  it('spec §9 funding gap and net funding on perp-perp rows', () => {
    const page = goldenEngine().arbitrage('perp-perp', filter(), NOW);
    expect(page.total).toBe(2);
    const r = row(page.data, 'binance.perp-bybit.perp-BTC');
    // (0.01 % − 0.005 %) × 8 h / 1 h
    expect(r.funding.gapPercent).toBeCloseTo(0.04, 12);
    // Short Bybit receives 0.005 %/h, long Binance pays 0.01 %/8 h.
    const perHour = 0.00005 - 0.0001 / 8;
    expect(r.funding.netRate8hPercent).toBeCloseTo(perHour * 8 * 100, 12);
    expect(r.funding.annualizedPercent).toBeCloseTo(perHour * 8_760 * 100, 10);
    expect(r.source).toMatchObject({
      fundingRatePercent: 0.01,
      fundingIntervalHours: 8,
      nextFundingTime: T0 + 3_600_000,
    });
    expect(r.source.annualizedFundingPercent).toBeCloseTo(10.95, 10);
    expect(r.transfer).toMatchObject({ needed: false, state: 'trading_available', networks: [] });
  });

  it('spot-perp rows pay no funding on the spot leg, and include the same venue', () => {
    const page = goldenEngine().arbitrage('spot-perp', filter({ source: 'binance', target: 'binance' }), NOW);
    const r = row(page.data, 'binance-binance.perp-BTC');
    expect(r.funding.gapPercent).toBeNull();
    expect(r.funding.netRate8hPercent).toBeCloseTo(0.01, 12);
    expect(r.fees).toMatchObject({ buyFeePercent: 0.1, sellFeePercent: 0.05 }); // spot taker, futures taker
  });

  it('filters by a perpetual leg settling at the interval', () => {
    const engine = goldenEngine();
    expect(engine.arbitrage('perp-perp', filter({ fundingInterval: '1h' }), NOW).total).toBe(2);
    expect(
      engine
        .arbitrage('spot-perp', filter({ fundingInterval: '1h' }), NOW)
        .data.map((r) => r.target.exchange),
    ).toEqual(['bybit', 'bybit', 'bybit']);
    expect(engine.arbitrage('spot-spot', filter({ fundingInterval: '8h' }), NOW).total).toBe(0);
  });
});

describe('table filters', () => {
  it('hides thin markets: $100K in USD, ₩100M in KRW', () => {
    const engine = goldenEngine();
    engine.apply(
      quote(T0 + 20, 'okx', 'BTC', 'USDT', 100_000, { bid: 99_999, ask: 100_001, volume24h: 90_000 }),
    );
    const all = engine.arbitrage('spot-spot', filter(), NOW).total;
    expect(all).toBe(12);
    const hidden = engine.arbitrage('spot-spot', filter({ hideLowVolume: true }), NOW);
    expect(hidden.total).toBe(6);
    expect(hidden.data.some((r) => r.source.exchange === 'okx' || r.target.exchange === 'okx')).toBe(false);
    // $90K is ₩126M at 1,400: enough in KRW.
    expect(engine.arbitrage('spot-spot', filter({ hideLowVolume: true, currency: 'KRW' }), NOW).total).toBe(
      12,
    );
  });

  it('keeps only rows with an open route, or only rows without one', () => {
    const engine = goldenEngine();
    const open = engine
      .arbitrage('spot-spot', filter({ transferable: true }), NOW)
      .data.map((r) => r.id)
      .sort();
    expect(open).toEqual(['binance-upbit-BTC', 'bybit-binance-BTC', 'bybit-upbit-BTC', 'upbit-binance-BTC']);
    expect(engine.arbitrage('spot-spot', filter({ transferable: false }), NOW).total).toBe(2);
  });

  it('keeps only the listed tokens (the owned-tokens filter) over every combination, not one page', () => {
    const engine = goldenEngine();
    engine.apply(quote(T0 + 20, 'binance', 'ETH', 'USDT', 3_000, { bid: 2_999, ask: 3_001 }));
    engine.apply(quote(T0 + 21, 'upbit', 'ETH', 'KRW', 4_300_000, { bid: 4_299_000, ask: 4_301_000 }));
    const eth = engine.arbitrage('spot-spot', filter({ bases: ['ETH'], limit: 1 }), NOW);
    expect(eth.total).toBe(2);
    expect(eth.data.map((r) => r.base)).toEqual(['ETH']);
    expect(engine.arbitrage('spot-spot', filter({ bases: ['ETH', 'BTC'] }), NOW).total).toBe(8);
    expect(engine.arbitrage('spot-spot', filter({ bases: ['DOGE'] }), NOW).total).toBe(0);
    // The search narrows the list further.
    expect(engine.arbitrage('spot-spot', filter({ bases: ['ETH'], search: 'BT' }), NOW).total).toBe(0);
    expect(engine.arbitrage('spot-spot', filter({ bases: [] }), NOW).total).toBe(8);
  });

  it('filters each leg by its quote', () => {
    const engine = goldenEngine();
    engine.apply(quote(T0 + 20, 'bybit', 'BTC', 'USDC', 100_500, { bid: 100_490, ask: 100_510 }));
    const fromKrw = engine.arbitrage('spot-spot', filter({ sourceQuote: 'KRW' }), NOW).data;
    expect(fromKrw.length).toBeGreaterThan(0);
    expect(fromKrw.every((r) => r.source.quote === 'KRW')).toBe(true);
    const toUsdc = engine.arbitrage('spot-spot', filter({ targetQuote: 'USDC' }), NOW).data;
    expect(toUsdc.map((r) => r.id).sort()).toEqual([
      'binance-bybit.usdc-BTC',
      'bybit-bybit.usdc-BTC',
      'upbit-bybit.usdc-BTC',
    ]);
    expect(
      engine.arbitrage('spot-spot', filter({ sourceQuote: 'USDC', targetQuote: 'KRW' }), NOW).total,
    ).toBe(1);
  });

  it('leaves DEX venues out unless asked', () => {
    const engine = goldenEngine();
    engine.apply(
      quote(T0 + 30, 'hyperliquid', 'BTC', 'USDC', 100_050, { market: 'perp', bid: 100_040, ask: 100_060 }),
    );
    expect(engine.arbitrage('perp-perp', filter(), NOW).total).toBe(2);
    expect(engine.arbitrage('perp-perp', filter({ dex: true }), NOW).total).toBe(6);
  });

  it('never ranks a stale row above a fresh one', () => {
    const engine = goldenEngine();
    const later = T0 + 10_000;
    // Only Bybit keeps quoting; the others are 10 s old. The stale rows have the best spreads but sink.
    engine.apply(quote(later - 100, 'bybit', 'BTC', 'USDT', 101_000, { bid: 100_990, ask: 101_010 }));
    engine.apply(quote(later - 50, 'binance', 'BTC', 'USDT', 100_000, { bid: 99_990, ask: 100_010 }));
    const rows = engine.arbitrage('spot-spot', filter({ sort: 'gap' }), later).data;
    const firstStale = rows.findIndex((r) => r.stale);
    expect(firstStale).toBe(2);
    expect(rows.slice(firstStale).every((r) => r.stale)).toBe(true);
    expect(rows.slice(firstStale).every((r) => r.transfer.state === null)).toBe(true);
  });
});

describe('premium scopes and types', () => {
  it('serves global premiums between overseas markets and kimchi premiums against perpetuals', () => {
    const engine = goldenEngine();
    const global = engine.premium(
      { ...filter({ sort: 'gap' }), scope: 'global', premiumType: 'spot-spot' },
      NOW,
    );
    expect(global.data.map((r) => r.id).sort()).toEqual(['binance-bybit-BTC', 'bybit-binance-BTC']);
    // Premium reading: source over target.
    expect(row(global.data, 'bybit-binance-BTC').gapPercent).toBeCloseTo(1, 12);
    const perp = engine.premium(
      { ...filter({ sort: 'gap' }), scope: 'kimchi', premiumType: 'spot-perp' },
      NOW,
    );
    expect(perp.data.map((r) => r.id).sort()).toEqual(['upbit-binance.perp-BTC', 'upbit-bybit.perp-BTC']);
    expect(row(perp.data, 'upbit-binance.perp-BTC').gapPercent).toBeCloseTo(
      (102_500 / 100_100 - 1) * 100,
      10,
    );
  });

  it('trades a premium row toward the premium: buy the cheaper side, send the coin to the dearer', () => {
    const r = row(
      goldenEngine().premium({ ...filter({ sort: 'gap' }), scope: 'kimchi' }, NOW).data,
      'upbit-binance-BTC',
    );
    expect(r.entryGapPercent).toBeCloseTo((143_500_000 / 1_400 / 99_990 - 1) * 100, 10); // 진입: buy Upbit, sell Binance
    expect(r.exitGapPercent).toBeCloseTo((143_400_000 / 1_400 / 100_010 - 1) * 100, 10); // 탈출
    expect(r.trade).toBe('buyTarget');
    expect(r.transfer).toMatchObject({
      needed: true,
      from: 'target',
      transferable: true,
      state: 'trading_available',
    });
    // Buy Binance at its ask (taker 0.1 %), sell Upbit at its bid (0.05 %).
    expect(r.fees.netGapPercent).toBeCloseTo(
      (0.999 * 0.9995 * (143_400_000 / 1_400 / 100_010) - 1) * 100,
      10,
    );
  });
});
