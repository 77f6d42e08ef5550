import type { TapeLineError } from '@spreadscope/core';
import { AutoSource } from './auto-source.ts';
import { type FeedLogger, silentLogger } from './common/logger.ts';
import { disabledVenueIds, type VenueOverrides } from './common/venue-overrides.ts';
import type { FetchLike } from './live/http-seam.ts';
import { LiveSource } from './live/live-source.ts';
import type { MarketSource } from './market-source.ts';
import { SimulatorSource } from './sim/simulator-source.ts';
import { ReplaySource } from './tape/replay-source.ts';
import type { FeedSettings } from './venues/adapter.ts';
import type { AmmConfig } from './venues/amm/amm-config.ts';

export const DEFAULT_SIM_SEED = 1;

export type SourceSpec =
  | { readonly kind: 'auto' }
  | { readonly kind: 'live' }
  | { readonly kind: 'sim' }
  | { readonly kind: 'replay'; readonly path: string };

export interface MarketSourceOptions {
  /** MARKET_SOURCE: `auto` | `live` | `sim` | `replay:<path>`. */
  readonly spec: string;
  /** Simulator seed (sim, and auto's fallback); default 1. */
  readonly seed?: number;
  /** Simulator: how many tokens it quotes (default its list of 352; more are synthesized, as benchmarks at 7,000 do). */
  readonly simTokens?: number;
  /** Replay speed: 1 = as recorded (default), N = N× faster, 0 = as fast as possible. */
  readonly replaySpeed?: number;
  /** Per-venue settings: disable, base-URL override, poll interval. */
  readonly venues?: VenueOverrides;
  /** auto: how long live venues get before the simulator takes over (default 15 s). */
  readonly autoTimeoutMs?: number;
  /** `auto` on the simulator: first background try of live after this long (ms; 0 = never, e.g. recording). */
  readonly autoRetryMs?: number;
  readonly logger?: FeedLogger;
  /** live/auto: ticker poll period per venue (default 5 s). */
  readonly pollIntervalMs?: number;
  /** live/auto: USD/KRW sources tried in order. */
  readonly forexUrls?: readonly string[];
  /** live/auto: feed tunables (streams on/off, silence window, books per venue, poll periods). */
  readonly settings?: Partial<FeedSettings>;
  /** live/auto: AMM pools and chain nodes (AMM_POOLS_FILE; default: amm-config.ts). */
  readonly amm?: AmmConfig;
  /** live/auto: HTTP implementation (tests feed recorded responses). */
  readonly fetch?: FetchLike;
  /** replay: hears about malformed tape lines (default: logged as warnings, throttled). */
  readonly onTapeError?: (error: TapeLineError) => void;
}

const SPEC_HELP = 'MARKET_SOURCE must be one of auto, live, sim or replay:<path to a tape file>';

export function parseSourceSpec(spec: string): SourceSpec {
  const text = spec.trim();
  if (text === 'auto' || text === 'live' || text === 'sim') return { kind: text };
  if (text.startsWith('replay:')) {
    const path = text.slice('replay:'.length).trim();
    if (path === '')
      throw new Error(`${SPEC_HELP}; "replay:" needs a file path, e.g. replay:./tapes/demo.ndjson`);
    return { kind: 'replay', path };
  }
  throw new Error(`${SPEC_HELP}; got "${spec}"`);
}

/** Logs the first malformed lines of a tape, then only every thousandth, so a broken tape can't flood logs. */
function throttledTapeWarnings(logger: FeedLogger): (error: TapeLineError) => void {
  let count = 0;
  return (error) => {
    count++;
    if (count <= 10 || count % 1000 === 0) logger.warn(`replay: ${error.message} (skipped; ${count} so far)`);
  };
}

/** The server's one entry point: a MarketSource for MARKET_SOURCE. Throws on a malformed spec. */
export function createMarketSource(options: MarketSourceOptions): MarketSource {
  const parsed = parseSourceSpec(options.spec);
  const logger = options.logger ?? silentLogger;
  const seed = options.seed ?? DEFAULT_SIM_SEED;
  if (!Number.isInteger(seed)) throw new Error(`simulator seed must be an integer, got ${seed}`);
  const disabledVenues = disabledVenueIds(options.venues);
  const tokens = options.simTokens === undefined ? {} : { tokenLimit: options.simTokens };
  const live = (requested: string) =>
    new LiveSource({
      requested,
      logger,
      ...(options.venues ? { venues: options.venues } : {}),
      ...(options.pollIntervalMs === undefined ? {} : { pollIntervalMs: options.pollIntervalMs }),
      ...(options.forexUrls ? { forexUrls: options.forexUrls } : {}),
      ...(options.settings ? { settings: options.settings } : {}),
      ...(options.amm ? { amm: options.amm } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  switch (parsed.kind) {
    case 'sim':
      return new SimulatorSource({ seed, disabledVenues, logger, ...tokens });
    case 'live':
      return live('live');
    case 'replay':
      return new ReplaySource({
        path: parsed.path,
        speed: options.replaySpeed ?? 1,
        requested: options.spec.trim(),
        onLineError: options.onTapeError ?? throttledTapeWarnings(logger),
      });
    case 'auto':
      return new AutoSource({
        live: () => live('auto'),
        simulator: (reason) =>
          new SimulatorSource({ seed, disabledVenues, logger, requested: 'auto', reason, ...tokens }),
        logger,
        ...(options.autoTimeoutMs === undefined ? {} : { timeoutMs: options.autoTimeoutMs }),
        ...(options.autoRetryMs === undefined ? {} : { retryMs: options.autoRetryMs }),
      });
  }
}
