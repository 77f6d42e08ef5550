import type { ListingCasePost } from '@spreadscope/contracts';
import type { DataSourceMode, Logger, VenueId } from '@spreadscope/core';
import {
  createListingCaseRepository,
  createTrendsRepository,
  type Database,
  type HistoryRepository,
} from '@spreadscope/db';
import { SIMULATED_VENUE_IDS } from '@spreadscope/feeds';
import { ListingCases } from './listing-cases.ts';
import type { DepositConfig } from './listing-deposit-config.ts';
import type { ListingDepositService } from './listing-deposit-service.ts';
import type { ListingService } from './listing-service.ts';

export interface ListingCasesModuleDeps {
  readonly database: Database;
  readonly listing: ListingService;
  readonly deposits: ListingDepositService;
  readonly depositConfig: DepositConfig;
  readonly history: HistoryRepository;
  readonly mode: () => DataSourceMode;
  readonly now: () => number;
  readonly logger: Pick<Logger, 'error' | 'info'>;
  readonly write: boolean;
  /** The simulator's seed: its past listings become cases on a simulated start (absent: none). */
  readonly seed?: number | undefined;
  readonly disabledVenues?: ReadonlySet<VenueId>;
  readonly tickMs?: number;
}

/** Posts a case shows: the tracked channels' (the opinion leaders') posts naming the token, oldest first. */
const POSTS_READ = 50;

/** The listing history over the database: cases table, minute bars, deposit tracker, Telegram posts. */
export function createListingCases(deps: ListingCasesModuleDeps): ListingCases {
  const trends = createTrendsRepository(deps.database);
  const posts = async (
    mode: DataSourceMode,
    base: string,
    from: number,
    to: number,
  ): Promise<ListingCasePost[]> => {
    // Trends keep two sources: live, and simulated for anything else (as the trends module reads them).
    const { rows } = await trends.forMode(mode === 'live' ? 'live' : 'simulated').posts({
      token: base,
      from,
      sort: 'asc',
      key: 'publishedAt',
      page: 1,
      limit: POSTS_READ,
    });
    return rows
      .filter((p) => p.publishedAt < to)
      .map((p) => ({
        channel: p.channel,
        text: p.text,
        url: `https://t.me/${p.channel}/${p.messageId}`,
        publishedAt: p.publishedAt,
      }));
  };
  const disabled = deps.disabledVenues ?? new Set<VenueId>();
  return new ListingCases({
    repository: createListingCaseRepository(deps.database, { mode: deps.mode }),
    listing: deps.listing,
    history: deps.history,
    depositedBefore: (key, until) => deps.deposits.depositedBefore(key, until),
    posts,
    supply: (base) =>
      deps.depositConfig.tokens.find((t) => t.base === base && t.circulatingSupply)?.circulatingSupply ??
      null,
    mode: deps.mode,
    now: deps.now,
    logger: deps.logger,
    write: deps.write,
    ...(deps.seed === undefined
      ? {}
      : {
          simulator: {
            seed: deps.seed,
            venues: new Set(SIMULATED_VENUE_IDS.filter((v) => !disabled.has(v))),
          },
        }),
    ...(deps.tickMs !== undefined ? { tickMs: deps.tickMs } : {}),
  });
}
