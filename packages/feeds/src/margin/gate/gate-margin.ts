import { isRecord, num } from '../../venues/http-json.ts';
import { assetOf, type BorrowCandidate, UnexpectedShapeError } from '../margin-rate.ts';

/**
 * Gate's public unified-account loan rate history, one coin per request: the hourly rate (newest first) and
 * the VIP tier's up-rate (multiplier) for `tier`. Cross margin (unified account).
 */
export const GATE_MARGIN_URL = 'https://api.gateio.ws/api/v4/unified/history_loan_rate';

export function gateMarginUrl(asset: string): string {
  return `${GATE_MARGIN_URL}?currency=${encodeURIComponent(asset)}&page=1&limit=1`;
}

/** `{currency, tier, tier_up_rate, rates: [{time, rate}]}` → the latest rate, at the tier Gate answered for. */
export function parseGateMargin(body: unknown): BorrowCandidate[] {
  if (!isRecord(body)) throw new UnexpectedShapeError('unexpected response: not an object');
  if (typeof body.label === 'string') {
    throw new UnexpectedShapeError(`Gate refused: ${body.label} ${String(body.message ?? '')}`.trim());
  }
  if (!Array.isArray(body.rates)) throw new UnexpectedShapeError('unexpected response: no rates list');
  const asset = assetOf(body.currency);
  const latest = body.rates[0];
  const rate = isRecord(latest) ? num(latest.rate) : undefined;
  if (asset === null || rate === undefined) return [];
  const upRate = num(body.tier_up_rate) ?? 1;
  const tier = typeof body.tier === 'string' && body.tier !== '' ? body.tier : '0';
  return [
    {
      asset,
      marginType: 'cross',
      vipLevel: `VIP${tier}`,
      hourlyRate: rate * (upRate > 0 ? upRate : 1),
      borrowable: true,
    },
  ];
}
