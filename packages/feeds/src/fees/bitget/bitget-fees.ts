import { type FeeTierEvent, feeTierEventSchema, type MarketType } from '@spreadscope/core';
import { isRecord, num } from '../../venues/http-json.ts';

/**
 * Bitget publishes its VIP fee schedule through public market endpoints, one for spot and one for futures
 * (the rates its fee page shows, per level, with each level's 30-day volume and asset thresholds).
 */
export const BITGET_SPOT_FEES_URL = 'https://api.bitget.com/api/v2/spot/market/vip-fee-rate';
export const BITGET_PERP_FEES_URL = 'https://api.bitget.com/api/v2/mix/market/vip-fee-rate';

const usd = (value: number): string =>
  value >= 1e6
    ? `$${+(value / 1e6).toFixed(2)}M`
    : value >= 1e3
      ? `$${+(value / 1e3).toFixed(1)}K`
      : `$${value}`;

/**
 * `{ code: "00000", data: [{ level, dealAmount, assetAmount, takerFeeRate, makerFeeRate, … }] }` → one fee tier
 * per level (rates are fractions: 0.001 = 0.1 %). A non-zero code is Bitget refusing; a level without both
 * rates is skipped; an answer with no level is refused rather than read as "no fees".
 */
export function parseBitgetFees(body: unknown, market: MarketType, t: number): FeeTierEvent[] {
  if (!isRecord(body)) throw new Error('unexpected response: not an object');
  if (body.code !== '00000') throw new Error(`Bitget refused: ${String(body.msg ?? body.code)}`);
  if (!Array.isArray(body.data)) throw new Error('unexpected response: no data list');
  const out: FeeTierEvent[] = [];
  for (const row of body.data) {
    if (!isRecord(row)) continue;
    const level = num(row.level);
    const maker = num(row.makerFeeRate);
    const taker = num(row.takerFeeRate);
    if (
      level === undefined ||
      !Number.isInteger(level) ||
      level < 0 ||
      maker === undefined ||
      taker === undefined
    )
      continue;
    const deal = num(row.dealAmount);
    const assets = num(row.assetAmount);
    const volume = market === 'perp' ? '30d futures volume' : '30d volume';
    const requirement =
      level > 0 && deal !== undefined && assets !== undefined
        ? `${volume} ≥ ${usd(deal)} or assets ≥ ${usd(assets)}`
        : undefined;
    const parsed = feeTierEventSchema.safeParse({
      t,
      type: 'fee_tier',
      venue: 'bitget',
      market,
      vipLevel: `VIP${level}`,
      makerPercent: +(maker * 100).toFixed(6),
      takerPercent: +(taker * 100).toFixed(6),
      ...(requirement ? { requirement } : {}),
    });
    if (parsed.success) out.push(parsed.data);
  }
  if (out.length === 0) throw new Error('no fee levels in the response');
  return out;
}
