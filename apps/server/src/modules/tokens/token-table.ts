import type { TokenRow } from '@spreadscope/contracts';
import { FRESHNESS_MS, gapPercent, tokenName, VENUE_IDS, type VenueId } from '@spreadscope/core';
import { type InstrumentInfo, type MarketEngine, UNIT_KRW, UNIT_OTHER } from '@spreadscope/engine';
import type { TokenTrendRanks } from './trend-ranks.ts';

/** One token's row of the list, with what its detail page links to. */
export interface TokenEntry {
  readonly row: TokenRow;
  readonly koreanSymbol: string | null;
  readonly overseasSymbol: string | null;
  readonly perpetual: boolean;
  readonly korean: boolean;
  readonly overseas: boolean;
}

const orNull = (value: number): number | null => (Number.isFinite(value) ? value : null);

/**
 * Every token the engine quotes, one row each (spec §2 token list): the busiest market's price and 24 h change,
 * the sum of all markets' volume, the Kimchi premium of the busiest Korean KRW market over the busiest
 * overseas USDT market, the busiest perpetual's funding. One pass over the token's markets; the service keeps
 * the result per market version.
 */
export function buildTokenTable(engine: MarketEngine, now: number, trends: TokenTrendRanks): TokenEntry[] {
  const { state } = engine;
  const rate = state.usdKrw;
  const last = state.last.array;
  const volume = state.volume24h.array;
  const toKrw = (info: InstrumentInfo, value: number) => (info.unit === UNIT_KRW ? value : value * rate);
  const out: TokenEntry[] = [];
  for (const token of state.tokens) {
    let busiest: InstrumentInfo | undefined;
    let busiestVolume = Number.NEGATIVE_INFINITY;
    let korean: InstrumentInfo | undefined;
    let koreanVolume = Number.NEGATIVE_INFINITY;
    let overseas: InstrumentInfo | undefined;
    let overseasVolume = Number.NEGATIVE_INFINITY;
    let perp: InstrumentInfo | undefined;
    let perpVolume = Number.NEGATIVE_INFINITY;
    let totalKrw = 0;
    let updatedAt = 0;
    const venues = new Set<VenueId>();
    let markets = 0;
    let hasKorean = false;
    let hasOverseas = false;
    for (const id of token.instruments) {
      const info = state.instruments[id];
      if (!info || info.unit === UNIT_OTHER) continue;
      venues.add(info.venue);
      markets++;
      if (info.korean) hasKorean = true;
      else hasOverseas = true;
      const price = last[id] as number;
      if (!Number.isFinite(price)) continue;
      updatedAt = Math.max(updatedAt, state.updatedAt.array[id] as number);
      const raw = volume[id] as number;
      const krw = Number.isFinite(raw) ? toKrw(info, raw) : 0;
      if (Number.isFinite(krw)) totalKrw += krw;
      const v = Number.isFinite(krw) ? krw : 0;
      if (v > busiestVolume && info.market === 'spot') [busiest, busiestVolume] = [info, v];
      if (info.market === 'perp' && v > perpVolume) [perp, perpVolume] = [info, v];
      if (info.market !== 'spot' || info.dex) continue;
      if (info.korean && info.quote === 'KRW' && v > koreanVolume) [korean, koreanVolume] = [info, v];
      if (!info.korean && info.quote === 'USDT' && v > overseasVolume) [overseas, overseasVolume] = [info, v];
    }
    busiest ??= perp;
    const names = tokenName(token.base);
    const reference = busiest ? engine.views.detailMarket(busiest.id, 'KRW', rate, now) : undefined;
    const priceKrw = reference ? orNull(reference.price) : null;
    const premium =
      korean && overseas
        ? gapPercent(last[korean.id] as number, (last[overseas.id] as number) * rate)
        : Number.NaN;
    const fundingRate = perp ? (state.fundingRate.array[perp.id] as number) * 100 : Number.NaN;
    out.push({
      row: {
        base: token.base,
        nameKo: names?.ko ?? null,
        nameEn: names?.en ?? null,
        priceKrw,
        priceUsd: priceKrw === null ? null : orNull(priceKrw / rate),
        change24hPercent: reference?.change24hPercent ?? null,
        volume24hKrw: busiest ? orNull(totalKrw) : null,
        volume24hUsd: busiest ? orNull(totalKrw / rate) : null,
        premiumPercent: orNull(premium),
        exchanges: VENUE_IDS.filter((v) => venues.has(v)),
        markets,
        fundingRatePercent: orNull(fundingRate),
        fundingExchange: perp && Number.isFinite(fundingRate) ? perp.venue : null,
        trendRank: trends.rankOf(token.base),
        updatedAt,
      },
      // Detail symbols are lowercase (spec §2), as the premium detail route parses them.
      koreanSymbol: korean ? `${korean.venue}-${korean.base}`.toLowerCase() : null,
      overseasSymbol: overseas ? `${overseas.venue}-${overseas.quote}-${overseas.base}`.toLowerCase() : null,
      perpetual: perp !== undefined,
      korean: hasKorean,
      overseas: hasOverseas,
    });
  }
  return out;
}

/** Whether a row's prices are older than the real-time freshness window (greyed on screen). */
export function isStale(row: TokenRow, now: number): boolean {
  return row.updatedAt < now - FRESHNESS_MS.realtime;
}
