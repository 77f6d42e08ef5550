import { tokenName } from './token-names.ts';

/**
 * Token ids as the market-data world spells them (`bitcoin`, `ethereum`, `ripple`): the paid API's `bid`,
 * `token_include` / `token_exclude` and `id` fields use them. Most are the English name in lower kebab case;
 * these are the well-known exceptions, where the id follows a project's old name.
 */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  XRP: 'ripple',
  BNB: 'binancecoin',
  USDC: 'usd-coin',
  TRX: 'tron',
  AVAX: 'avalanche-2',
  NEAR: 'near',
  TON: 'the-open-network',
  POL: 'polygon-ecosystem-token',
  ARB: 'arbitrum',
  OP: 'optimism',
  ATOM: 'cosmos',
  XLM: 'stellar',
  HBAR: 'hedera-hashgraph',
  ICP: 'internet-computer',
  SUI: 'sui',
  APT: 'aptos',
};

const cache = new Map<string, string>();

/** The token id of a ticker; an unknown ticker's id is the ticker in lower case. */
export function tokenIdOf(base: string): string {
  const known = cache.get(base);
  if (known !== undefined) return known;
  const name = tokenName(base)?.en;
  const id =
    EXCEPTIONS[base] ??
    (name
      ? name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
      : base.toLowerCase());
  cache.set(base, id);
  return id;
}

/** Whether a caller's token filter (an id like `bitcoin` or a ticker like `SHIB`) names this token. */
export function tokenMatches(filter: string, base: string): boolean {
  const wanted = filter.trim().toLowerCase();
  return wanted === base.toLowerCase() || wanted === tokenIdOf(base);
}
