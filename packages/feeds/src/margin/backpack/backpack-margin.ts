import { isRecord, num } from '../../venues/http-json.ts';
import { assetOf, type BorrowCandidate, hourlyFromAnnual, UnexpectedShapeError } from '../margin-rate.ts';

/**
 * Backpack's public borrow/lend markets: one pool per asset whose borrow rate (an annual rate) floats with
 * utilization; borrowing is open while the pool's state is `Open`. One rate for everyone (no VIP levels).
 */
export const BACKPACK_MARGIN_URL = 'https://api.backpack.exchange/api/v1/borrowLend/markets';

/** `[{symbol, state, borrowInterestRate, openBorrowLendLimit, borrowedQuantity, …}]`. */
export function parseBackpackMargin(body: unknown): BorrowCandidate[] {
  if (!Array.isArray(body)) throw new UnexpectedShapeError('unexpected response: not a list of markets');
  const out: BorrowCandidate[] = [];
  for (const market of body) {
    if (!isRecord(market)) continue;
    const asset = assetOf(market.symbol);
    const annual = num(market.borrowInterestRate);
    if (asset === null || annual === undefined) continue;
    const limit = num(market.openBorrowLendLimit);
    const borrowed = num(market.borrowedQuantity) ?? 0;
    out.push({
      asset,
      marginType: 'cross',
      vipLevel: 'default',
      hourlyRate: hourlyFromAnnual(annual),
      // What is left under the pool's cap is what anyone can still borrow.
      ...(limit === undefined ? {} : { borrowLimit: Math.max(0, limit - borrowed) }),
      borrowable: market.state === 'Open',
    });
  }
  return out;
}
