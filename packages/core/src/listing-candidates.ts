/**
 * Listing candidates (spec §2 listing arbitrage "upcoming candidates", §7 `listing/predicted`): tokens Upbit or
 * Bithumb does not list yet, each with the evidence that it might, as typed numbers a screen can word. There is
 * deliberately no score: a trader weighs "Bithumb lists it" and "Telegram talks about it" differently, so the
 * reasons are shown and the order only follows the rule documented on `rankCandidates`.
 */

export const CANDIDATE_TARGETS = ['upbit', 'bithumb'] as const;
export type CandidateTarget = (typeof CANDIDATE_TARGETS)[number];

export function isCandidateTarget(venue: string): venue is CandidateTarget {
  return (CANDIDATE_TARGETS as readonly string[]).includes(venue);
}

/** The other of the two big Korean venues: the one whose listings the target most often follows. */
export function otherKoreanVenue(target: CandidateTarget): CandidateTarget {
  return target === 'upbit' ? 'bithumb' : 'upbit';
}

/**
 * Dollar stablecoins: spec §9 names USDT and USDC as the stablecoin quotes; the others are pegged the same
 * way. A pegged coin has no listing pump to race, so none is ever a candidate.
 */
export const STABLECOINS: ReadonlySet<string> = new Set([
  'USDT',
  'USDC',
  'DAI',
  'FDUSD',
  'TUSD',
  'USDE',
  'USDS',
  'PYUSD',
  'USD1',
  'BUSD',
]);

/** Overseas spot volume that counts as large: a market a Korean venue would want to offer. */
export const CANDIDATE_MIN_OVERSEAS_USD = 1_000_000;
/** Telegram: at least this many posts in 24 h, at least this multiple of the previous 6 days' daily mean. */
export const CANDIDATE_MIN_MENTIONS_24H = 3;
export const CANDIDATE_MIN_MENTION_RATIO = 1.5;
/** Naver: the last 3 days' search interest at least this much above the 14 days before (+20 %). */
export const CANDIDATE_MIN_SEARCH_RISE = 0.2;

/** One spot market of the token on a centralized venue, as the engine holds it. */
export interface CandidateMarket {
  readonly venue: string;
  readonly quote: string;
  readonly korean: boolean;
  /** 24 h volume in US dollars; null when unknown (a BTC-quoted market, no volume reported). */
  readonly volumeUsd: number | null;
}

export interface CandidateToken {
  readonly base: string;
  readonly markets: readonly CandidateMarket[];
  /** Canonical networks the token moves on at the venues that list it (their wallet status). */
  readonly networks: readonly string[];
}

/** Telegram mentions of a token: posts over the last day and week (trends' mention counts). */
export interface CandidateMentions {
  readonly h24: number;
  readonly d7: number;
}

/** Naver search interest: the last 3 days' mean against the 14 days before (trends' rising interest). */
export interface CandidateSearch {
  readonly recent: number;
  readonly before: number;
}

export interface CandidateInputs {
  readonly tokens: readonly CandidateToken[];
  /** Canonical networks each target venue runs wallets on for the tokens it already lists. */
  readonly targetNetworks: Readonly<Record<CandidateTarget, readonly string[]>>;
  /** When a venue was seen starting to trade the token (its listing event), when known. */
  readonly listedSince?: (venue: string, base: string) => number | null;
  /** The target has announced the token already (it is on the listing cards, not a candidate). */
  readonly announced?: (venue: string, base: string) => boolean;
  readonly mentions?: ReadonlyMap<string, CandidateMentions>;
  readonly search?: ReadonlyMap<string, CandidateSearch>;
}

export type CandidateReason =
  | {
      readonly kind: 'korean_listing';
      readonly exchange: CandidateTarget;
      /** Its quote markets there (KRW, BTC, USDT). */
      readonly quotes: readonly string[];
      /** When trading was seen starting there; null when it predates what was recorded. */
      readonly since: number | null;
    }
  | {
      readonly kind: 'overseas_volume';
      readonly volumeUsd: number;
      /** Overseas venues with a spot market for it. */
      readonly venues: number;
    }
  | {
      readonly kind: 'networks';
      /** Chains the token moves on that the target already runs wallets on for other tokens. */
      readonly networks: readonly string[];
    }
  | {
      readonly kind: 'telegram_mentions';
      readonly h24: number;
      /** Mean posts a day over the 6 days before the last 24 h. */
      readonly dailyAvg7d: number;
      /** h24 / dailyAvg7d; null when the token was not mentioned before (a first burst). */
      readonly ratio: number | null;
    }
  | {
      readonly kind: 'naver_search';
      readonly recent: number;
      readonly before: number;
      /** recent / before − 1. */
      readonly rise: number;
    };

export type CandidateReasonKind = CandidateReason['kind'];

export interface ListingCandidate {
  readonly base: string;
  readonly target: CandidateTarget;
  readonly reasons: readonly CandidateReason[];
  /** Overseas 24 h spot volume in USD (0 when none): the order's tie-break, also shown. */
  readonly overseasVolumeUsd: number;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

function koreanReason(
  token: CandidateToken,
  target: CandidateTarget,
  inputs: CandidateInputs,
): CandidateReason | null {
  const other = otherKoreanVenue(target);
  const quotes = [...new Set(token.markets.filter((m) => m.venue === other).map((m) => m.quote))].sort();
  if (quotes.length === 0) return null;
  return {
    kind: 'korean_listing',
    exchange: other,
    quotes,
    since: inputs.listedSince?.(other, token.base) ?? null,
  };
}

function overseas(token: CandidateToken): { volumeUsd: number; venues: number } {
  const venues = new Set<string>();
  let volumeUsd = 0;
  for (const m of token.markets) {
    if (m.korean) continue;
    venues.add(m.venue);
    if (m.volumeUsd !== null && Number.isFinite(m.volumeUsd) && m.volumeUsd > 0) volumeUsd += m.volumeUsd;
  }
  return { volumeUsd, venues: venues.size };
}

function mentionReason(m: CandidateMentions | undefined): CandidateReason | null {
  if (!m || m.h24 < CANDIDATE_MIN_MENTIONS_24H) return null;
  const dailyAvg7d = Math.max(0, m.d7 - m.h24) / 6;
  const ratio = dailyAvg7d > 0 ? m.h24 / dailyAvg7d : null;
  if (ratio !== null && ratio < CANDIDATE_MIN_MENTION_RATIO) return null;
  return {
    kind: 'telegram_mentions',
    h24: m.h24,
    dailyAvg7d: round(dailyAvg7d, 2),
    ratio: ratio === null ? null : round(ratio, 2),
  };
}

function searchReason(s: CandidateSearch | undefined): CandidateReason | null {
  if (!s || !(s.before > 0)) return null;
  const rise = s.recent / s.before - 1;
  if (rise < CANDIDATE_MIN_SEARCH_RISE) return null;
  return { kind: 'naver_search', recent: s.recent, before: s.before, rise: round(rise, 4) };
}

/**
 * The evidence for one token on one target, or null when it cannot be a candidate there: the target already
 * trades it (any quote) or announced it, it is a stablecoin, or nothing but network support speaks for it.
 * Network support makes a listing possible, not likely, so it is shown beside other reasons but is never one
 * on its own.
 */
export function candidateReasons(
  token: CandidateToken,
  target: CandidateTarget,
  inputs: CandidateInputs,
): CandidateReason[] | null {
  if (STABLECOINS.has(token.base)) return null;
  if (token.markets.some((m) => m.venue === target)) return null;
  if (inputs.announced?.(target, token.base)) return null;
  const reasons: CandidateReason[] = [];
  const korean = koreanReason(token, target, inputs);
  if (korean) reasons.push(korean);
  const abroad = overseas(token);
  if (abroad.volumeUsd >= CANDIDATE_MIN_OVERSEAS_USD) {
    reasons.push({ kind: 'overseas_volume', volumeUsd: Math.round(abroad.volumeUsd), venues: abroad.venues });
  }
  const mentions = mentionReason(inputs.mentions?.get(token.base));
  if (mentions) reasons.push(mentions);
  const search = searchReason(inputs.search?.get(token.base));
  if (search) reasons.push(search);
  if (reasons.length === 0) return null;
  const supported = new Set(inputs.targetNetworks[target]);
  const networks = [...new Set(token.networks)].filter((n) => supported.has(n)).sort();
  if (networks.length > 0) reasons.push({ kind: 'networks', networks });
  return reasons;
}

/**
 * Candidates for one target, in this order (no weights, so it can be read off the reasons):
 *  1. more reasons first;
 *  2. then those the other big Korean venue lists (Upbit and Bithumb often follow each other);
 *  3. then the larger overseas 24 h spot volume;
 *  4. then the ticker, so equal evidence always lists the same way.
 */
export function rankCandidates(target: CandidateTarget, inputs: CandidateInputs): ListingCandidate[] {
  const out: ListingCandidate[] = [];
  for (const token of inputs.tokens) {
    const reasons = candidateReasons(token, target, inputs);
    if (!reasons) continue;
    out.push({ base: token.base, target, reasons, overseasVolumeUsd: Math.round(overseas(token).volumeUsd) });
  }
  const korean = (c: ListingCandidate) => (c.reasons.some((r) => r.kind === 'korean_listing') ? 1 : 0);
  return out.sort(
    (a, b) =>
      b.reasons.length - a.reasons.length ||
      korean(b) - korean(a) ||
      b.overseasVolumeUsd - a.overseasVolumeUsd ||
      a.base.localeCompare(b.base),
  );
}
