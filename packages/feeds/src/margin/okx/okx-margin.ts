import { isRecord, num } from '../../venues/http-json.ts';
import { assetOf, type BorrowCandidate, hourlyFromDaily, UnexpectedShapeError } from '../margin-rate.ts';

/**
 * OKX's public loan quotas: each coin's base daily rate and base quota, and the VIP and regular levels'
 * quota multipliers (and, where OKX still sends one, an interest discount). Cross margin.
 */
export const OKX_MARGIN_URL = 'https://www.okx.com/api/v5/public/interest-rate-loan-quota';

interface Level {
  readonly level: string;
  readonly coef: number;
  readonly discount: number;
}

function levels(list: unknown): Level[] {
  if (!Array.isArray(list)) return [];
  const out: Level[] = [];
  for (const item of list) {
    if (!isRecord(item) || typeof item.level !== 'string') continue;
    const coef = num(item.loanQuotaCoef) ?? 1;
    // An empty irDiscount means no discount; OKX deprecated the field but still sends it.
    const discount = num(item.irDiscount) ?? 1;
    out.push({ level: item.level, coef, discount: discount > 0 && discount <= 1 ? discount : 1 });
  }
  return out;
}

/** `{code: "0", data: [{basic: [{ccy, quota, rate}], vip: [{level, loanQuotaCoef, irDiscount}], regular: […]}]}`. */
export function parseOkxMargin(body: unknown): BorrowCandidate[] {
  if (!isRecord(body)) throw new UnexpectedShapeError('unexpected response: not an object');
  if (body.code !== '0') throw new UnexpectedShapeError(`OKX refused: ${String(body.msg || body.code)}`);
  const first = Array.isArray(body.data) ? body.data[0] : undefined;
  if (!isRecord(first) || !Array.isArray(first.basic)) {
    throw new UnexpectedShapeError('unexpected response: no data[0].basic');
  }
  const tiers = [...levels(first.regular), ...levels(first.vip)];
  const out: BorrowCandidate[] = [];
  for (const coin of first.basic) {
    if (!isRecord(coin)) continue;
    const asset = assetOf(coin.ccy);
    const daily = num(coin.rate);
    const quota = num(coin.quota);
    if (asset === null || daily === undefined) continue;
    const hourly = hourlyFromDaily(daily);
    for (const tier of tiers.length > 0 ? tiers : [{ level: 'Lv1', coef: 1, discount: 1 }]) {
      out.push({
        asset,
        marginType: 'cross',
        vipLevel: tier.level,
        hourlyRate: hourly * tier.discount,
        ...(quota === undefined ? {} : { borrowLimit: quota * tier.coef }),
        borrowable: quota === undefined || quota > 0,
      });
    }
  }
  return out;
}
