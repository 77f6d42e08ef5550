import type { VenueId } from '@spreadscope/core';
import type { PoolKind } from '../venues/amm/amm-config.ts';

/** A pool the indexer reads, with everything needed to turn its logs into rows. */
export interface DexPool {
  /** Stable id: `<venue>:<lower-case pool address>`. */
  readonly poolId: string;
  readonly venue: VenueId;
  readonly chain: string;
  readonly kind: PoolKind;
  /** Lower case, as logs carry it. */
  readonly address: string;
  readonly base: string;
  readonly quote: string;
  readonly baseToken: string | null;
  readonly quoteToken: string | null;
  readonly baseDecimals: number;
  readonly quoteDecimals: number;
  /** v2/v3: base is token0; klayswap: base is tokenA. Unused by wombat (its logs name each token). */
  readonly baseIsToken0: boolean;
}

/** Where a row sits on the chain: the key that a reorg rewinds by. */
export interface LogPlace {
  readonly chain: string;
  readonly poolId: string;
  readonly blockNumber: number;
  readonly blockHash: string;
  readonly logIndex: number;
  readonly transactionHash: string;
  /** Block time, ms. */
  readonly date: number;
}

export type TradeSide = 'buy' | 'sell';

/** One swap, seen from the trader: `buy` took base out of the pool. */
export interface DexTrade extends LogPlace {
  readonly baseQuantity: number;
  readonly quoteQuantity: number;
  /** Quote per base. */
  readonly price: number;
  readonly side: TradeSide;
  /**
   * The address the pool names as the swap's counterparty (recipient/to); where the log names none
   * (KLAYswap), the account that sent the transaction. Null only when the node no longer knows it.
   */
  readonly maker: string | null;
}

export type LiquidityType = 'add' | 'remove';

/** One liquidity change: the assets (symbols) moved and their quantities, in the same order. */
export interface DexLiquidity extends LogPlace {
  readonly type: LiquidityType;
  readonly assets: readonly string[];
  readonly quantities: readonly number[];
  readonly maker: string | null;
}

export interface BlockRef {
  readonly number: number;
  readonly hash: string;
}

/** What one indexing round hands to storage, to be written at once. */
export interface DexBatch {
  readonly chain: string;
  /** The last block read; the next round starts after it. */
  readonly cursor: BlockRef;
  /** Hashes of blocks read (the cursor's and those holding rows), checked again for reorgs. */
  readonly blocks: readonly BlockRef[];
  /** Block hashes below this number are past any reorg the indexer checks for and may be dropped. */
  readonly pruneBelow: number;
  readonly trades: readonly DexTrade[];
  readonly liquidity: readonly DexLiquidity[];
}

/**
 * Where indexed rows live. The indexer only needs these four; the in-memory store serves tests and the
 * simulated source, the database repository production.
 */
export interface DexStore {
  /** The last block indexed on the chain, or null before the first round. */
  cursor(chain: string): Promise<BlockRef | null>;
  /** Block hashes kept for reorg checks, newest first. */
  recentBlocks(chain: string): Promise<readonly BlockRef[]>;
  commit(batch: DexBatch): Promise<void>;
  /**
   * Drops every row and block hash above `keep.number` and moves the cursor back to `keep` (its hash is
   * empty when no kept block was left to vouch for it).
   */
  rewind(chain: string, keep: BlockRef): Promise<{ trades: number; liquidity: number }>;
}
