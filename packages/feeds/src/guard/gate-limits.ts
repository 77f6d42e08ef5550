/**
 * Where the ingest stops believing a number. Every limit is far outside what a venue really prints, so an honest
 * market is never refused; what lands outside is a fault (a crossed feed, a unit slip, a stale replay).
 */
export const GATE_LIMITS = {
  /**
   * No traded token is priced outside this band in KRW or dollars (the smallest meme coins sit near 1e-10 USDT,
   * BTC near 1.5e8 KRW); 1e-300 and 1e300 are parse or unit faults.
   */
  minPrice: 1e-15,
  maxPrice: 1e13,
  /** 24 h volume in the quote currency: the busiest market on earth trades under 1e13 KRW a day. */
  maxVolume: 1e16,
  /**
   * From one accepted print to the next, a market moves by percents; ×3 up or ÷3 down between two prints of the
   * same venue and market (seconds apart) is a fault: listing pumps and crashes climb through many prints.
   */
  tickFactor: 3,
  /**
   * A venue's first price of a token against the median of the other venues' prices (in dollars). A token can
   * truly trade far away on one venue — Korean listing pumps at +100…+300 %, a delisting venue's discount,
   * withdrawals closed for months — so only ×10 or ÷10 is refused: that is a unit slip (a 1000× contract, KRW
   * read as USD) or another token under the same ticker.
   */
  firstFactor: 10,
  /**
   * A level that really moved (a redenomination, a reopened market, a token that truly trades apart) is not
   * refused forever: this many refused prints in a row, each within `coherentFactor` of the previous one, and
   * the gate believes the venue. A lone spike never gets there.
   */
  confirmPrints: 5,
  coherentFactor: 1.25,
  /** Funding per interval: venues cap it at a few percent; 10 % is a parse fault (a percent read as fraction). */
  maxFundingRate: 0.1,
  /** USD/KRW moves well under 2 % a day; 20 % from one rate to the next is a wrong source. */
  forexFactor: 1.2,
  /** Live and simulated sources stamp events on receipt; an event this far ahead of the clock is mis-stamped. */
  futureMs: 5 * 60_000,
} as const;
