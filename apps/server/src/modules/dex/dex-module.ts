import type { DataSource } from '@spreadscope/contracts';
import { type DataSourceMode, getVenue, VENUE_IDS } from '@spreadscope/core';
import { createDexRepository, type Database } from '@spreadscope/db';
import type { VenueOverrides } from '@spreadscope/feeds';
import { type AmmConfig, DEFAULT_AMM } from '@spreadscope/feeds/dex';
import { DexRunner } from './dex-runner.ts';
import { DexService } from './dex-service.ts';

export interface DexModuleOptions {
  readonly database: Database;
  readonly source: {
    state(): { readonly mode: DataSourceMode };
    now(): number;
    onStateChange(listener: (state: { readonly mode: DataSourceMode }) => void): () => void;
  };
  readonly dataSource: () => DataSource;
  readonly amm?: AmmConfig | undefined;
  readonly venues?: VenueOverrides | undefined;
  /** DEX_INDEX */
  readonly index: boolean;
  /** DEX_BACKFILL_BLOCKS */
  readonly backfillBlocks: number;
  readonly seed: number;
  /** False on API replicas: they read what the writer indexed. */
  readonly write: boolean;
  readonly logger: { info(m: string): void; warn(m: string): void };
  readonly simStepMs?: number;
  /** How often a caught-up chain is asked for new blocks (default 4 s). */
  readonly pollMs?: number;
  /** Simulated rows are written once this settles (the server serving). */
  readonly startAfter?: Promise<unknown>;
}

export interface DexModule {
  readonly service: DexService;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The DEX side: rows of the running source, indexed or simulated, and the `dex/*` answers over them. */
export function createDexModule(options: DexModuleOptions): DexModule {
  const { source } = options;
  const amm = options.amm ?? DEFAULT_AMM;
  const repository = createDexRepository(options.database, { mode: () => source.state().mode });
  const rpcFor = (chain: string): string | undefined => {
    const override = VENUE_IDS.filter((id) => getVenue(id).kind === 'amm-dex' && getVenue(id).chain === chain)
      .map((id) => options.venues?.[id]?.baseUrl)
      .find((url) => url !== undefined);
    return override ?? amm.rpc[chain];
  };
  const runner = new DexRunner({
    repository,
    amm,
    rpcFor,
    mode: () => source.state().mode,
    now: () => source.now(),
    index: options.index,
    backfillBlocks: options.backfillBlocks,
    seed: options.seed,
    write: options.write,
    logger: options.logger,
    ...(options.simStepMs !== undefined ? { simStepMs: options.simStepMs } : {}),
    ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
    ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
  });
  const service = new DexService({
    repository,
    runner,
    dataSource: options.dataSource,
    now: () => source.now(),
  });
  let unsubscribe: () => void = () => {};
  let switching: Promise<void> = Promise.resolve();
  return {
    service,
    async start() {
      await runner.start();
      unsubscribe = source.onStateChange((state) => {
        if (state.mode === runner.mode()) return;
        switching = switching.then(() => runner.restart());
      });
    },
    async stop() {
      unsubscribe();
      await switching;
      await runner.stop();
    },
  };
}
