import type { OpenInterestEvent } from '@spreadscope/core';
import { openInterestEventSchema } from '@spreadscope/core';
import { UnexpectedShapeError } from '../margin/margin-rate.ts';
import { isRecord, num } from '../venues/http-json.ts';
import { splitConcatenated, splitOkxSwap } from './perp-symbols.ts';

export type OiCandidate = Omit<OpenInterestEvent, 't' | 'type' | 'venue'>;

/**
 * Bybit's linear tickers carry every perpetual's open interest (base units) and its USD value in one
 * request: one call per round instead of ccxt's one fetchOpenInterest per symbol.
 */
export const BYBIT_OI_URL = 'https://api.bybit.com/v5/market/tickers?category=linear';

/** `{retCode: 0, result: {category: "linear", list: [{symbol, openInterest, openInterestValue, …}]}}`. */
export function parseBybitOpenInterest(body: unknown): OiCandidate[] {
  if (!isRecord(body)) throw new UnexpectedShapeError('unexpected response: not an object');
  if (body.retCode !== 0)
    throw new UnexpectedShapeError(`Bybit refused: ${String(body.retMsg ?? body.retCode)}`);
  const list = isRecord(body.result) ? body.result.list : undefined;
  if (!Array.isArray(list)) throw new UnexpectedShapeError('unexpected response: no result.list');
  const out: OiCandidate[] = [];
  for (const row of list) {
    if (!isRecord(row)) continue;
    const market = splitConcatenated(row.symbol);
    const oi = num(row.openInterest);
    if (!market || oi === undefined) continue;
    const usd = num(row.openInterestValue);
    out.push({ ...market, openInterest: oi, ...(usd === undefined ? {} : { openInterestUsd: usd }) });
  }
  return out;
}

/** OKX's open interest of every perpetual swap in one request (contracts, base units and USD). */
export const OKX_OI_URL = 'https://www.okx.com/api/v5/public/open-interest?instType=SWAP';

/**
 * `{code: "0", data: [{instId, instType, oi, oiCcy, oiUsd, ts}]}`. Also learns each swap's contract size
 * (oiCcy / oi), which OKX's liquidation stream needs: it counts in contracts.
 */
export function parseOkxOpenInterest(body: unknown, contractSizes?: Map<string, number>): OiCandidate[] {
  if (!isRecord(body)) throw new UnexpectedShapeError('unexpected response: not an object');
  if (body.code !== '0') throw new UnexpectedShapeError(`OKX refused: ${String(body.msg || body.code)}`);
  if (!Array.isArray(body.data)) throw new UnexpectedShapeError('unexpected response: no data list');
  const out: OiCandidate[] = [];
  for (const row of body.data) {
    if (!isRecord(row)) continue;
    const market = splitOkxSwap(row.instId);
    const base = num(row.oiCcy);
    if (!market || base === undefined) continue;
    const contracts = num(row.oi);
    if (contracts !== undefined && contracts > 0 && base > 0) {
      contractSizes?.set(row.instId as string, base / contracts);
    }
    const usd = num(row.oiUsd);
    out.push({ ...market, openInterest: base, ...(usd === undefined ? {} : { openInterestUsd: usd }) });
  }
  return out;
}

/** Binance answers one symbol per request (`/fapi/v1/openInterest`): the poll asks for the majors only. */
export const BINANCE_OI_URL = 'https://fapi.binance.com/fapi/v1/openInterest';

/** `{openInterest, symbol, time}` (base units). */
export function parseBinanceOpenInterest(body: unknown): OiCandidate[] {
  if (!isRecord(body)) throw new UnexpectedShapeError('unexpected response: not an object');
  if (typeof body.msg === 'string') throw new UnexpectedShapeError(`Binance refused: ${body.msg}`);
  const market = splitConcatenated(body.symbol);
  const oi = num(body.openInterest);
  if (!market || oi === undefined)
    throw new UnexpectedShapeError('unexpected response: no symbol/openInterest');
  return [{ ...market, openInterest: oi }];
}

export function stampOpenInterest(
  venue: string,
  t: number,
  rows: readonly OiCandidate[],
): OpenInterestEvent[] {
  const out: OpenInterestEvent[] = [];
  for (const row of rows) {
    const parsed = openInterestEventSchema.safeParse({ t, type: 'oi', venue, ...row });
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}
