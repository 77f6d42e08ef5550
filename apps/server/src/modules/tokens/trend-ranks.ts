/**
 * Where the token list's trend rank comes from: the social trends module (Telegram mentions, Naver search)
 * fills this when it runs. Until one is wired, `NO_TREND_RANKS` answers "no rank" for every token and the
 * list says the column has no source.
 */
export interface TokenTrendRanks {
  /** Whether a trend source feeds the ranks at all (false: every rank is null for that reason). */
  readonly available: boolean;
  /** 1 for the most talked-about token; null for a token outside the ranking. */
  rankOf(base: string): number | null;
}

export const NO_TREND_RANKS: TokenTrendRanks = { available: false, rankOf: () => null };
