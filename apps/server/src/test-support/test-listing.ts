import type { DataSource } from '@spreadscope/contracts';
import type { DataSourceMode } from '@spreadscope/core';
import {
  createDepositRepository,
  type createHistoryRepository,
  createListingRepository,
  type Database,
} from '@spreadscope/db';
import type { MarketEngine } from '@spreadscope/engine';
import type { DerivativesDesk } from '../modules/derivatives/derivatives-desk.ts';
import { createListingCases } from '../modules/listing/listing-cases-module.ts';
import { type DepositConfig, EMPTY_DEPOSIT_CONFIG } from '../modules/listing/listing-deposit-config.ts';
import { ListingDepositService } from '../modules/listing/listing-deposit-service.ts';
import { ListingPredictedService } from '../modules/listing/listing-predicted.ts';
import { type ListingPush, ListingService } from '../modules/listing/listing-service.ts';
import { cardExtras } from '../modules/listing/listing-supply.ts';

export interface TestListingOptions {
  /** Seed of the simulator whose past listings are stored as cases while the source is simulated. */
  readonly listingSimSeed?: number;
  /** The deposit tracker's wallets and nodes; `startBlock` reads a test node from its genesis. */
  readonly listingDeposits?: { readonly config: DepositConfig; readonly startBlock?: number };
}

const silent = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The listing modules as server.ts wires them (cards, deposit tracker, past cases, predicted listings), over the
 * suite's database and market, at test speed: ticks of tens of ms, the cases' hourly pass left to the suite.
 */
export function testListing(
  deps: {
    readonly database: Database;
    readonly engine: MarketEngine;
    readonly desk: DerivativesDesk;
    readonly history: ReturnType<typeof createHistoryRepository>;
    readonly push: ListingPush;
    /** The running source's mode (the runtime's, once it runs). */
    readonly sourceMode: () => DataSourceMode;
    readonly dataSource: () => DataSource;
    readonly now: () => number;
  },
  options: TestListingOptions,
) {
  const { database, engine, dataSource, now } = deps;
  const repository = createListingRepository(database, { mode: deps.sourceMode });
  const mode = () => repository.mode;
  const depositConfig = options.listingDeposits?.config ?? EMPTY_DEPOSIT_CONFIG;
  const listing = new ListingService({
    repository,
    engine,
    mode,
    dataSource,
    now,
    push: deps.push,
    logger: silent,
    tickMs: 20,
    extras: cardExtras(deps.desk, () => deposits),
  });
  const deposits = new ListingDepositService({
    config: depositConfig,
    listing,
    mode,
    dataSource,
    now,
    seed: 7,
    repository: createDepositRepository(database),
    write: true,
    logger: silent,
    pollMs: 100,
    ...(options.listingDeposits?.startBlock !== undefined
      ? { startBlock: options.listingDeposits.startBlock }
      : {}),
  });
  const cases = createListingCases({
    database,
    listing,
    deposits,
    depositConfig,
    history: deps.history.forMode(mode),
    mode,
    now,
    logger: silent,
    write: true,
    seed: options.listingSimSeed,
    tickMs: 3_600_000,
  });
  // No trends module here: candidates carry market reasons; every market move shows in the next answer.
  const predicted = new ListingPredictedService({
    engine,
    listings: () => listing.held(),
    mode,
    dataSource,
    now,
    ttlMs: 0,
  });
  return { repository, listing, deposits, cases, predicted };
}
