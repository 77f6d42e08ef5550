import type { BlockRef } from '../dex-index/dex-types.ts';

/** An exchange's own address on a chain, from the operator's list (LISTING_DEPOSIT_FILE). */
export interface ExchangeWallet {
  readonly venue: string;
  readonly chain: string;
  /** Lower case, as logs carry it. */
  readonly address: string;
  /** Hot wallets receive users' deposits directly; cold wallets hold the sweep. */
  readonly kind: 'hot' | 'cold' | 'deposit';
  readonly label?: string | undefined;
}

/**
 * One ERC-20 `Transfer` into an exchange wallet. The raw amount is kept exact; the token's symbol and
 * decimals are resolved later (the operator's list, else the contract's own `symbol()`/`decimals()`).
 */
export interface WalletTransfer {
  readonly chain: string;
  /** The token contract, lower case. */
  readonly contract: string;
  readonly from: string;
  readonly to: string;
  readonly venue: string;
  readonly walletKind: ExchangeWallet['kind'];
  /** Base units, decimal string (uint256 does not fit a number). */
  readonly rawAmount: string;
  readonly blockNumber: number;
  readonly blockHash: string;
  readonly logIndex: number;
  readonly transactionHash: string;
  /** Block time, ms. */
  readonly date: number;
}

export interface DepositBatch {
  readonly chain: string;
  readonly cursor: BlockRef;
  readonly blocks: readonly BlockRef[];
  readonly pruneBelow: number;
  readonly transfers: readonly WalletTransfer[];
}

/** Where scanned transfers live; the shape the chain indexer's store has, for the same reorg handling. */
export interface DepositStore {
  cursor(chain: string): Promise<BlockRef | null>;
  recentBlocks(chain: string): Promise<readonly BlockRef[]>;
  commit(batch: DepositBatch): Promise<void>;
  rewind(chain: string, keep: BlockRef): Promise<number>;
}
