import type { PremiumRow } from '@spreadscope/contracts';

/** A plausible premium row for unit tests; override what the test is about. */
export function makeRow(
  base: string,
  overrides: Partial<Omit<PremiumRow, 'source' | 'target'>> & {
    sourcePrice?: number;
    targetPrice?: number;
    volume?: number | null;
  } = {},
): PremiumRow {
  const { sourcePrice = 100_000, targetPrice = 97_000, volume = 1_000_000_000, ...rest } = overrides;
  const leg = {
    market: 'spot' as const,
    bid: null,
    ask: null,
    change24hPercent: null,
    updatedAt: 0,
    stale: false,
  };
  return {
    id: `upbit-binance-${base}`,
    base,
    source: {
      ...leg,
      exchange: 'upbit',
      quote: 'KRW',
      price: sourcePrice,
      nativePrice: sourcePrice,
      volume24h: volume,
    },
    target: {
      ...leg,
      exchange: 'binance',
      quote: 'USDT',
      price: targetPrice,
      nativePrice: targetPrice / 1400,
      volume24h: volume,
    },
    currency: 'KRW',
    conversionBase: 'USD',
    conversionRate: 1400,
    priceDiff: sourcePrice - targetPrice,
    gapPercent: (sourcePrice / targetPrice - 1) * 100,
    stale: false,
    ...rest,
  };
}
