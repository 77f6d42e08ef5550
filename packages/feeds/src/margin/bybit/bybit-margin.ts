import { isRecord, num } from '../../venues/http-json.ts';
import { assetOf, type BorrowCandidate, UnexpectedShapeError } from '../margin-rate.ts';

/**
 * Bybit's public VIP margin data (unified account spot margin is cross margin): every VIP level with each
 * coin's hourly borrow rate, the per-account borrowing cap and whether it can be borrowed. Without
 * `currency` it lists every coin.
 */
export const BYBIT_MARGIN_URL = 'https://api.bybit.com/v5/spot-margin-trade/data';

/** `{retCode, result: {vipCoinList: [{vipLevel, list: [{currency, hourlyBorrowRate, maxBorrowingAmount, borrowable}]}]}}`. */
export function parseBybitMargin(body: unknown): BorrowCandidate[] {
  if (!isRecord(body)) throw new UnexpectedShapeError('unexpected response: not an object');
  if (body.retCode !== 0) {
    throw new UnexpectedShapeError(`Bybit refused: ${String(body.retMsg ?? body.retCode)}`);
  }
  const result = isRecord(body.result) ? body.result : undefined;
  const levels = result?.vipCoinList;
  if (!Array.isArray(levels)) throw new UnexpectedShapeError('unexpected response: no result.vipCoinList');
  const out: BorrowCandidate[] = [];
  for (const level of levels) {
    if (!isRecord(level) || typeof level.vipLevel !== 'string' || !Array.isArray(level.list)) continue;
    for (const coin of level.list) {
      if (!isRecord(coin)) continue;
      const asset = assetOf(coin.currency);
      const hourly = num(coin.hourlyBorrowRate);
      if (asset === null || hourly === undefined) continue;
      const limit = num(coin.maxBorrowingAmount);
      out.push({
        asset,
        marginType: 'cross',
        vipLevel: level.vipLevel,
        hourlyRate: hourly,
        ...(limit === undefined ? {} : { borrowLimit: limit }),
        // Bybit has sent this both as a boolean and as "true"/"false".
        borrowable: coin.borrowable === true || coin.borrowable === 'true',
      });
    }
  }
  return out;
}
