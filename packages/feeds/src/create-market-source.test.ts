import { describe, expect, it } from 'vitest';
import { AutoSource } from './auto-source.ts';
import { createMarketSource, parseSourceSpec } from './create-market-source.ts';
import { LiveSource } from './live/live-source.ts';
import { marketSourceOptionsFromEnv, venueOverridesFromEnv } from './market-source-env.ts';
import { SIM_LISTING_TOKENS } from './sim/sim-listings.ts';
import { SimulatorSource } from './sim/simulator-source.ts';
import { TOKEN_UNIVERSE } from './sim/token-universe.ts';
import { ReplaySource } from './tape/replay-source.ts';

describe('parseSourceSpec', () => {
  it('accepts the four forms', () => {
    expect(parseSourceSpec('auto')).toEqual({ kind: 'auto' });
    expect(parseSourceSpec('live')).toEqual({ kind: 'live' });
    expect(parseSourceSpec(' sim ')).toEqual({ kind: 'sim' });
    expect(parseSourceSpec('replay:./tapes/demo.ndjson')).toEqual({
      kind: 'replay',
      path: './tapes/demo.ndjson',
    });
    expect(parseSourceSpec('replay:/abs/with:colon.ndjson')).toEqual({
      kind: 'replay',
      path: '/abs/with:colon.ndjson',
    });
  });

  it.each(['', 'Auto', 'simulated', 'replay', 'replay:', 'replay:  ', 'file:x.ndjson'])(
    'rejects %j clearly',
    (spec) => {
      expect(() => parseSourceSpec(spec)).toThrow(
        /^MARKET_SOURCE must be one of auto, live, sim or replay:<path/,
      );
    },
  );
});

describe('createMarketSource', () => {
  it('builds the source each spec asks for, labelled with the request', () => {
    const sim = createMarketSource({ spec: 'sim', seed: 9 });
    expect(sim).toBeInstanceOf(SimulatorSource);
    expect(sim.state()).toMatchObject({ mode: 'simulated', requested: 'sim', reason: null });
    const live = createMarketSource({ spec: 'live' });
    expect(live).toBeInstanceOf(LiveSource);
    expect(live.state()).toMatchObject({ mode: 'live', requested: 'live' });
    expect(live.links().find((l) => l.venue === 'upbit')?.status).toBe('connecting');
    const replay = createMarketSource({ spec: 'replay:/tmp/x.ndjson', replaySpeed: 0 });
    expect(replay).toBeInstanceOf(ReplaySource);
    expect(replay.state()).toMatchObject({ mode: 'replay', requested: 'replay:/tmp/x.ndjson' });
    const auto = createMarketSource({ spec: 'auto' });
    expect(auto).toBeInstanceOf(AutoSource);
    expect(auto.state()).toMatchObject({ mode: 'live', requested: 'auto' });
  });

  it('throws on a malformed spec or seed', () => {
    expect(() => createMarketSource({ spec: 'simulator' })).toThrow('got "simulator"');
    expect(() => createMarketSource({ spec: 'sim', seed: 1.5 })).toThrow('seed must be an integer');
    expect(() => createMarketSource({ spec: 'replay:x', replaySpeed: -2 })).toThrow('replay speed');
  });
});

describe('SIM_TOKENS', () => {
  it('limits the simulated market to that many tokens, and names itself when wrong', async () => {
    const options = marketSourceOptionsFromEnv({ MARKET_SOURCE: 'sim', SIM_TOKENS: '3' });
    expect(options.simTokens).toBe(3);
    const source = createMarketSource(options);
    const bases = new Set<string>();
    await source.start((event) => {
      // The quoted markets; a simulated listing notice or token update may name a token not (yet) quoted.
      if (event.type === 'quote' || event.type === 'book' || event.type === 'funding') bases.add(event.base);
    });
    await expect.poll(() => bases.size, { timeout: 5_000 }).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    await source.stop();
    // The first three tokens of the universe, USDT (its KRW markets convert the overseas quotes) and the few
    // tokens of the simulated Korean listings (the listing-arbitrage cards).
    const allowed = new Set([
      ...TOKEN_UNIVERSE.slice(0, 3).map((t) => t.symbol),
      'USDT',
      ...SIM_LISTING_TOKENS,
    ]);
    expect([...bases].filter((base) => !allowed.has(base))).toEqual([]);
    expect(() => marketSourceOptionsFromEnv({ SIM_TOKENS: '0' })).toThrow(
      'SIM_TOKENS must be an integer ≥ 1',
    );
  });
});

describe('marketSourceOptionsFromEnv', () => {
  it('defaults to auto with nothing set', () => {
    expect(marketSourceOptionsFromEnv({})).toEqual({ spec: 'auto' });
  });

  it('reads every knob', () => {
    expect(
      marketSourceOptionsFromEnv({
        MARKET_SOURCE: 'replay:tapes/a.ndjson',
        SIM_SEED: '42',
        REPLAY_SPEED: '0',
        AUTO_SOURCE_TIMEOUT_MS: '5000',
        LIVE_POLL_MS: '3000',
        FOREX_URLS: 'http://a/fx, http://b/fx',
        VENUES_DISABLED: 'mexc, HashKey',
        VENUE_UPBIT_URL: 'http://proxy:8080/upbit',
        VENUE_UPBIT_WS_URL: 'wss://proxy:8443/ws',
        VENUE_BINANCE_POLL_MS: '10000',
        VENUE_OKX_API_KEY: 'k-123',
        VENUE_OKX_API_SECRET: 's-456',
        VENUE_OKX_API_PASSWORD: 'p-789',
        LIVE_STREAMS: '0',
        STREAM_SILENCE_MS: '15000',
        BOOK_MARKETS: '25',
        FUNDING_POLL_MS: '30000',
        WALLET_POLL_MS: '600000',
        NOTICE_POLL_MS: '120000',
        POOL_POLL_MS: '20000',
        BOOK_POLL_MS: '5000',
        MARKETS_REFRESH_MS: '300000',
      }),
    ).toEqual({
      spec: 'replay:tapes/a.ndjson',
      seed: 42,
      replaySpeed: 0,
      autoTimeoutMs: 5000,
      pollIntervalMs: 3000,
      forexUrls: ['http://a/fx', 'http://b/fx'],
      venues: {
        mexc: { disabled: true },
        hashkey: { disabled: true },
        upbit: { baseUrl: 'http://proxy:8080/upbit', wsUrl: 'wss://proxy:8443/ws' },
        binance: { pollIntervalMs: 10000 },
        okx: { apiKey: 'k-123', apiSecret: 's-456', apiPassword: 'p-789' },
      },
      settings: {
        streams: false,
        silenceMs: 15000,
        bookMarkets: 25,
        fundingIntervalMs: 30000,
        walletIntervalMs: 600000,
        noticeIntervalMs: 120000,
        poolIntervalMs: 20000,
        bookIntervalMs: 5000,
        marketsRefreshMs: 300000,
      },
    });
  });

  it('names the variable when a value is wrong', () => {
    expect(() => marketSourceOptionsFromEnv({ SIM_SEED: 'abc' })).toThrow(
      'SIM_SEED must be an integer, got "abc"',
    );
    expect(() => marketSourceOptionsFromEnv({ REPLAY_SPEED: '-1' })).toThrow(
      'REPLAY_SPEED must be a number ≥ 0',
    );
    expect(() => venueOverridesFromEnv({ VENUES_DISABLED: 'coinbase' })).toThrow(
      'VENUES_DISABLED: unknown venue "coinbase"',
    );
    expect(() => venueOverridesFromEnv({ VENUE_OKX_URL: 'proxy:80' })).toThrow(
      'VENUE_OKX_URL must be an absolute http(s) URL',
    );
    expect(() => venueOverridesFromEnv({ VENUE_OKX_URL: 'not a url' })).toThrow('VENUE_OKX_URL must be');
    expect(() => marketSourceOptionsFromEnv({ LIVE_POLL_MS: '10' })).toThrow(
      'LIVE_POLL_MS must be an integer ≥ 250',
    );
    expect(() => venueOverridesFromEnv({ VENUE_OKX_WS_URL: 'https://ws.okx.com' })).toThrow(
      'VENUE_OKX_WS_URL must be an absolute ws(s) URL',
    );
    expect(() => marketSourceOptionsFromEnv({ LIVE_STREAMS: 'yes' })).toThrow('LIVE_STREAMS must be 1');
    expect(() => marketSourceOptionsFromEnv({ BOOK_MARKETS: '-1' })).toThrow('BOOK_MARKETS must be');
  });

  it('never repeats an API key or secret in an error', () => {
    const secret = 'very-secret-value-123';
    let message = '';
    try {
      venueOverridesFromEnv({ VENUE_BINANCE_API_SECRET: secret });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('VENUE_BINANCE_API_SECRET is set but VENUE_BINANCE_API_KEY is missing');
    expect(message).not.toContain(secret);
  });
});
