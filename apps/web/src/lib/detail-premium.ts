/** One side of a premium: the exchange and the quote of its market. */
export interface PremiumSide {
  readonly exchange: string;
  readonly market: 'spot' | 'perp';
  readonly quote: string;
}

export interface HeadlinePremium {
  /** 'kimchi': a KRW market over an overseas one; 'gap': two markets of the same kind. */
  readonly kind: 'kimchi' | 'gap';
  /** The market divided (numerator) and the one it is divided by: value = (over / under − 1) × 100. */
  readonly over: PremiumSide;
  readonly under: PremiumSide;
  readonly value: number | null;
}

/** `a over b` from `b over a`, both in percent: (1 / (1 + p) − 1) × 100. */
export function invertPercent(percent: number): number {
  return (1 / (1 + percent / 100) - 1) * 100;
}

/**
 * What the detail page's headline compares, always in the Kimchi premium's convention (UI.md, spec §3): when
 * one side is a Korean KRW market the premium is KRW over overseas, whichever market the page is about, so
 * /premium/mexc-usdt-flow and /premium/upbit-flow show the same sign. Two markets of the same kind read as
 * the page's market over its reference. `premiumPercent` is the API's market over reference.
 */
export function headlinePremium(
  market: PremiumSide,
  reference: PremiumSide,
  premiumPercent: number | null,
): HeadlinePremium {
  const marketKrw = market.quote === 'KRW';
  const referenceKrw = reference.quote === 'KRW';
  if (referenceKrw && !marketKrw) {
    return {
      kind: 'kimchi',
      over: reference,
      under: market,
      value: premiumPercent === null ? null : invertPercent(premiumPercent),
    };
  }
  return {
    kind: marketKrw && !referenceKrw ? 'kimchi' : 'gap',
    over: market,
    under: reference,
    value: premiumPercent,
  };
}
