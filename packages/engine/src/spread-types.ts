import type {
  ArbitrageKind,
  ArbitrageState,
  ConversionBase,
  Currency,
  DurationFilter,
  FeeMode,
  FundingIntervalFilter,
  GapWindow,
  MarketType,
  NetworkChoice,
  PremiumScope,
  PremiumType,
  SpreadQuote,
  UpdateInterval,
  VenueId,
} from '@spreadscope/core';

/** What the premium and arbitrage tables are asked for (the API contracts' queries, structurally). */

export type SpreadSortKey =
  | 'gap'
  | 'entryGap'
  | 'exitGap'
  | 'netGap'
  | 'base'
  | 'volume'
  | 'sourcePrice'
  | 'targetPrice'
  | 'fundingGap'
  | 'netFunding'
  | 'duration';

/** Reading of a row's percents: the premium of source over target, or the spread bought source → sold target. */
export type Convention = 'premium' | 'arbitrage';

export interface SpreadFilter {
  readonly source?: VenueId | undefined;
  readonly target?: VenueId | undefined;
  readonly search?: string | undefined;
  /** Only these tokens (upper case), e.g. the user's owned tokens; absent or empty: every token. */
  readonly bases?: readonly string[] | undefined;
  readonly currency: Currency;
  readonly conversionBase: ConversionBase;
  readonly interval: UpdateInterval;
  readonly sort: SpreadSortKey;
  readonly order: 'asc' | 'desc';
  readonly page: number;
  readonly limit: number;
  readonly feeMode?: FeeMode | undefined;
  readonly networkChoice?: NetworkChoice | undefined;
  readonly minDuration?: DurationFilter | undefined;
  readonly fundingInterval?: FundingIntervalFilter | undefined;
  readonly amount?: number | undefined;
  readonly dex?: boolean | undefined;
  readonly hideLowVolume?: boolean | undefined;
  readonly transferable?: boolean | undefined;
}

export interface PremiumFilter extends SpreadFilter {
  readonly scope?: PremiumScope | undefined;
  readonly premiumType?: PremiumType | undefined;
  readonly targetQuote?: SpreadQuote | 'any' | undefined;
  readonly sourceQuote?: SpreadQuote | undefined;
  readonly minPremium?: number | undefined;
  readonly maxPremium?: number | undefined;
}

export interface ArbitrageFilter extends SpreadFilter {
  /** Quotes of the leg bought and of the leg sold (KRW, USDT, USDC, USD); absent or 'any': any. */
  readonly sourceQuote?: SpreadQuote | undefined;
  readonly targetQuote?: SpreadQuote | 'any' | undefined;
  readonly minGap?: number | undefined;
  readonly maxGap?: number | undefined;
}

export interface SpreadLegView {
  readonly exchange: VenueId;
  readonly market: MarketType;
  readonly quote: string;
  readonly symbol: string;
  readonly price: number;
  readonly nativePrice: number;
  readonly bid: number | null;
  readonly ask: number | null;
  readonly volume24h: number | null;
  readonly change24hPercent: number | null;
  readonly updatedAt: number;
  readonly stale: boolean;
  readonly fundingRatePercent: number | null;
  readonly fundingIntervalHours: number | null;
  readonly nextFundingTime: number | null;
  readonly annualizedFundingPercent: number | null;
  readonly bidDepth: number | null;
  readonly askDepth: number | null;
  readonly makerFeePercent: number;
  readonly takerFeePercent: number;
}

export interface TransferNetworkView {
  readonly network: string;
  readonly confirmations: number | null;
  readonly blockTimeSec: number | null;
  readonly transferTimeSec: number | null;
  readonly withdrawFee: number | null;
  readonly withdrawFeeValue: number | null;
}

export interface MaxEntryView {
  /** Display currency. */
  readonly size: number;
  /** The same size in US dollars (dollar quotes at par; KRW at the row's conversion rate). */
  readonly sizeUsd: number;
  readonly units: number;
  readonly averageGapPercent: number;
  readonly optimalSize: number;
  readonly optimalSizeUsd: number;
  readonly optimalProfit: number;
  readonly optimalProfitUsd: number;
  readonly bookLimited: boolean;
}

/**
 * Why a row has no depth or no max entry: a leg has no order book at all (the feed keeps books only for some
 * markets), its book is older than the freshness window, a book side is empty, or (max entry, withdrawal fee
 * mode) the withdrawal fee is unknown.
 */
export type BookUnavailable = 'no_book' | 'stale_book' | 'empty_book' | 'withdrawal_fee_unknown';

export interface SpreadRowView {
  readonly id: string;
  readonly base: string;
  readonly source: SpreadLegView;
  readonly target: SpreadLegView;
  readonly currency: Currency;
  readonly conversionBase: ConversionBase;
  readonly conversionRate: number;
  readonly priceDiff: number;
  readonly gapPercent: number;
  readonly stale: boolean;
  /**
   * The two legs are different tokens behind one ticker (their contracts differ on a shared network): never an
   * opportunity — ranked after every comparable row, no transfer state.
   */
  readonly tokenMismatch: boolean;
  readonly scope: 'kimchi' | 'global' | 'domestic';
  readonly premiumType: PremiumType;
  readonly entryGapPercent: number | null;
  readonly exitGapPercent: number | null;
  readonly gapAgo: Record<GapWindow, number | null>;
  /**
   * When the premium's current run began (epoch ms, a minute boundary): the duration is the table's
   * updatedAt − this. A start, not a length, so a row whose run goes on stays the same from tick to tick.
   */
  readonly durationSince: number | null;
  readonly depth: {
    readonly entry: number | null;
    readonly exit: number | null;
    /** Set when entry or exit is null. */
    readonly unavailable: BookUnavailable | null;
  };
  readonly funding: {
    readonly gapPercent: number | null;
    readonly netRate8hPercent: number | null;
    readonly annualizedPercent: number | null;
  };
  readonly trade: 'buySource' | 'buyTarget';
  readonly transfer: {
    readonly needed: boolean;
    readonly from: 'source' | 'target';
    readonly networks: TransferNetworkView[];
    readonly transferable: boolean | null;
    readonly state: ArbitrageState | null;
  };
  readonly fees: {
    readonly mode: FeeMode;
    readonly buyFeePercent: number;
    readonly sellFeePercent: number;
    readonly withdrawalFeePercent: number | null;
    readonly netGapPercent: number | null;
  };
  readonly estimate: {
    readonly amount: number;
    readonly buyFeePercent: 0.1;
    readonly sellFeePercent: 0.1;
    readonly profit: number | null;
    readonly profitPercent: number | null;
  };
  readonly maxEntry: MaxEntryView | null;
  /** Set when maxEntry is null. */
  readonly maxEntryUnavailable: BookUnavailable | null;
}

export interface Rates {
  readonly usdKrw: number | null;
  readonly usdtKrw: number | null;
  readonly updatedAt: number | null;
}

export interface SpreadPage {
  readonly data: SpreadRowView[];
  readonly page: number;
  readonly limit: number;
  readonly total: number;
  readonly updatedAt: number;
  readonly currency: Currency;
  readonly conversionBase: ConversionBase;
  readonly rates: Rates;
}

export interface ArbitragePage extends SpreadPage {
  readonly kind: ArbitrageKind;
}
