import type { PremiumTableRow, SpreadLeg } from '@spreadscope/contracts';
import type { VenueId } from '@spreadscope/core';

type Overrides = Partial<Omit<PremiumTableRow, 'source' | 'target'>> & {
  sourcePrice?: number;
  targetPrice?: number;
  source?: Partial<SpreadLeg>;
  target?: Partial<SpreadLeg>;
  sourceVenue?: VenueId;
  targetVenue?: VenueId;
};

function leg(exchange: VenueId, quote: string, price: number, rate: number): SpreadLeg {
  return {
    exchange,
    market: 'spot',
    quote,
    price,
    nativePrice: quote === 'KRW' ? price : price / rate,
    bid: price * 0.9995,
    ask: price * 1.0005,
    volume24h: 1_000_000_000,
    change24hPercent: 1.2,
    updatedAt: 0,
    stale: false,
    symbol: `${exchange}-${quote.toLowerCase()}-btc`,
    fundingRatePercent: null,
    fundingIntervalHours: null,
    nextFundingTime: null,
    annualizedFundingPercent: null,
    bidDepth: 50_000_000,
    askDepth: 40_000_000,
    makerFeePercent: 0.05,
    takerFeePercent: 0.1,
  };
}

/** A plausible full premium/arbitrage row (contracts spread-row.ts) for unit tests and the table benchmark. */
export function makeSpreadRow(base: string, overrides: Overrides = {}): PremiumTableRow {
  const {
    sourcePrice = 100_000,
    targetPrice = 97_000,
    source,
    target,
    sourceVenue = 'upbit',
    targetVenue = 'binance',
    ...rest
  } = overrides;
  const rate = 1400;
  const gap = (sourcePrice / targetPrice - 1) * 100;
  return {
    id: `${sourceVenue}-${targetVenue}-${base}`,
    base,
    source: { ...leg(sourceVenue, 'KRW', sourcePrice, rate), ...source },
    target: { ...leg(targetVenue, 'USDT', targetPrice, rate), ...target },
    currency: 'KRW',
    conversionBase: 'USD',
    conversionRate: rate,
    priceDiff: sourcePrice - targetPrice,
    gapPercent: gap,
    stale: false,
    tokenMismatch: false,
    scope: 'kimchi',
    premiumType: 'spot-spot',
    entryGapPercent: gap + 0.1,
    exitGapPercent: gap - 0.1,
    gapAgo: { '5m': gap, '15m': gap, '30m': null, '1h': null, '4h': null, '24h': null },
    durationSince: 1_700_000_000_000,
    depth: { entry: 40_000_000, exit: 50_000_000 },
    funding: { gapPercent: null, netRate8hPercent: 0, annualizedPercent: 0 },
    trade: 'buyTarget',
    transfer: {
      needed: true,
      from: 'target',
      networks: [
        {
          network: 'BTC',
          confirmations: 2,
          blockTimeSec: 600,
          transferTimeSec: 1200,
          withdrawFee: 0.0001,
          withdrawFeeValue: 14_000,
        },
      ],
      transferable: true,
      state: 'trading_available',
    },
    fees: {
      mode: 'taker',
      buyFeePercent: 0.1,
      sellFeePercent: 0.1,
      withdrawalFeePercent: null,
      netGapPercent: gap - 0.2,
    },
    estimate: { amount: 10_000_000, buyFeePercent: 0.1, sellFeePercent: 0.1, profit: 1, profitPercent: 0.01 },
    maxEntry: null,
    ...rest,
  };
}
