/**
 * The DEX rows as the repository takes and gives them (times in epoch ms). They match the indexer's own
 * types in @spreadscope/feeds field for field, so the repository is the indexer's store as it is.
 */
export interface DexPoolRecord {
  readonly poolId: string;
  readonly venue: string;
  readonly chain: string;
  readonly kind: string;
  readonly address: string;
  readonly base: string;
  readonly quote: string;
  readonly baseToken: string | null;
  readonly quoteToken: string | null;
  readonly baseDecimals: number;
  readonly quoteDecimals: number;
  readonly baseIsToken0: boolean;
}

interface DexPlace {
  readonly chain: string;
  readonly poolId: string;
  readonly blockNumber: number;
  readonly blockHash: string;
  readonly logIndex: number;
  readonly transactionHash: string;
  readonly date: number;
}

export interface DexTradeRecord extends DexPlace {
  readonly baseQuantity: number;
  readonly quoteQuantity: number;
  readonly price: number;
  readonly side: 'buy' | 'sell';
  readonly maker: string | null;
}

export interface DexLiquidityRecord extends DexPlace {
  readonly type: 'add' | 'remove';
  readonly assets: readonly string[];
  readonly quantities: readonly number[];
  readonly maker: string | null;
}

export interface DexBlockRef {
  readonly number: number;
  readonly hash: string;
}

export interface DexBatchRecord {
  readonly chain: string;
  readonly cursor: DexBlockRef;
  readonly blocks: readonly DexBlockRef[];
  readonly pruneBelow: number;
  readonly trades: readonly DexTradeRecord[];
  readonly liquidity: readonly DexLiquidityRecord[];
}

/** Candle in the public API's short keys: open time (ms), OHLC, base volume. */
export interface DexCandleRecord {
  readonly d: number;
  readonly o: number;
  readonly h: number;
  readonly l: number;
  readonly c: number;
  readonly v: number;
}

export interface DexRowQuery {
  readonly poolIds?: readonly string[];
  readonly from?: number;
  readonly to?: number;
  readonly sort: 'asc' | 'desc';
  /** 1-based. */
  readonly page: number;
  readonly limit: number;
}
