import { isVenueId, VENUES, type VenueId } from '@spreadscope/core';
import type { VenueOverride, VenueOverrides } from './common/venue-overrides.ts';
import type { MarketSourceOptions } from './create-market-source.ts';
import type { FeedSettings } from './venues/adapter.ts';
import { ammConfigFromFile } from './venues/amm/amm-config.ts';

/**
 * Market-source settings from environment variables, with the variable named in every error:
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | MARKET_SOURCE | auto | auto, live, sim or replay:<tape file> |
 * | SIM_SEED | 1 | simulator seed (integer) |
 * | SIM_TOKENS | 352 (its list) | how many tokens the simulator quotes (fewer for tests and demos, more for benchmarks) |
 * | REPLAY_SPEED | 1 | 1 = as recorded, N = N× faster, 0 = as fast as possible |
 * | AUTO_SOURCE_TIMEOUT_MS | 15000 | how long auto waits for a live venue before simulating |
 * | LIVE_POLL_MS | 2000 | ticker poll period per venue (below the 3 s real-time window) |
 * | FOREX_URLS | Dunamu, then open.er-api.com | comma-separated USD/KRW sources, tried in order |
 * | VENUES_DISABLED | (none) | comma-separated venue ids to leave out, e.g. `mexc,hashkey` |
 * | VENUE_<ID>_URL | (venue's own) | REST base-URL override, e.g. VENUE_UPBIT_URL=http://proxy:8080/upbit |
 * | VENUE_<ID>_WS_URL | (venue's own) | WebSocket base-URL override (the venue's host stays in the path) |
 * | VENUE_<ID>_POLL_MS | LIVE_POLL_MS | poll period for one venue |
 * | VENUE_<ID>_API_KEY, _API_SECRET, _API_PASSWORD | (none) | read-only key for key-only data (wallet status) |
 * | LIVE_STREAMS | 1 | 0 = poll REST everywhere instead of streaming |
 * | STREAM_SILENCE_MS | 20000 | a stream silent this long is restarted |
 * | BOOK_MARKETS | 10 | order books kept per venue and market type (most traded first; 0 = none) |
 * | FUNDING_POLL_MS, WALLET_POLL_MS, NOTICE_POLL_MS, POOL_POLL_MS, BOOK_POLL_MS | see feed-settings.ts | poll periods |
 * | MARKETS_REFRESH_MS | 600000 | how often market lists are read again (new listings join running streams) |
 * | AMM_POOLS_FILE | (built-in pools) | JSON file listing AMM pools and chain nodes (see amm-config.ts) |
 */
export type Env = Readonly<Record<string, string | undefined>>;

/** Every fixed-name variable this file reads (the deploy-files test holds .env.example and compose to it). */
export const MARKET_SOURCE_ENV_NAMES: readonly string[] = [
  'MARKET_SOURCE',
  'SIM_SEED',
  'SIM_TOKENS',
  'REPLAY_SPEED',
  'AUTO_SOURCE_TIMEOUT_MS',
  'LIVE_POLL_MS',
  'FOREX_URLS',
  'VENUES_DISABLED',
  'LIVE_STREAMS',
  'STREAM_SILENCE_MS',
  'BOOK_MARKETS',
  'FUNDING_POLL_MS',
  'WALLET_POLL_MS',
  'NOTICE_POLL_MS',
  'POOL_POLL_MS',
  'BOOK_POLL_MS',
  'MARKETS_REFRESH_MS',
  'AMM_POOLS_FILE',
];

/** The per-venue variables: VENUE_<ID>_URL, _WS_URL, _POLL_MS, _API_KEY, _API_SECRET, _API_PASSWORD. */
export const VENUE_ENV_SUFFIXES = [
  'URL',
  'WS_URL',
  'POLL_MS',
  'API_KEY',
  'API_SECRET',
  'API_PASSWORD',
] as const;

export function isVenueEnvName(name: string): boolean {
  const match = /^VENUE_([A-Z0-9]+)_([A-Z_]+)$/.exec(name);
  return (
    match !== null &&
    isVenueId((match[1] ?? '').toLowerCase()) &&
    (VENUE_ENV_SUFFIXES as readonly string[]).includes(match[2] ?? '')
  );
}

function number(env: Env, name: string, check: (n: number) => boolean, what: string): number | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || !check(value)) throw new Error(`${name} must be ${what}, got "${raw}"`);
  return value;
}

function list(env: Env, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function hasProtocol(text: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

const isHttpUrl = (text: string) => hasProtocol(text, ['http:', 'https:']);
const isWsUrl = (text: string) => hasProtocol(text, ['ws:', 'wss:']);

export function venueOverridesFromEnv(env: Env): VenueOverrides | undefined {
  const overrides: Partial<Record<VenueId, VenueOverride>> = {};
  const set = (venue: VenueId, patch: VenueOverride) => {
    overrides[venue] = { ...overrides[venue], ...patch };
  };
  for (const id of list(env, 'VENUES_DISABLED')) {
    const venue = id.toLowerCase();
    if (!isVenueId(venue)) {
      throw new Error(
        `VENUES_DISABLED: unknown venue "${id}" (known: ${VENUES.map((v) => v.id).join(', ')})`,
      );
    }
    set(venue, { disabled: true });
  }
  for (const { id } of VENUES) {
    const prefix = `VENUE_${id.toUpperCase()}`;
    const url = env[`${prefix}_URL`]?.trim();
    if (url) {
      if (!isHttpUrl(url)) {
        throw new Error(
          `${prefix}_URL must be an absolute http(s) URL like http://127.0.0.1:8080, got "${url}"`,
        );
      }
      set(id, { baseUrl: url });
    }
    const ws = env[`${prefix}_WS_URL`]?.trim();
    if (ws) {
      if (!isWsUrl(ws)) {
        throw new Error(
          `${prefix}_WS_URL must be an absolute ws(s) URL like ws://127.0.0.1:8080, got "${ws}"`,
        );
      }
      set(id, { wsUrl: ws });
    }
    const poll = number(env, `${prefix}_POLL_MS`, (n) => Number.isInteger(n) && n >= 250, 'an integer ≥ 250');
    if (poll !== undefined) set(id, { pollIntervalMs: poll });
    const apiKey = env[`${prefix}_API_KEY`]?.trim();
    const apiSecret = env[`${prefix}_API_SECRET`]?.trim();
    const apiPassword = env[`${prefix}_API_PASSWORD`]?.trim();
    if (apiKey) {
      // The key's value is never echoed in an error: only the variable names are.
      if (!apiSecret) throw new Error(`${prefix}_API_KEY is set but ${prefix}_API_SECRET is missing`);
      set(id, { apiKey, apiSecret, ...(apiPassword ? { apiPassword } : {}) });
    } else if (apiSecret) {
      throw new Error(`${prefix}_API_SECRET is set but ${prefix}_API_KEY is missing`);
    }
  }
  return Object.keys(overrides).length > 0 ? overrides : undefined;
}

/** Feed tunables beyond the poll period (only those set). */
export function feedSettingsFromEnv(env: Env): Partial<FeedSettings> {
  const settings: { -readonly [K in keyof FeedSettings]?: FeedSettings[K] } = {};
  const streams = env.LIVE_STREAMS?.trim();
  if (streams !== undefined && streams !== '') {
    if (!['0', '1', 'true', 'false'].includes(streams)) {
      throw new Error(
        `LIVE_STREAMS must be 1 (stream where venues can) or 0 (poll REST only), got "${streams}"`,
      );
    }
    settings.streams = streams === '1' || streams === 'true';
  }
  const ms = (name: string, min: number) =>
    number(env, name, (n) => Number.isInteger(n) && n >= min, `an integer ≥ ${min} (milliseconds)`);
  const silence = ms('STREAM_SILENCE_MS', 1_000);
  if (silence !== undefined) settings.silenceMs = silence;
  const books = number(
    env,
    'BOOK_MARKETS',
    (n) => Number.isInteger(n) && n >= 0 && n <= 200,
    'an integer 0…200',
  );
  if (books !== undefined) settings.bookMarkets = books;
  const funding = ms('FUNDING_POLL_MS', 1_000);
  if (funding !== undefined) settings.fundingIntervalMs = funding;
  const wallets = ms('WALLET_POLL_MS', 10_000);
  if (wallets !== undefined) settings.walletIntervalMs = wallets;
  const notices = ms('NOTICE_POLL_MS', 5_000);
  if (notices !== undefined) settings.noticeIntervalMs = notices;
  const pools = ms('POOL_POLL_MS', 1_000);
  if (pools !== undefined) settings.poolIntervalMs = pools;
  const bookPoll = ms('BOOK_POLL_MS', 1_000);
  if (bookPoll !== undefined) settings.bookIntervalMs = bookPoll;
  const marketsRefresh = ms('MARKETS_REFRESH_MS', 60_000);
  if (marketsRefresh !== undefined) settings.marketsRefreshMs = marketsRefresh;
  return settings;
}

export function marketSourceOptionsFromEnv(env: Env): MarketSourceOptions {
  const options: {
    -readonly [K in keyof MarketSourceOptions]: MarketSourceOptions[K];
  } = { spec: env.MARKET_SOURCE?.trim() || 'auto' };
  const seed = number(env, 'SIM_SEED', Number.isInteger, 'an integer');
  if (seed !== undefined) options.seed = seed;
  const simTokens = number(env, 'SIM_TOKENS', (n) => Number.isInteger(n) && n >= 1, 'an integer ≥ 1');
  if (simTokens !== undefined) options.simTokens = simTokens;
  const speed = number(env, 'REPLAY_SPEED', (n) => n >= 0, 'a number ≥ 0 (0 = as fast as possible)');
  if (speed !== undefined) options.replaySpeed = speed;
  const timeout = number(env, 'AUTO_SOURCE_TIMEOUT_MS', (n) => n > 0, 'a positive number of milliseconds');
  if (timeout !== undefined) options.autoTimeoutMs = timeout;
  const poll = number(env, 'LIVE_POLL_MS', (n) => Number.isInteger(n) && n >= 250, 'an integer ≥ 250');
  if (poll !== undefined) options.pollIntervalMs = poll;
  const forex = list(env, 'FOREX_URLS');
  if (forex.length > 0) options.forexUrls = forex;
  const poolsFile = env.AMM_POOLS_FILE?.trim();
  if (poolsFile) options.amm = ammConfigFromFile(poolsFile);
  const settings = feedSettingsFromEnv(env);
  if (Object.keys(settings).length > 0) options.settings = settings;
  const venues = venueOverridesFromEnv(env);
  if (venues) options.venues = venues;
  return options;
}
