/**
 * One name per blockchain for deposit and withdrawal networks. Venues spell the same chain differently — the
 * token standard (ERC20, TRC20, BEP20), the chain's ticker (ETH, TRX, BSC), its name (Ethereum, Tron, BNB Smart
 * Chain), a venue code (Bybit's ARBI and CAVAX, Gate's ARBEVM and OPETH), or OKX's `ASSET-Chain` — and a
 * transfer route only exists where the sending and the receiving venue use the same chain. These are facts
 * about the chains; the engine matches routes on the canonical id.
 *
 * Chains covered, by canonical id:
 * - ETH: Ethereum mainnet (ERC20)
 * - TRX: Tron (TRC20)
 * - BSC: BNB Smart Chain (BEP20) — not the retired BNB Beacon Chain (BEP2), which stays BNB
 * - SOL: Solana (SPL tokens)
 * - ARB: Arbitrum One
 * - OP: OP Mainnet (Optimism)
 * - BASE: Base
 * - POL: Polygon PoS (formerly MATIC)
 * - AVAXC: Avalanche C-Chain (the X-Chain is a different network and keeps its own spelling)
 * - BTC: Bitcoin, LTC: Litecoin, BCH: Bitcoin Cash, DOGE: Dogecoin
 * - XRP: XRP Ledger, XLM: Stellar, ADA: Cardano, DOT: Polkadot, ATOM: Cosmos Hub, TON: TON, SUI: Sui,
 *   APT: Aptos, NEAR: NEAR, KAIA: Kaia (formerly Klaytn), ETC: Ethereum Classic
 * - ZKSYNC: zkSync Era, LINEA: Linea, SCROLL: Scroll, MANTLE: Mantle, OPBNB: opBNB, HYPE: Hyperliquid L1
 *
 * Anything else keeps its own spelling, normalized (upper case, punctuation and spaces removed), so two venues
 * that spell an unlisted chain alike still match.
 */

export const CANONICAL_NETWORKS = {
  ETH: 'Ethereum (ERC20)',
  TRX: 'Tron (TRC20)',
  BSC: 'BNB Smart Chain (BEP20)',
  SOL: 'Solana',
  ARB: 'Arbitrum One',
  OP: 'OP Mainnet',
  BASE: 'Base',
  POL: 'Polygon PoS',
  AVAXC: 'Avalanche C-Chain',
  BTC: 'Bitcoin',
  LTC: 'Litecoin',
  BCH: 'Bitcoin Cash',
  DOGE: 'Dogecoin',
  XRP: 'XRP Ledger',
  XLM: 'Stellar',
  ADA: 'Cardano',
  DOT: 'Polkadot',
  ATOM: 'Cosmos Hub',
  TON: 'TON',
  SUI: 'Sui',
  APT: 'Aptos',
  NEAR: 'NEAR',
  KAIA: 'Kaia',
  ETC: 'Ethereum Classic',
  ZKSYNC: 'zkSync Era',
  LINEA: 'Linea',
  SCROLL: 'Scroll',
  MANTLE: 'Mantle',
  OPBNB: 'opBNB',
  HYPE: 'Hyperliquid L1',
} as const;
export type CanonicalNetwork = keyof typeof CANONICAL_NETWORKS;

/** Spellings seen in venues' wallet APIs (after normalization: upper case, letters and digits only). */
const ALIASES: Readonly<Record<CanonicalNetwork, readonly string[]>> = {
  ETH: ['ETH', 'ERC20', 'ETHEREUM', 'ETHERC20', 'ERC20ETH', 'ETHEREUMERC20', 'ETHEREUMMAINNET'],
  TRX: ['TRX', 'TRC20', 'TRON', 'TRXTRC20', 'TRC20TRX', 'TRONTRC20'],
  BSC: [
    'BSC',
    'BEP20',
    'BEP20BSC',
    'BSCBEP20',
    'BNBSMARTCHAIN',
    'BNBSMARTCHAINBEP20',
    'BNBCHAIN',
    'BINANCESMARTCHAIN',
  ],
  SOL: ['SOL', 'SOLANA', 'SPL', 'SOLSPL'],
  ARB: [
    'ARB',
    'ARBI',
    'ARB1',
    'ARBONE',
    'ARBEVM',
    'ARBITRUM',
    'ARBITRUMONE',
    'ARBITRUMONEARB',
    'ARBITRUMONEARBITRUM',
  ],
  OP: ['OP', 'OPETH', 'OPTIMISM', 'OPMAINNET', 'OPTIMISMETH', 'OPTIMISMOP'],
  BASE: ['BASE', 'BASEEVM', 'BASEMAINNET', 'BASEETH'],
  POL: ['POL', 'MATIC', 'POLYGON', 'POLYGONPOS', 'MATICPOLYGON', 'POLYGONMATIC', 'POLYGONPOL'],
  AVAXC: ['AVAXC', 'CAVAX', 'AVAXCCHAIN', 'AVALANCHECCHAIN', 'AVAXCAVAX', 'AVALANCHEC', 'AVAXCCHAINAVAX'],
  BTC: ['BTC', 'BITCOIN'],
  LTC: ['LTC', 'LITECOIN'],
  BCH: ['BCH', 'BITCOINCASH'],
  DOGE: ['DOGE', 'DOGECOIN'],
  XRP: ['XRP', 'RIPPLE', 'XRPL', 'XRPLEDGER'],
  XLM: ['XLM', 'STELLAR', 'STELLARLUMENS'],
  ADA: ['ADA', 'CARDANO'],
  DOT: ['DOT', 'POLKADOT'],
  ATOM: ['ATOM', 'COSMOS', 'COSMOSHUB'],
  TON: ['TON', 'TONCOIN', 'THEOPENNETWORK'],
  SUI: ['SUI'],
  APT: ['APT', 'APTOS'],
  NEAR: ['NEAR', 'NEARPROTOCOL'],
  KAIA: ['KAIA', 'KLAY', 'KLAYTN'],
  ETC: ['ETC', 'ETHEREUMCLASSIC'],
  ZKSYNC: ['ZKSYNC', 'ZKSYNCERA', 'ERA'],
  LINEA: ['LINEA'],
  SCROLL: ['SCROLL'],
  MANTLE: ['MANTLE', 'MNT'],
  OPBNB: ['OPBNB'],
  HYPE: ['HYPE', 'HYPERLIQUID', 'HYPEREVM', 'HYPERCORE'],
};

const BY_SPELLING = new Map<string, CanonicalNetwork>(
  (Object.entries(ALIASES) as [CanonicalNetwork, readonly string[]][]).flatMap(([id, spellings]) =>
    spellings.map((s) => [s, id] as const),
  ),
);

function squeeze(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * The canonical id of a network as a venue spells it. `asset` strips OKX-style prefixes (`USDT-ERC20`,
 * `ETH-Arbitrum One`); a spelling we do not know comes back normalized, never empty for a non-empty input.
 */
export function canonicalNetwork(spelling: string, asset?: string): string {
  const trimmed = spelling.trim();
  if (asset) {
    const prefix = `${asset.trim().toUpperCase()}-`;
    if (trimmed.toUpperCase().startsWith(prefix) && trimmed.length > prefix.length) {
      const rest = squeeze(trimmed.slice(prefix.length));
      const known = BY_SPELLING.get(rest);
      if (known) return known;
    }
  }
  const squeezed = squeeze(trimmed);
  return BY_SPELLING.get(squeezed) ?? (squeezed || trimmed);
}

/** Whether two venues' spellings name the same chain. */
export function sameNetwork(a: string, b: string, asset?: string): boolean {
  return canonicalNetwork(a, asset) === canonicalNetwork(b, asset);
}

/** A readable name for a canonical id (the id itself for chains outside the table). */
export function networkDisplayName(id: string): string {
  return (CANONICAL_NETWORKS as Readonly<Record<string, string>>)[id] ?? id;
}
