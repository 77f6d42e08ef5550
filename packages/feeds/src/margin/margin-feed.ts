import type { BorrowEvent, VenueId } from '@spreadscope/core';
import type { AdapterContext, Capability } from '../venues/adapter.ts';
import { fetchJson } from '../venues/http-json.ts';
import { describeRaw, type Extras, pollTask } from '../venues/tasks.ts';
import { BACKPACK_MARGIN_URL, parseBackpackMargin } from './backpack/backpack-margin.ts';
import { binanceMarginUrl, parseBinanceMargin } from './binance/binance-margin.ts';
import { bitgetMarginUrl, parseBitgetMargin } from './bitget/bitget-margin.ts';
import { BYBIT_MARGIN_URL, parseBybitMargin } from './bybit/bybit-margin.ts';
import { gateMarginUrl, parseGateMargin } from './gate/gate-margin.ts';
import { htxMarginUrl, parseHtxMargin } from './htx/htx-margin.ts';
import { type BorrowCandidate, stampBorrows } from './margin-rate.ts';
import { OKX_MARGIN_URL, parseOkxMargin } from './okx/okx-margin.ts';

/** Venues that answer one coin per request are asked for these (the coins traders borrow to short or carry). */
export const PER_COIN_ASSETS = ['BTC', 'ETH', 'USDT', 'USDC', 'SOL', 'XRP', 'DOGE', 'ADA'] as const;

/** Which venues publish margin borrow rates, and how (the rest: `unknown` on the margin-borrow screen). */
export const MARGIN_VENUES = ['binance', 'bybit', 'okx', 'gateio', 'bitget', 'huobi', 'backpack'] as const;

type Reader = (
  ctx: AdapterContext,
  signal: AbortSignal,
) => Promise<{ rows: BorrowCandidate[]; problem: string | null }>;

const whole =
  (url: string, parse: (body: unknown) => BorrowCandidate[]): Reader =>
  async (ctx, signal) => ({ rows: parse(await fetchJson(ctx, url, { signal })), problem: null });

/** One request per coin: a coin that fails degrades the round, all failing fails it. */
const perCoin =
  (url: (asset: string) => string, parse: (body: unknown) => BorrowCandidate[]): Reader =>
  async (ctx, signal) => {
    const rows: BorrowCandidate[] = [];
    const failed: string[] = [];
    let lastError: unknown = null;
    for (const asset of PER_COIN_ASSETS) {
      try {
        rows.push(...parse(await fetchJson(ctx, url(asset), { signal })));
      } catch (error) {
        failed.push(asset);
        lastError = error;
      }
    }
    if (rows.length === 0 && lastError !== null) throw lastError;
    return { rows, problem: failed.length > 0 ? `${failed.join(', ')}: ${describeRaw(lastError)}` : null };
  };

interface MarginSource {
  readonly read: Reader | null;
  readonly capability: Capability;
}

function sourceFor(venue: VenueId, ctx: AdapterContext): MarginSource | null {
  const { apiKey, apiSecret } = ctx.override;
  const keyed = Boolean(apiKey && apiSecret);
  switch (venue) {
    case 'bybit':
      return { read: whole(BYBIT_MARGIN_URL, parseBybitMargin), capability: { via: 'rest' } };
    case 'okx':
      return { read: whole(OKX_MARGIN_URL, parseOkxMargin), capability: { via: 'rest' } };
    case 'backpack':
      return { read: whole(BACKPACK_MARGIN_URL, parseBackpackMargin), capability: { via: 'rest' } };
    case 'gateio':
      return { read: perCoin(gateMarginUrl, parseGateMargin), capability: { via: 'rest' } };
    case 'bitget':
      return { read: perCoin(bitgetMarginUrl, parseBitgetMargin), capability: { via: 'rest' } };
    case 'binance':
      return {
        read:
          keyed && apiKey && apiSecret
            ? async (c, signal) => ({
                rows: parseBinanceMargin(
                  await fetchJson(
                    c,
                    binanceMarginUrl(apiSecret, c.clock()),
                    { signal, headers: { 'X-MBX-APIKEY': apiKey } },
                    [apiKey, apiSecret],
                  ),
                ),
                problem: null,
              })
            : null,
        capability: {
          via: keyed ? 'rest' : 'none',
          needsKey: { configured: keyed },
          note: 'Binance serves margin borrow rates only to a signed request (GET /sapi/v1/margin/crossMarginData); set a read-only key to read them',
        },
      };
    case 'huobi':
      return {
        read:
          keyed && apiKey && apiSecret
            ? async (c, signal) => ({
                rows: parseHtxMargin(
                  await fetchJson(c, htxMarginUrl(apiKey, apiSecret, c.clock()), { signal }, [
                    apiKey,
                    apiSecret,
                  ]),
                ),
                problem: null,
              })
            : null,
        capability: {
          via: keyed ? 'rest' : 'none',
          needsKey: { configured: keyed },
          note: 'HTX serves its margin loan info only to a signed request (GET /v1/margin/loan-info); set a read-only key to read it',
        },
      };
    default:
      return null;
  }
}

/** The venue's margin-borrow poll (with its capability), or null where the venue publishes none. */
export function marginExtras(venue: VenueId, ctx: AdapterContext): Extras | null {
  const source = sourceFor(venue, ctx);
  if (!source) return null;
  const read = source.read;
  const tasks = read
    ? [
        pollTask(ctx, 'margin', ctx.settings.walletIntervalMs, async (signal) => {
          const { rows, problem } = await read(ctx, signal);
          const events: BorrowEvent[] = stampBorrows(venue, ctx.clock(), rows);
          if (events.length === 0) throw new Error('no borrow rates in the response');
          return { events, problem };
        }),
      ]
    : [];
  return { tasks, capabilities: { margin: source.capability } };
}
