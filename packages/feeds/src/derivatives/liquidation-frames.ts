import type { LiquidationEvent } from '@spreadscope/core';
import { liquidationEventSchema } from '@spreadscope/core';
import { isRecord, num } from '../venues/http-json.ts';
import { BadFrameError, VenueStreamError } from '../venues/raw-ws.ts';
import { splitConcatenated, splitOkxSwap } from './perp-symbols.ts';

function event(candidate: Omit<LiquidationEvent, 'type'>): LiquidationEvent | null {
  const parsed = liquidationEventSchema.safeParse({ ...candidate, type: 'liquidation' });
  return parsed.success ? parsed.data : null;
}

/**
 * Binance futures `!forceOrder@arr`: `{e: "forceOrder", E, o: {s, S, q, p, ap, X, T, …}}`. `S` is the
 * liquidation order's side: SELL closes a long. The average fill price when there is one, else the order's.
 */
export function parseBinanceForceOrder(frame: unknown): LiquidationEvent[] {
  if (!isRecord(frame)) throw new BadFrameError('not an object');
  if (frame.e !== 'forceOrder') return [];
  const o = frame.o;
  if (!isRecord(o)) throw new BadFrameError('forceOrder without o');
  const market = splitConcatenated(o.s);
  const size = num(o.z) ?? num(o.q);
  const price = num(o.ap) || num(o.p);
  const t = num(o.T) ?? num(frame.E);
  if (!market || size === undefined || price === undefined || t === undefined) return [];
  const side = o.S === 'SELL' ? 'long' : o.S === 'BUY' ? 'short' : null;
  if (side === null) return [];
  const out = event({ t, venue: 'binance', ...market, side, price, size });
  return out ? [out] : [];
}

/**
 * Bybit `allLiquidation.{symbol}`: `{topic, type: "snapshot", ts, data: [{T, s, S, v, p}]}`. Bybit's `S` is
 * the position's side: Buy = a long was liquidated. Subscription acks (`{success, op}`) carry nothing.
 */
export function parseBybitAllLiquidation(frame: unknown): LiquidationEvent[] {
  if (!isRecord(frame)) throw new BadFrameError('not an object');
  if (frame.op !== undefined) {
    if (frame.success === false) throw new VenueStreamError(`Bybit refused: ${String(frame.ret_msg ?? '')}`);
    return [];
  }
  if (typeof frame.topic !== 'string' || !frame.topic.startsWith('allLiquidation.')) return [];
  if (!Array.isArray(frame.data)) throw new BadFrameError('allLiquidation without data');
  const out: LiquidationEvent[] = [];
  for (const item of frame.data) {
    if (!isRecord(item)) continue;
    const market = splitConcatenated(item.s);
    const size = num(item.v);
    const price = num(item.p);
    const t = num(item.T) ?? num(frame.ts);
    const side = item.S === 'Buy' ? 'long' : item.S === 'Sell' ? 'short' : null;
    if (!market || size === undefined || price === undefined || t === undefined || side === null) continue;
    const e = event({ t, venue: 'bybit', ...market, side, price, size });
    if (e) out.push(e);
  }
  return out;
}

/**
 * OKX `liquidation-orders` (instType SWAP): `{arg, data: [{instId, details: [{posSide, side, sz, bkPx, ts}]}]}`.
 * `sz` counts contracts: the size in base units needs the swap's contract size (learned from the open
 * interest poll); a swap whose size is not known yet is skipped rather than guessed.
 */
export function parseOkxLiquidations(
  frame: unknown,
  contractSizes: ReadonlyMap<string, number>,
): LiquidationEvent[] {
  if (!isRecord(frame)) throw new BadFrameError('not an object');
  if (frame.event === 'error')
    throw new VenueStreamError(`OKX refused: ${String(frame.msg ?? frame.code ?? '')}`);
  if (frame.event !== undefined) return [];
  if (!Array.isArray(frame.data)) return [];
  const out: LiquidationEvent[] = [];
  for (const instrument of frame.data) {
    if (!isRecord(instrument) || !Array.isArray(instrument.details)) continue;
    const market = splitOkxSwap(instrument.instId);
    const contractSize = contractSizes.get(String(instrument.instId));
    if (!market || contractSize === undefined) continue;
    for (const detail of instrument.details) {
      if (!isRecord(detail)) continue;
      const contracts = num(detail.sz);
      const price = num(detail.bkPx);
      const t = num(detail.ts);
      // posSide is `long`/`short` in hedge mode; in net mode it is `net` and the order's side tells (sell closes a long).
      const side =
        detail.posSide === 'long' || detail.posSide === 'short'
          ? detail.posSide
          : detail.side === 'sell'
            ? 'long'
            : detail.side === 'buy'
              ? 'short'
              : null;
      if (contracts === undefined || price === undefined || t === undefined || side === null) continue;
      const e = event({ t, venue: 'okx', ...market, side, price, size: contracts * contractSize });
      if (e) out.push(e);
    }
  }
  return out;
}
