import type { VenueId } from '@spreadscope/core';
import { describeFailure } from '../live/describe-failure.ts';
import { type StreamFailure, StreamTask } from '../supervisor/stream-task.ts';
import type { AdapterContext, CapabilityMap } from '../venues/adapter.ts';
import { fetchJson, HttpFailure } from '../venues/http-json.ts';
import { BadFrameError, RawWsStream, VenueStreamError } from '../venues/raw-ws.ts';
import { describeRaw, type Extras, pollTask } from '../venues/tasks.ts';
import {
  parseBinanceForceOrder,
  parseBybitAllLiquidation,
  parseOkxLiquidations,
} from './liquidation-frames.ts';
import {
  BINANCE_OI_URL,
  BYBIT_OI_URL,
  type OiCandidate,
  OKX_OI_URL,
  parseBinanceOpenInterest,
  parseBybitOpenInterest,
  parseOkxOpenInterest,
  stampOpenInterest,
} from './open-interest.ts';

/** Perpetuals whose liquidations and (on Binance) open interest are asked for by name. */
export const WATCHED_PERPS = [
  'BTC',
  'ETH',
  'SOL',
  'XRP',
  'DOGE',
  'BNB',
  'ADA',
  'SUI',
  'LINK',
  'AVAX',
] as const;

/** How often open interest is read (ms): a minute history wants one point a minute. */
export const OI_POLL_MS = 60_000;

/**
 * A liquidation stream is quiet for minutes in a calm market, so silence means less than on a ticker
 * stream: restart it only after this long without a frame (pings keep the socket itself alive).
 */
export const LIQUIDATION_SILENCE_MS = 15 * 60_000;

export const DERIVATIVES_VENUES = ['binance', 'bybit', 'okx'] as const;

interface Venue {
  readonly oi: (
    ctx: AdapterContext,
    signal: AbortSignal,
  ) => Promise<{ rows: OiCandidate[]; problem: string | null }>;
  readonly stream: RawWsStream;
}

function venueFor(venue: VenueId, ctx: AdapterContext): Venue | null {
  const common = {
    override: ctx.override.wsUrl,
    connectTimeoutMs: ctx.settings.requestTimeoutMs,
    pingMs: 20_000,
  };
  switch (venue) {
    case 'binance':
      return {
        oi: async (c, signal) => {
          const rows: OiCandidate[] = [];
          const failed: string[] = [];
          let lastError: unknown = null;
          for (const base of WATCHED_PERPS) {
            try {
              rows.push(
                ...parseBinanceOpenInterest(
                  await fetchJson(c, `${BINANCE_OI_URL}?symbol=${base}USDT`, { signal }),
                ),
              );
            } catch (error) {
              failed.push(base);
              lastError = error;
            }
          }
          if (rows.length === 0 && lastError !== null) throw lastError;
          return {
            rows,
            problem: failed.length > 0 ? `${failed.join(', ')}: ${describeRaw(lastError)}` : null,
          };
        },
        stream: new RawWsStream({
          ...common,
          url: 'wss://fstream.binance.com/ws/!forceOrder@arr',
          subscribe: () => [],
          parse: parseBinanceForceOrder,
        }),
      };
    case 'bybit':
      return {
        oi: async (c, signal) => ({
          rows: parseBybitOpenInterest(await fetchJson(c, BYBIT_OI_URL, { signal })),
          problem: null,
        }),
        stream: new RawWsStream({
          ...common,
          url: 'wss://stream.bybit.com/v5/public/linear',
          subscribe: () => [{ op: 'subscribe', args: WATCHED_PERPS.map((b) => `allLiquidation.${b}USDT`) }],
          parse: parseBybitAllLiquidation,
        }),
      };
    case 'okx': {
      // Filled by the open-interest poll; the stream's frames count in contracts.
      const sizes = new Map<string, number>();
      return {
        oi: async (c, signal) => ({
          rows: parseOkxOpenInterest(await fetchJson(c, OKX_OI_URL, { signal }), sizes),
          problem: null,
        }),
        stream: new RawWsStream({
          ...common,
          url: 'wss://ws.okx.com:8443/ws/v5/public',
          subscribe: () => [{ op: 'subscribe', args: [{ channel: 'liquidation-orders', instType: 'SWAP' }] }],
          parse: (frame) => parseOkxLiquidations(frame, sizes),
        }),
      };
    }
    default:
      return null;
  }
}

/** Open interest (REST poll) and forced liquidations (public WebSocket) of a venue's perpetuals. */
export function derivativesExtras(venue: VenueId, ctx: AdapterContext): Extras | null {
  const v = venueFor(venue, ctx);
  if (!v) return null;
  const oiTask = pollTask(ctx, 'open-interest', OI_POLL_MS, async (signal) => {
    const { rows, problem } = await v.oi(ctx, signal);
    const events = stampOpenInterest(venue, ctx.clock(), rows);
    if (events.length === 0) throw new Error('no open interest in the response');
    return { events, problem };
  });
  const stream = v.stream;
  const capabilities: CapabilityMap = {
    'open-interest': { via: 'rest' },
    liquidations: ctx.settings.streams
      ? { via: 'ws' }
      : {
          via: 'none',
          note: 'liquidations are published only as a WebSocket stream (LIVE_STREAMS=0 turns streams off)',
        },
  };
  if (!ctx.settings.streams) return { tasks: [oiTask], capabilities };
  const liquidations = new StreamTask({
    feed: 'liquidations',
    next: () => stream.next(),
    reset: (reason) => stream.reset(reason),
    silenceMs: LIQUIDATION_SILENCE_MS,
    backoff: ctx.settings.backoff,
    classify: (error): StreamFailure => (error instanceof BadFrameError ? 'bad-message' : 'reconnect'),
    describe: (error) =>
      error instanceof BadFrameError || error instanceof VenueStreamError || error instanceof HttpFailure
        ? error.message
        : describeFailure(
            error,
            { lastUrl: stream.target, lastStatus: null, lastStatusText: null },
            ctx.settings.requestTimeoutMs,
          ),
    emit: ctx.emit,
    onChange: ctx.onChange,
    clock: ctx.clock,
    random: ctx.random,
  });
  return { tasks: [oiTask, liquidations], capabilities };
}
