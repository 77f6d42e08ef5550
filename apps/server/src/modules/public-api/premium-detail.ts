import type { PremiumTableRow, SpreadLeg } from '@spreadscope/contracts';
import { tokenIdOf } from '@spreadscope/core';
import { toPublicMarket } from './public-params.ts';

/**
 * One premium row in the SDK's short keys (shared/formats/public-api.md §4). Every price difference is a
 * percentage; prices and volumes are in the requested currency; what we do not know is null, never 0.
 */
export function premiumDetail(row: PremiumTableRow, now: number) {
  const s = side(row.source);
  const t = side(row.target);
  return {
    detail: {
      d: now,
      bid: tokenIdOf(row.base),
      pdp: row.gapPercent,
      pdp5m: row.gapAgo['5m'],
      pdp15m: row.gapAgo['15m'],
      pdp30m: row.gapAgo['30m'],
      pdp1h: row.gapAgo['1h'],
      pdp4h: row.gapAgo['4h'],
      pdp24h: row.gapAgo['24h'],
      pmd: row.durationSince === null ? null : Math.max(0, now - row.durationSince),
      t: row.transfer.transferable,
      fg: fundingGap(row),
      nfr: row.funding.netRate8hPercent,
      ...prefixed('s', s, row.source, row.base),
      ...prefixed('t', t, row.target, row.base),
      sad: base(row.source.askDepth, row.source.price),
      sadf: row.source.askDepth,
      tbd: base(row.target.bidDepth, row.target.price),
      tbdf: row.target.bidDepth,
      sad2p: row.source.askDepth,
      sbd2p: row.source.bidDepth,
      tad2p: row.target.askDepth,
      tbd2p: row.target.bidDepth,
    },
    source_annualized_funding_rate: row.source.annualizedFundingPercent,
    target_annualized_funding_rate: row.target.annualizedFundingPercent,
  };
}

function side(leg: SpreadLeg) {
  return {
    e: leg.exchange,
    m: toPublicMarket(leg.market),
    q: leg.quote,
    p: leg.price,
    v: leg.volume24h,
    t: leg.updatedAt,
    hb: leg.bid,
    la: leg.ask,
    pdp24h: leg.change24hPercent,
    fr: leg.fundingRatePercent,
    fri: leg.fundingIntervalHours,
    nd: leg.nextFundingTime,
  };
}

function prefixed(p: 's' | 't', v: ReturnType<typeof side>, leg: SpreadLeg, baseTicker: string) {
  const perp = leg.market === 'perp';
  return {
    [`${p}e`]: v.e,
    [`${p}m`]: v.m,
    [`${p}b`]: baseTicker,
    [`${p}q`]: v.q,
    [`${p}p`]: v.p,
    [`${p}v`]: v.v,
    [`${p}t`]: v.t,
    [`${p}hb`]: v.hb,
    [`${p}la`]: v.la,
    [`${p}pdp5m`]: null,
    [`${p}pdp15m`]: null,
    [`${p}pdp30m`]: null,
    [`${p}pdp1h`]: null,
    [`${p}pdp4h`]: null,
    [`${p}pdp24h`]: v.pdp24h,
    [`${p}fr`]: perp ? v.fr : null,
    [`${p}fri`]: perp ? v.fri : null,
    [`${p}frt`]: perp ? v.t : null,
    [`${p}nd`]: perp ? v.nd : null,
    // Open interest arrives with the exchange-intelligence data; margin support likewise.
    [`${p}oi`]: null,
    [`${p}oich1h`]: null,
    [`${p}oich4h`]: null,
    [`${p}oich24h`]: null,
    [`${p}oivr`]: null,
    [`${p}ms`]: null,
    [`${p}c`]: null,
    [`${p}pa`]: null,
  };
}

/** Funding gap ignoring the intervals (the SDK's `fg`): source rate − target rate, both perpetual. */
function fundingGap(row: PremiumTableRow): number | null {
  const a = row.source.fundingRatePercent;
  const b = row.target.fundingRatePercent;
  return a === null || b === null ? null : a - b;
}

function base(depth: number | null, price: number): number | null {
  return depth === null || !(price > 0) ? null : depth / price;
}
