/** The token detail's tabs in spec §2 order; `?tab=` names one (the price tab when absent or unknown). */
export const TOKEN_TABS = [
  'price',
  'premium',
  'arbitrage',
  'funding-rate',
  'trend',
  'notice',
  'transfer',
  'event',
  'listing-arbitrage',
  'margin-borrow',
] as const;
export type TokenTab = (typeof TOKEN_TABS)[number];

export function parseTokenTab(value: string | null): TokenTab {
  return (TOKEN_TABS as readonly string[]).includes(value ?? '') ? (value as TokenTab) : 'price';
}
