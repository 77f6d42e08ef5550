import { isRecord, num } from '../../venues/http-json.ts';
import { assetOf, type BorrowCandidate, hourlyFromDaily, UnexpectedShapeError } from '../margin-rate.ts';

/**
 * Bitget's public cross-margin interest rate and limit per coin, with its VIP levels' rates. (The v2
 * counterpart needs a key; this public v1 route is what Bitget's own margin page reads.)
 */
export const BITGET_MARGIN_URL = 'https://api.bitget.com/api/margin/v1/cross/public/interestRateAndLimit';

export function bitgetMarginUrl(asset: string): string {
  return `${BITGET_MARGIN_URL}?coin=${encodeURIComponent(asset)}`;
}

/** `{code: "00000", data: [{coin, dailyInterestRate, maxBorrowableAmount, borrowAble, vips: [{level, dailyInterestRate}]}]}`. */
export function parseBitgetMargin(body: unknown): BorrowCandidate[] {
  if (!isRecord(body)) throw new UnexpectedShapeError('unexpected response: not an object');
  if (body.code !== '00000')
    throw new UnexpectedShapeError(`Bitget refused: ${String(body.msg ?? body.code)}`);
  if (!Array.isArray(body.data)) throw new UnexpectedShapeError('unexpected response: no data list');
  const out: BorrowCandidate[] = [];
  for (const coin of body.data) {
    if (!isRecord(coin)) continue;
    const asset = assetOf(coin.coin);
    const daily = num(coin.dailyInterestRate);
    if (asset === null || daily === undefined) continue;
    const limit = num(coin.maxBorrowableAmount);
    const borrowable = coin.borrowAble === true;
    const base = {
      asset,
      marginType: 'cross' as const,
      borrowable,
      ...(limit === undefined ? {} : { borrowLimit: limit }),
    };
    out.push({ ...base, vipLevel: 'VIP0', hourlyRate: hourlyFromDaily(daily) });
    for (const vip of Array.isArray(coin.vips) ? coin.vips : []) {
      if (!isRecord(vip)) continue;
      const vipDaily = num(vip.dailyInterestRate);
      const level = typeof vip.level === 'string' || typeof vip.level === 'number' ? String(vip.level) : '';
      if (vipDaily === undefined || level === '' || level === '0') continue;
      out.push({ ...base, vipLevel: `VIP${level}`, hourlyRate: hourlyFromDaily(vipDaily) });
    }
  }
  return out;
}
