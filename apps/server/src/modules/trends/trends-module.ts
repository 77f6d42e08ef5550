import type { DataSource } from '@spreadscope/contracts';
import type { DataSourceMode } from '@spreadscope/core';
import { createSearchReads, createTrendsRepository, type Database } from '@spreadscope/db';
import type { FetchLike } from '@spreadscope/feeds';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { configuredChannels } from './channel-list.ts';
import { TrendsIngest } from './trends-ingest.ts';
import { registerTrendsJobs } from './trends-jobs.ts';
import { createTrendsSearch } from './trends-search.ts';
import { TrendsService } from './trends-service.ts';
import { TrendSourceStates } from './trends-status.ts';

export interface TrendsModuleDeps {
  readonly database: Database;
  /** Token bases with a USDT market (spec: the social trend screens cover the USDT market only). */
  readonly usdtBases: () => readonly string[];
  /** The running market source's mode: trends are live only when the market is. */
  readonly mode: () => DataSourceMode;
  readonly now: () => number;
  readonly dataSource: () => DataSource;
  readonly seed: number;
  readonly config: {
    readonly TELEGRAM_CHANNELS?: string | undefined;
    readonly TELEGRAM_PREVIEW_URL?: string | undefined;
    readonly TELEGRAM_READ_MINUTES: number;
    readonly NAVER_CLIENT_ID?: string | undefined;
    readonly NAVER_CLIENT_SECRET?: string | undefined;
    readonly NAVER_DATALAB_URL?: string | undefined;
  };
  readonly fetch?: FetchLike;
  readonly channelGapMs?: number;
  readonly logger: { info(msg: string): void; warn(msg: string): void };
}

export interface TrendsModule {
  readonly service: TrendsService;
  readonly ingest: TrendsIngest;
  /** The global search's Telegram and Naver groups, from indexes kept in memory (one per process). */
  /** The global search's social groups, and the post index the Telegram search routes answer from too. */
  readonly search: ReturnType<typeof createTrendsSearch>;
  registerJobs(queue: JobQueue): void;
}

/** Telegram and search-interest trends: storage, the readers (jobs) and the reads behind /trend/*. */
export function createTrendsModule(deps: TrendsModuleDeps): TrendsModule {
  // A bad TELEGRAM_CHANNELS stops the start with its reason instead of reading nothing quietly.
  configuredChannels(deps.config.TELEGRAM_CHANNELS);
  const repository = createTrendsRepository(deps.database, {
    mode: () => (deps.mode() === 'live' ? 'live' : 'simulated'),
  });
  const states = new TrendSourceStates([]);
  const naver =
    deps.config.NAVER_CLIENT_ID && deps.config.NAVER_CLIENT_SECRET
      ? { clientId: deps.config.NAVER_CLIENT_ID, clientSecret: deps.config.NAVER_CLIENT_SECRET }
      : null;
  if (!naver) states.off('naver', 'needs_key', 'NAVER_CLIENT_ID and NAVER_CLIENT_SECRET are not set');
  states.off('google', 'no_source', 'Google publishes no Trends API; no Google trend source is configured');
  const ingest = new TrendsIngest({
    database: deps.database,
    repository,
    states,
    usdtBases: deps.usdtBases,
    now: deps.now,
    seed: deps.seed,
    channelsText: deps.config.TELEGRAM_CHANNELS,
    previewUrl: deps.config.TELEGRAM_PREVIEW_URL,
    naver,
    naverUrl: deps.config.NAVER_DATALAB_URL,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.channelGapMs !== undefined ? { channelGapMs: deps.channelGapMs } : {}),
    logger: deps.logger,
  });
  let search: ReturnType<typeof createTrendsSearch> | undefined;
  const service = new TrendsService({
    repository,
    ingest,
    states,
    now: deps.now,
    dataSource: deps.dataSource,
    postIndex: () => search?.posts,
  });
  search = createTrendsSearch({
    repository,
    reads: createSearchReads(deps.database, { mode: () => repository.mode }),
    ingest,
    service,
  });
  return {
    service,
    ingest,
    search,
    registerJobs: (queue) => registerTrendsJobs(queue, ingest, deps.config.TELEGRAM_READ_MINUTES),
  };
}
