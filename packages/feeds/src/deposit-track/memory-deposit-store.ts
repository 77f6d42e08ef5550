import type { BlockRef } from '../dex-index/dex-types.ts';
import type { DepositBatch, DepositStore, WalletTransfer } from './deposit-types.ts';

interface ChainRows {
  cursor: BlockRef | null;
  blocks: Map<number, string>;
  transfers: WalletTransfer[];
}

/** Scanned transfers in memory, in chain order; a reorg drops the rows above the block kept. */
export class MemoryDepositStore implements DepositStore {
  private readonly chains = new Map<string, ChainRows>();
  private readonly listeners = new Set<(rows: readonly WalletTransfer[]) => void>();

  private rows(chain: string): ChainRows {
    let rows = this.chains.get(chain);
    if (!rows) {
      rows = { cursor: null, blocks: new Map(), transfers: [] };
      this.chains.set(chain, rows);
    }
    return rows;
  }

  async cursor(chain: string): Promise<BlockRef | null> {
    return this.rows(chain).cursor;
  }

  async recentBlocks(chain: string): Promise<readonly BlockRef[]> {
    return [...this.rows(chain).blocks]
      .map(([number, hash]) => ({ number, hash }))
      .sort((a, b) => b.number - a.number);
  }

  async commit(batch: DepositBatch): Promise<void> {
    const rows = this.rows(batch.chain);
    rows.cursor = batch.cursor;
    for (const block of batch.blocks) rows.blocks.set(block.number, block.hash);
    for (const number of rows.blocks.keys()) if (number < batch.pruneBelow) rows.blocks.delete(number);
    rows.transfers.push(...batch.transfers);
    if (batch.transfers.length > 0) for (const listener of this.listeners) listener(batch.transfers);
  }

  async rewind(chain: string, keep: BlockRef): Promise<number> {
    const rows = this.rows(chain);
    const before = rows.transfers.length;
    rows.transfers = rows.transfers.filter((t) => t.blockNumber <= keep.number);
    for (const number of rows.blocks.keys()) if (number > keep.number) rows.blocks.delete(number);
    rows.cursor = keep;
    return before - rows.transfers.length;
  }

  /** Every chain's transfers (or one chain's), oldest first. */
  transfers(chain?: string): WalletTransfer[] {
    const chains = chain === undefined ? [...this.chains.values()] : [this.rows(chain)];
    return chains.flatMap((c) => c.transfers);
  }

  /** Called with each committed batch's new transfers (the live push). */
  onTransfers(listener: (rows: readonly WalletTransfer[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
