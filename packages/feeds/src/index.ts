export { DEFAULT_BACKOFF } from '@spreadscope/core';
export { AutoSource, type AutoSourceOptions, type LiveFailure } from './auto-source.ts';
export { type FeedCalendarEvent, parseCalendarFeed } from './calendar/calendar-feed.ts';
export type { FeedLogger } from './common/logger.ts';
export { sleep } from './common/sleep.ts';
export { disabledVenueIds, type VenueOverride, type VenueOverrides } from './common/venue-overrides.ts';
export {
  createMarketSource,
  DEFAULT_SIM_SEED,
  type MarketSourceOptions,
  parseSourceSpec,
  type SourceSpec,
} from './create-market-source.ts';
export { DERIVATIVES_VENUES } from './derivatives/derivatives-feed.ts';
export { EventGate } from './guard/event-gate.ts';
export { GATE_LIMITS } from './guard/gate-limits.ts';
export { GuardedSource } from './guard/guarded-source.ts';
export type { Rejection, VenueRejects } from './guard/rejects.ts';
export { DEFAULT_FEED_SETTINGS } from './live/feed-settings.ts';
export { DEFAULT_FOREX_URLS, type ForexHealth, parseUsdKrw } from './live/forex-poller.ts';
export type { FetchLike } from './live/http-seam.ts';
export { LiveSource, type LiveSourceOptions } from './live/live-source.ts';
export { MARGIN_VENUES } from './margin/margin-feed.ts';
export type { EventSink, GatedSource, MarketSource, VenueLink } from './market-source.ts';
export {
  type Env,
  isVenueEnvName,
  MARKET_SOURCE_ENV_NAMES,
  marketSourceOptionsFromEnv,
  VENUE_ENV_SUFFIXES,
  venueOverridesFromEnv,
} from './market-source-env.ts';
export {
  type ParsedListingNotice,
  parseKoreanDateTime,
  parseListingNotice,
} from './notices/listing-notice.ts';
export {
  isoDay,
  type KeywordGroup,
  NAVER_DATALAB_URL,
  NAVER_MAX_GROUPS,
  type NaverCredentials,
  naverSearchTrend,
  naverSearchTrends,
  SearchTrendError,
  type TrendPoint,
} from './search-trends/naver-datalab.ts';
export {
  type BackfillToken,
  type MarketDay,
  type SimFundingMinute,
  type SimFundingSettlement,
  type SimGapMinute,
  SimulatedHistory,
  type SimulatedHistoryOptions,
} from './sim/backfill.ts';
export { type DerivativesDay, simulatedDerivativesDay } from './sim/derivatives-backfill.ts';
export { DerivativesSimulator } from './sim/derivatives-sim.ts';
export { krwTick } from './sim/price-ticks.ts';
export {
  type SimListingCase,
  type SimListingMinute,
  simListingPath,
  simulatedListingCases,
} from './sim/sim-listing-cases.ts';
export { simListingSupply } from './sim/sim-listings.ts';
export {
  type SimChannel,
  type SimPost,
  simulatedChannels,
  simulatedPosts,
  simulatedSearchSeries,
} from './sim/sim-trends.ts';
export { SIM_STEP_MS, Simulator, type SimulatorOptions } from './sim/simulator.ts';
export { SimulatorSource, type SimulatorSourceOptions } from './sim/simulator-source.ts';
export { TOKEN_UNIVERSE, type TokenSpec } from './sim/token-universe.ts';
export { SIMULATED_VENUE_IDS } from './sim/venue-profiles.ts';
export { FEED_KINDS, type FeedHealth, type FeedKind, type FeedTransport } from './supervisor/feed-health.ts';
export { ReplaySource, type ReplaySourceOptions } from './tape/replay-source.ts';
export { assertTapeReadable, type ReadTapeOptions, readTape, readTapeFile } from './tape/tape-reader.ts';
export { type TapeMeta, type TapeStats, TapeWriter } from './tape/tape-writer.ts';
export {
  ChannelPageError,
  parseChannelPage,
  parseCount,
  type TelegramChannelInfo,
  type TelegramChannelPage,
  type TelegramPagePost,
} from './telegram-channels/channel-page.ts';
export {
  type ChannelRead,
  type ChannelReaderOptions,
  isChannelName,
  readChannel,
  TELEGRAM_PREVIEW_URL,
} from './telegram-channels/channel-reader.ts';
export { type ChannelSeed, DEFAULT_TELEGRAM_CHANNELS } from './telegram-channels/default-channels.ts';
export {
  type Candle,
  type CandleRequest,
  type Capability,
  type CapabilityKey,
  type CapabilityMap,
  type FeedSettings,
  VenueRequestError,
} from './venues/adapter.ts';
export { CCXT_VENUES } from './venues/ccxt/ccxt-venues.ts';
export {
  createGatedSource,
  type GatedSourceOptions,
} from './worker/create-gated-source.ts';
export { WorkerSource } from './worker/worker-source.ts';
