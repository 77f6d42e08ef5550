import { type DataSourceMode, getVenue } from '@spreadscope/core';
import type { DexRepository } from '@spreadscope/db';
import { sleep } from '@spreadscope/feeds';
import {
  type AmmConfig,
  ChainIndexer,
  type ChainStatus,
  type DexPool,
  type DexStore,
  findDexPool,
  JsonRpc,
  type PoolConfig,
  toDexPool,
} from '@spreadscope/feeds/dex';
import { simBlockMs, simDexBatch } from '@spreadscope/feeds/sim';
import { simulatedDexPools } from './dex-pool-set.ts';

export interface DexRunnerOptions {
  readonly repository: DexRepository;
  readonly amm: AmmConfig;
  /** JSON-RPC URL per chain (VENUE_<ID>_URL of one of its venues, else the AMM config's node). */
  readonly rpcFor: (chain: string) => string | undefined;
  readonly mode: () => DataSourceMode;
  readonly now: () => number;
  readonly index: boolean;
  readonly backfillBlocks: number;
  readonly seed: number;
  readonly write: boolean;
  readonly logger: { info(m: string): void; warn(m: string): void };
  /** How often the simulated pools add their newest rows. */
  readonly simStepMs?: number;
  readonly pollMs?: number;
  /** Rows are written once this settles (the server serving): PGlite runs one query at a time. */
  readonly startAfter?: Promise<unknown>;
}

/** How far back a fresh simulated install fills its DEX rows. */
const SIM_BACKFILL_MS = 24 * 3_600_000;
/** Simulated time per commit while catching up. */
const SIM_COMMIT_MS = 3_600_000;

/**
 * Keeps the DEX rows of the running source coming: live, one indexer per chain over its node; simulated,
 * rows drawn by the simulator through the same store writes. Restarted by the server when the source
 * switches mode. A process that writes no history (ROLE=api) only reads.
 */
export class DexRunner {
  private pools: DexPool[] = [];
  private indexers: ChainIndexer[] = [];
  private stopper = new AbortController();
  private loops: Promise<void>[] = [];
  private runningMode: DataSourceMode | null = null;

  constructor(private readonly options: DexRunnerOptions) {}

  /** The pools of the running mode. */
  currentPools(): readonly DexPool[] {
    return this.pools;
  }

  mode(): DataSourceMode | null {
    return this.runningMode;
  }

  statusOf(chain: string): ChainStatus | null {
    return this.indexers.find((i) => i.chain === chain)?.status() ?? null;
  }

  async start(): Promise<void> {
    const mode = this.options.mode();
    this.runningMode = mode;
    this.stopper = new AbortController();
    const { amm, repository } = this.options;
    if (mode === 'simulated') {
      this.pools = simulatedDexPools(amm);
      if (this.options.write) {
        await repository.forMode('simulated').savePools(this.pools);
        this.loops.push(this.simulate(this.stopper.signal));
      }
      return;
    }
    if (mode !== 'live') {
      this.pools = [];
      return;
    }
    this.pools = amm.pools.flatMap((p) => (p.address === undefined ? [] : [toDexPool(p, p.address)]));
    if (!this.options.index || !this.options.write) return;
    this.loops.push(this.live(this.stopper.signal));
  }

  async stop(): Promise<void> {
    this.stopper.abort();
    await Promise.allSettled(this.loops);
    this.loops = [];
    this.indexers = [];
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  private async live(signal: AbortSignal): Promise<void> {
    const { amm, repository, logger } = this.options;
    const store: DexStore = repository.forMode('live');
    // Pools named by a factory are found first, on their chain's node.
    const found: DexPool[] = [];
    for (const config of amm.pools) {
      // A switch to another source while pools are looked up: the next mode starts without waiting for them.
      if (signal.aborted) return;
      if (config.address !== undefined) continue;
      const chain = chainOf(config);
      const url = this.options.rpcFor(chain);
      if (!url) continue;
      try {
        const pool = await findDexPool(config, new JsonRpc(url));
        if (pool) found.push(pool);
        else logger.warn(`dex: ${config.venue} has no ${config.base}/${config.quote} pool on ${chain}`);
      } catch (error) {
        logger.warn(`dex: could not find the ${config.venue} pool: ${(error as Error).message}`);
      }
    }
    if (signal.aborted) return;
    this.pools = [...this.pools, ...found];
    await repository.forMode('live').savePools(this.pools);
    const chains = [...new Set(this.pools.map((p) => p.chain))];
    for (const chain of chains) {
      const url = this.options.rpcFor(chain);
      if (!url) {
        logger.warn(`dex: no JSON-RPC endpoint for ${chain}; its pools are not indexed`);
        continue;
      }
      this.indexers.push(
        new ChainIndexer({
          chain,
          rpc: new JsonRpc(url),
          pools: this.pools.filter((p) => p.chain === chain),
          store,
          backfillBlocks: this.options.backfillBlocks,
          ...(this.options.pollMs !== undefined ? { pollMs: this.options.pollMs } : {}),
        }),
      );
    }
    logger.info(
      `dex: indexing ${this.pools.length} pools on ${this.indexers.map((i) => i.chain).join(', ')}`,
    );
    await Promise.allSettled(this.indexers.map((i) => i.run(signal)));
  }

  private async simulate(signal: AbortSignal): Promise<void> {
    const store = this.options.repository.forMode('simulated');
    const step = this.options.simStepMs ?? 5_000;
    // The first pass writes the back-filled window: queued before listening, it held a fresh start back.
    await this.options.startAfter;
    while (!signal.aborted) {
      try {
        for (const chain of [...new Set(this.pools.map((p) => p.chain))]) {
          const now = this.options.now();
          const cursor = await store.cursor(chain);
          const blockMs = simBlockMs(chain);
          let from = Math.max(now - SIM_BACKFILL_MS, cursor ? (cursor.number + 1) * blockMs : 0);
          // Whole blocks only: a batch's cursor is the block holding its last instant, so a batch ending inside
          // a block left that block's later swaps out of the next batch too.
          const end = Math.floor(now / blockMs) * blockMs;
          const pools = this.pools.filter((p) => p.chain === chain);
          // The day at start goes in hour-long commits, callers let in between: one commit held PGlite's only
          // connection, and every request that touched the database, for a second or more.
          while (from < end && !signal.aborted) {
            const to = Math.min(end, Math.floor((from + SIM_COMMIT_MS) / blockMs) * blockMs);
            await store.commit(simDexBatch(chain, pools, from, to, this.options.seed));
            from = to;
            await new Promise((resolve) => setImmediate(resolve));
          }
        }
      } catch (error) {
        if (!signal.aborted)
          this.options.logger.warn(`dex: simulated rows not written: ${(error as Error).message}`);
      }
      await sleep(step, signal);
    }
  }
}

function chainOf(p: PoolConfig): string {
  return getVenue(p.venue).chain ?? 'unknown';
}
