import type { DataSourceMode, Logger } from '@spreadscope/core';
import {
  createAlertsRepository,
  createListingRepository,
  createWalletsRepository,
  type Database,
  type MarketHistoryRepository,
  type UsersRepository,
} from '@spreadscope/db';
import type { MarketEngine } from '@spreadscope/engine';
import type { ListingMoments } from '../listing/listing-moments.ts';
import { koreanPremiumPct } from '../listing/listing-observe.ts';
import type { Notifier } from '../notify/notifier.ts';
import type { WalletChangeEvents } from '../wallets/wallet-events.ts';
import { createBacktest } from './alert-backtest.ts';
import { AlertEvaluator } from './alert-evaluator.ts';
import { AlertsService } from './alerts-service.ts';

export interface AlertsModuleOptions {
  readonly database: Pick<Database, 'db'>;
  readonly users: Pick<UsersRepository, 'findById'>;
  /** The delivery module's outbox; null until it is wired (firings then wait, recorded, as `pending`). */
  readonly notifier: Notifier | null;
  /** Minute history of the running source, for back-tests. */
  readonly marketHistory: () => MarketHistoryRepository;
  readonly engine: () => MarketEngine;
  /** The market clock (tape time under a replay): freshness and firing times. */
  readonly now: () => number;
  /** Wall clock of edits and expiry checks (default Date.now). */
  readonly clock?: () => number;
  readonly logger: Logger;
  /** Whether this process evaluates the rules: ROLE=all or ingest, never an API replica. */
  readonly evaluate: boolean;
  readonly syncMs?: number;
  /** The running source's mode: event rules' back-tests read its stored wallet changes and listings. */
  readonly sourceMode: () => DataSourceMode;
}

export interface AlertsModule {
  readonly service: AlertsService;
  readonly evaluator: AlertEvaluator | null;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The alert bot wired once: API service everywhere, the evaluator where the market and the jobs run. */
export function createAlertsModule(options: AlertsModuleOptions): AlertsModule {
  const repo = createAlertsRepository(options.database);
  const evaluator = options.evaluate
    ? new AlertEvaluator({
        repo,
        users: options.users,
        notifier: options.notifier,
        engine: options.engine,
        now: options.now,
        logger: options.logger,
        ...(options.syncMs === undefined ? {} : { syncMs: options.syncMs }),
      })
    : null;
  const service = new AlertsService({
    repo,
    notifier: options.notifier,
    now: options.clock ?? Date.now,
    backtest: createBacktest(options.marketHistory, {
      wallets: createWalletsRepository(options.database),
      listing: createListingRepository(options.database),
      mode: options.sourceMode,
    }),
    onChange: () => void evaluator?.refresh(false),
  });
  return {
    service,
    evaluator,
    start: async () => evaluator?.start(),
    stop: async () => evaluator?.stop(),
  };
}

/**
 * The event strategies' inputs: wallet changes (wallet status, with the venue's premium of the token then) and
 * listing steps (listing arbitrage) reach the evaluator. Nothing to do where rules are not evaluated.
 */
export function listenForAlertEvents(
  alerts: AlertsModule,
  from: {
    readonly wallets: WalletChangeEvents;
    readonly listing: ListingMoments;
    readonly engine: () => MarketEngine;
    readonly now: () => number;
  },
): () => void {
  const evaluator = alerts.evaluator;
  if (!evaluator) return () => {};
  const offWallets = from.wallets.on((event) =>
    evaluator.onWalletChange(event, koreanPremiumPct(from.engine(), event.exchange, event.asset, from.now())),
  );
  const offListing = from.listing.on((moment) => evaluator.onListingMoment(moment));
  return () => {
    offWallets();
    offListing();
  };
}
