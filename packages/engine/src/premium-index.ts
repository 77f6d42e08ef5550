import { type ConversionBase, conversionRate, FRESHNESS_MS, gapPercent, getVenue } from '@spreadscope/core';
import type { EngineParts } from './spread-calc.ts';

/** The index basket: the ten largest tokens that trade both on the Korean venues and overseas. */
export const INDEX_TOKENS = [
  'BTC',
  'ETH',
  'XRP',
  'SOL',
  'DOGE',
  'ADA',
  'TRX',
  'LINK',
  'AVAX',
  'SUI',
] as const;

export const INDEX_WEIGHTING =
  "Basket: BTC, ETH, XRP, SOL, DOGE, ADA, TRX, LINK, AVAX, SUI. Each token: its Korean KRW price (the average of the Korean venues, weighted by their 24 h KRW volume) over the median of its overseas CEX USDT spot prices × the conversion rate, minus one. Index: those premiums weighted by each token's 24 h KRW volume on the Korean venues. Quotes older than 60 s are left out; a token without a fresh quote on either side drops out and the others are re-weighted.";

export interface IndexConstituent {
  readonly base: string;
  readonly premiumPercent: number | null;
  readonly koreanPriceKrw: number | null;
  readonly overseasPriceUsd: number | null;
  readonly volume24hKrw: number;
  readonly weight: number;
}

export interface PremiumIndexValue {
  readonly value: number | null;
  readonly conversionBase: ConversionBase;
  readonly conversionRate: number | null;
  readonly constituents: IndexConstituent[];
  readonly bitcoin: {
    readonly premiumPercent: number | null;
    readonly priceKrw: number | null;
    readonly priceUsd: number | null;
  };
}

/** Prices of one token's markets: now (live) or as of a closed minute (history). */
export type PriceReader = (instrument: number) => number;

const orNull = (value: number): number | null => (Number.isFinite(value) ? value : null);

/**
 * Computes the index from a price reader, so the same rule serves the live value and the per-minute history.
 * `fresh` decides whether a market may take part (live: quoted within 60 s; history: it has a close).
 */
export function computePremiumIndex(
  parts: EngineParts,
  base: ConversionBase,
  rate: number,
  price: PriceReader,
  fresh: (instrument: number) => boolean,
): PremiumIndexValue {
  const { state } = parts;
  const constituents: IndexConstituent[] = [];
  let weighted = 0;
  let weights = 0;
  for (const symbol of INDEX_TOKENS) {
    const token = state.findToken(symbol);
    let krwSum = 0;
    let krwWeight = 0;
    let plainSum = 0;
    let plainCount = 0;
    let volumeKrw = 0;
    const overseas: number[] = [];
    for (const id of token?.instruments ?? []) {
      const info = state.instruments[id];
      if (info?.market !== 'spot' || !fresh(id)) continue;
      const p = price(id);
      if (!(p > 0)) continue;
      if (info.korean && info.quote === 'KRW') {
        const v = state.volume24h.array[id] as number;
        if (v > 0) {
          krwSum += p * v;
          krwWeight += v;
          volumeKrw += v;
        }
        plainSum += p;
        plainCount++;
      } else if (!info.korean && info.quote === 'USDT' && getVenue(info.venue).kind === 'cex') {
        overseas.push(p);
      }
    }
    const korean = krwWeight > 0 ? krwSum / krwWeight : plainCount > 0 ? plainSum / plainCount : Number.NaN;
    const dollar = median(overseas);
    const premium = gapPercent(korean, dollar * rate);
    constituents.push({
      base: symbol,
      premiumPercent: orNull(premium),
      koreanPriceKrw: orNull(korean),
      overseasPriceUsd: orNull(dollar),
      volume24hKrw: volumeKrw,
      weight: 0,
    });
    if (Number.isFinite(premium) && volumeKrw > 0) {
      weighted += premium * volumeKrw;
      weights += volumeKrw;
    }
  }
  const weighed = constituents.map((c) => ({
    ...c,
    weight: weights > 0 && c.premiumPercent !== null ? c.volume24hKrw / weights : 0,
  }));
  const btc = weighed.find((c) => c.base === 'BTC');
  return {
    value: weights > 0 ? weighted / weights : null,
    conversionBase: base,
    conversionRate: orNull(rate),
    constituents: weighed,
    bitcoin: {
      premiumPercent: btc?.premiumPercent ?? null,
      priceKrw: btc?.koreanPriceKrw ?? null,
      priceUsd: btc?.overseasPriceUsd ?? null,
    },
  };
}

/** The live index: last prices, markets quoted within 60 s. */
export function livePremiumIndex(parts: EngineParts, base: ConversionBase, now: number): PremiumIndexValue {
  const { state } = parts;
  const rate = conversionRate(base, { usdKrw: state.usdKrw, usdtKrw: state.usdtKrw });
  const freshAfter = now - FRESHNESS_MS['30s'];
  return computePremiumIndex(
    parts,
    base,
    rate,
    (id) => state.last.array[id] as number,
    (id) => (state.updatedAt.array[id] as number) >= freshAfter,
  );
}

/** The index at the close of `minute`, from the minute closes (for the persisted history). */
export function premiumIndexAt(parts: EngineParts, base: ConversionBase, minute: number): PremiumIndexValue {
  const { bars, state } = parts;
  const usdt = state.usdtKrwInstrument;
  const rate = base === 'USD' ? bars.forexAt(minute) : usdt < 0 ? Number.NaN : bars.priceAt(usdt, minute);
  return computePremiumIndex(
    parts,
    base,
    rate,
    (id) => bars.priceAt(id, minute),
    // A market that stopped quoting must not lend the index a stale close.
    (id) => (state.updatedAt.array[id] as number) >= minute - 60_000,
  );
}

function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
