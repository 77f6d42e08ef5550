import {
  type AlertCondition,
  type AlertDataType,
  type AlertDirection,
  type AlertStrategy,
  type FrequencySpec,
  findVenue,
  type MarketType,
  type PremiumType,
  type TriggerSpec,
  type TriggerState,
  type VenueId,
} from '@spreadscope/core';

/** An alert rule as the evaluator needs it (the server maps its stored alerts into these). */
export interface AlertRule extends TriggerSpec, FrequencySpec {
  readonly id: string;
  readonly strategy: AlertStrategy;
  readonly dataType: AlertDataType;
  readonly condition: AlertCondition;
  /** Tokens (bases); empty for strategies over every token of the exchanges. */
  readonly tokens: readonly string[];
  readonly blacklist: readonly string[];
  readonly exchanges: readonly VenueId[];
  readonly direction: AlertDirection;
  readonly premiumType: PremiumType;
  readonly upbitQuote: string;
  /** US dollars of 24 h volume each spot / perp leg needs (0: none). */
  readonly minVolumeSpot: number;
  readonly minVolumeFutures: number;
  /** Funding interval in hours every perp leg must have (0: any). */
  readonly fundingIntervalHours: number;
  /** Epoch ms after which the rule is not evaluated (Infinity: never expires). */
  readonly expiresAt: number;
  /** 0 when it never fired. */
  lastFiredAt: number;
  active: boolean;
}

/** One leg a watch reads: a market, with the quotes it may trade in, in order of preference. */
export interface LegSpec {
  readonly venue: VenueId;
  readonly market: MarketType;
  readonly base: string;
  readonly quotes: readonly string[];
}

/** What a rule watches: one series (a pair of markets, or one perpetual) and its trigger state. */
export interface Watch {
  readonly rule: AlertRule;
  /** Stable across restarts: the key of the persisted state. */
  readonly key: string;
  readonly token: string;
  readonly source: LegSpec;
  readonly target: LegSpec | null;
  sourceId: number;
  targetId: number;
  state: TriggerState;
  /** The value at the previous evaluation (a settlement reports the funding as it stood before it). */
  previous: number;
  /** The source perp's next funding time at the previous evaluation (settlement detection). */
  nextFunding: number;
  /** Its column in the book's typed arrays, -1 while its markets are unknown. */
  slot: number;
}

const PREMIUM_LEGS: Readonly<Record<PremiumType, readonly [MarketType, MarketType]>> = {
  'spot-spot': ['spot', 'spot'],
  'spot-perp': ['spot', 'perp'],
  'perp-spot': ['perp', 'spot'],
  'perp-perp': ['perp', 'perp'],
};

/** The quotes a leg on a venue may trade in: KRW (or Upbit's chosen market) in Korea, the venue's dollars abroad. */
export function legQuotes(venue: VenueId, market: MarketType, upbitQuote: string): readonly string[] {
  const info = findVenue(venue);
  if (!info) return [];
  if (info.region === 'korea') return venue === 'upbit' && market === 'spot' ? [upbitQuote] : ['KRW'];
  return info.quotes;
}

function offers(venue: VenueId, market: MarketType): boolean {
  return findVenue(venue)?.markets.includes(market) ?? false;
}

export function legName(leg: LegSpec): string {
  return `${leg.venue}${leg.market === 'perp' ? '.perp' : ''}`;
}

/** Whether a rule's series are single perpetuals (funding of one market) rather than pairs. */
export function watchesSingleLegs(rule: AlertRule): boolean {
  return (
    rule.strategy === 'single-funding' ||
    rule.strategy === 'top-funding-rate' ||
    rule.dataType === 'funding-rate-percent' ||
    rule.dataType === 'funding-interval-change' ||
    rule.dataType === 'funding-direction-change'
  );
}

/**
 * The series a rule watches for one token: each perp of the chosen exchanges (funding of one market), or each
 * ordered pair of them (`fixed`: only first → second) with the premium type's market types.
 */
export function seriesOf(rule: AlertRule, token: string): { source: LegSpec; target: LegSpec | null }[] {
  const out: { source: LegSpec; target: LegSpec | null }[] = [];
  const leg = (venue: VenueId, market: MarketType): LegSpec => ({
    venue,
    market,
    base: token,
    quotes: legQuotes(venue, market, rule.upbitQuote),
  });
  if (watchesSingleLegs(rule)) {
    for (const venue of rule.exchanges)
      if (offers(venue, 'perp')) out.push({ source: leg(venue, 'perp'), target: null });
    return out;
  }
  const [sourceMarket, targetMarket] =
    rule.dataType === 'funding-gap-percent' ? PREMIUM_LEGS['perp-perp'] : PREMIUM_LEGS[rule.premiumType];
  const pairs: [VenueId, VenueId][] = [];
  if (rule.direction === 'fixed') {
    const [a, b] = rule.exchanges;
    if (a && b) pairs.push([a, b]);
  } else {
    for (const a of rule.exchanges) for (const b of rule.exchanges) if (a !== b) pairs.push([a, b]);
  }
  for (const [a, b] of pairs) {
    if (!offers(a, sourceMarket) || !offers(b, targetMarket)) continue;
    out.push({ source: leg(a, sourceMarket), target: leg(b, targetMarket) });
  }
  return out;
}

export function watchKey(token: string, source: LegSpec, target: LegSpec | null): string {
  return target ? `${token}:${legName(source)}>${legName(target)}` : `${token}:${legName(source)}`;
}
