import { createHmac } from 'node:crypto';
import { isRecord, num } from '../../venues/http-json.ts';
import { assetOf, type BorrowCandidate, hourlyFromDaily, UnexpectedShapeError } from '../margin-rate.ts';

/**
 * Binance's cross-margin fee data: every coin's daily interest and borrow limit at each VIP level. Binance
 * serves it only to a signed request (USER_DATA), so without a read-only key Binance's rates stay unknown.
 */
export const BINANCE_MARGIN_URL = 'https://api.binance.com/sapi/v1/margin/crossMarginData';

/** The signed URL: the query (timestamp, recvWindow) with its HMAC-SHA256 signature, as Binance wants it. */
export function binanceMarginUrl(secret: string, now: number): string {
  const query = `timestamp=${now}&recvWindow=10000`;
  const signature = createHmac('sha256', secret).update(query).digest('hex');
  return `${BINANCE_MARGIN_URL}?${query}&signature=${signature}`;
}

/** `[{vipLevel, coin, borrowable, dailyInterest, yearlyInterest, borrowLimit, marginablePairs}]`. */
export function parseBinanceMargin(body: unknown): BorrowCandidate[] {
  if (isRecord(body) && typeof body.msg === 'string') {
    throw new UnexpectedShapeError(`Binance refused: ${body.msg}`);
  }
  if (!Array.isArray(body)) throw new UnexpectedShapeError('unexpected response: not a list of coins');
  const out: BorrowCandidate[] = [];
  for (const row of body) {
    if (!isRecord(row)) continue;
    const asset = assetOf(row.coin);
    const daily = num(row.dailyInterest);
    const vip = num(row.vipLevel);
    if (asset === null || daily === undefined || vip === undefined) continue;
    const limit = num(row.borrowLimit);
    out.push({
      asset,
      marginType: 'cross',
      vipLevel: `VIP${vip}`,
      hourlyRate: hourlyFromDaily(daily),
      ...(limit === undefined ? {} : { borrowLimit: limit }),
      borrowable: row.borrowable === true,
    });
  }
  return out;
}
