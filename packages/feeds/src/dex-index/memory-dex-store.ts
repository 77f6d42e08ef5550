import type { BlockRef, DexBatch, DexLiquidity, DexStore, DexTrade } from './dex-types.ts';

interface ChainRows {
  cursor: BlockRef | null;
  blocks: Map<number, string>;
  trades: DexTrade[];
  liquidity: DexLiquidity[];
}

/** Indexed rows in memory: for tests, benches and the simulated source. Rows stay in chain order. */
export class MemoryDexStore implements DexStore {
  private readonly chains = new Map<string, ChainRows>();

  private rows(chain: string): ChainRows {
    let rows = this.chains.get(chain);
    if (!rows) {
      rows = { cursor: null, blocks: new Map(), trades: [], liquidity: [] };
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

  async commit(batch: DexBatch): Promise<void> {
    const rows = this.rows(batch.chain);
    rows.cursor = batch.cursor;
    for (const block of batch.blocks) rows.blocks.set(block.number, block.hash);
    for (const number of rows.blocks.keys()) if (number < batch.pruneBelow) rows.blocks.delete(number);
    rows.trades.push(...batch.trades);
    rows.liquidity.push(...batch.liquidity);
  }

  async rewind(chain: string, keep: BlockRef): Promise<{ trades: number; liquidity: number }> {
    const rows = this.rows(chain);
    const before = { trades: rows.trades.length, liquidity: rows.liquidity.length };
    rows.trades = rows.trades.filter((t) => t.blockNumber <= keep.number);
    rows.liquidity = rows.liquidity.filter((l) => l.blockNumber <= keep.number);
    for (const number of rows.blocks.keys()) if (number > keep.number) rows.blocks.delete(number);
    rows.cursor = keep;
    return {
      trades: before.trades - rows.trades.length,
      liquidity: before.liquidity - rows.liquidity.length,
    };
  }

  /** Every chain's trades, oldest first. */
  trades(chain?: string): DexTrade[] {
    const chains = chain === undefined ? [...this.chains.values()] : [this.rows(chain)];
    return chains.flatMap((c) => c.trades);
  }

  liquidity(chain?: string): DexLiquidity[] {
    const chains = chain === undefined ? [...this.chains.values()] : [this.rows(chain)];
    return chains.flatMap((c) => c.liquidity);
  }
}
