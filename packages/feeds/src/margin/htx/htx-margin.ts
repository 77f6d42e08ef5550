import { createHmac } from 'node:crypto';
import { isRecord, num } from '../../venues/http-json.ts';
import { assetOf, type BorrowCandidate, UnexpectedShapeError } from '../margin-rate.ts';

/**
 * HTX's isolated-margin loan info: per pair, each side's daily rate (and the rate after the user's
 * discount), the loan limits and what can still be borrowed. HTX answers only a signed request.
 */
export const HTX_MARGIN_URL = 'https://api.huobi.pro/v1/margin/loan-info';

/** HTX's signature v2: HMAC-SHA256 over method, host, path and the sorted query, base64 in the query. */
export function htxMarginUrl(key: string, secret: string, now: number): string {
  const url = new URL(HTX_MARGIN_URL);
  const timestamp = new Date(now).toISOString().slice(0, 19);
  const params = new URLSearchParams({
    AccessKeyId: key,
    SignatureMethod: 'HmacSHA256',
    SignatureVersion: '2',
    Timestamp: timestamp,
  });
  params.sort();
  const payload = `GET\n${url.host}\n${url.pathname}\n${params.toString()}`;
  params.append('Signature', createHmac('sha256', secret).update(payload).digest('base64'));
  return `${HTX_MARGIN_URL}?${params.toString()}`;
}

/** `{status: "ok", data: [{symbol, currencies: [{currency, interest-rate, actual-rate, max-loan-amt, loanable-amt}]}]}`. */
export function parseHtxMargin(body: unknown): BorrowCandidate[] {
  if (!isRecord(body)) throw new UnexpectedShapeError('unexpected response: not an object');
  if (body.status !== 'ok')
    throw new UnexpectedShapeError(`HTX refused: ${String(body['err-msg'] ?? body.status)}`);
  if (!Array.isArray(body.data)) throw new UnexpectedShapeError('unexpected response: no data list');
  const out: BorrowCandidate[] = [];
  for (const pair of body.data) {
    if (!isRecord(pair) || typeof pair.symbol !== 'string' || !Array.isArray(pair.currencies)) continue;
    for (const side of pair.currencies) {
      if (!isRecord(side)) continue;
      const asset = assetOf(side.currency);
      const daily = num(side['actual-rate']) ?? num(side['interest-rate']);
      if (asset === null || daily === undefined) continue;
      const max = num(side['max-loan-amt']);
      const loanable = num(side['loanable-amt']);
      out.push({
        asset,
        marginType: 'isolated',
        pair: pair.symbol.toUpperCase(),
        vipLevel: 'VIP0',
        hourlyRate: daily / 24,
        ...(max === undefined ? {} : { borrowLimit: max }),
        borrowable: loanable === undefined ? true : loanable > 0,
      });
    }
  }
  return out;
}
