import { readFileSync } from 'node:fs';
import { getVenue, isVenueId, type VenueId } from '@spreadscope/core';
import { z } from 'zod';

/**
 * Which AMM pools are read, and from which chain node. A pool is a contract on a chain; its price comes
 * from the pool's own state, read the way that pool's kind computes it:
 * - `v3`: concentrated liquidity (Uniswap v3 and its forks: PancakeSwap v3, DragonSwap v3): `slot0()`'s
 *   sqrtPriceX96;
 * - `v2`: constant product (Uniswap v2 forks): `getReserves()`;
 * - `klayswap`: KLAYswap's own pools (constant product with their own interface): `getCurrentPool()`'s
 *   balances of tokenA and tokenB;
 * - `wombat`: Wombat's coverage-ratio stableswap (Capybara is a licensed Wombat fork): the pool's own quote,
 *   `quotePotentialSwap(base, quote, 1 base)`, with the haircut (fee) added back for the mid price.
 * A pool is named by its address, or found through its factory from the two token addresses: v3 asks
 * `getPool(token0, token1, fee)` for each fee tier and keeps the deepest (`liquidity()`), KLAYswap asks
 * `tokenToPool(tokenA, tokenB)`.
 */
export type PoolKind = 'v3' | 'v2' | 'klayswap' | 'wombat';

export interface PoolConfig {
  readonly venue: VenueId;
  readonly kind: PoolKind;
  /** The pool contract; absent when `factory` finds it. */
  readonly address?: string;
  /** The factory that finds the pool from `baseToken` and `quoteToken` (v3 and klayswap). */
  readonly factory?: string;
  /** v3 through a factory: the fee tiers to look in (hundredths of a basis point, 500 = 0.05 %). */
  readonly fees?: readonly number[];
  /** Token contracts (KLAYswap names native KAIA 0x000…0). Needed for a factory and for wombat. */
  readonly baseToken?: string;
  readonly quoteToken?: string;
  /** Upper case, as the product lists it (WETH trades as ETH, WBNB as BNB, WKAIA as KAIA). */
  readonly base: string;
  readonly quote: string;
  readonly baseDecimals: number;
  readonly quoteDecimals: number;
  /**
   * Whether the base token is the pool's token0 (v2/v3: the lower token address) or tokenA (klayswap).
   * Worked out from the token addresses when they are given.
   */
  readonly baseIsToken0?: boolean;
}

export interface AmmConfig {
  /** JSON-RPC endpoints by chain (`ethereum`, `bsc`, `kaia` …); VENUE_<ID>_URL overrides per venue. */
  readonly rpc: Readonly<Record<string, string>>;
  readonly pools: readonly PoolConfig[];
}

/** Public nodes that need no key; replace them with your own node for production traffic. */
export const DEFAULT_RPC: Readonly<Record<string, string>> = {
  ethereum: 'https://ethereum-rpc.publicnode.com',
  bsc: 'https://bsc-dataseed.bnbchain.org',
  kaia: 'https://public-en.node.kaia.io',
};

/** Kaia token contracts used by the default Kaia pools. */
const KAIA_TOKENS = {
  /** Wrapped KAIA (18 decimals). */
  WKAIA: '0x19Aac5f612f524B754CA7e7c41cbFa2E981A4432',
  /** Native KAIA as KLAYswap names it. */
  KAIA: '0x0000000000000000000000000000000000000000',
  /** Tether's official USDT on Kaia (6 decimals). */
  USDT: '0xd077a400968890eacc75cdc901f0356c943e4fdb',
  /** USDT bridged by Stargate (6 decimals), the USDT of Capybara's Stargate pool. */
  USDT_STARGATE: '0x9025095263d1E548dc890A7589A4C78038aC40ab',
} as const;

/**
 * Pools read out of the box: the deepest stablecoin pools of Uniswap v3 (Ethereum) and PancakeSwap v3
 * (BNB Chain), and KAIA/USDT on each Kaia venue:
 * - DragonSwap v3 (a PancakeSwap v3 fork): WKAIA/USDT found through its factory in every fee tier, the
 *   deepest kept;
 * - KLAYswap (its own pool interface): the KAIA/USDT pool found through its factory (the KSP token
 *   contract), read with getCurrentPool();
 * - Capybara (a Wombat fork): its Main Pool (Stargate), quoting WKAIA in USDT (Stargate).
 */
export const DEFAULT_POOLS: readonly PoolConfig[] = [
  {
    venue: 'uniswapv3',
    // USDC/WETH 0.05 %: token0 USDC (6 decimals), token1 WETH (18).
    address: '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640',
    kind: 'v3',
    base: 'ETH',
    quote: 'USDC',
    baseDecimals: 18,
    quoteDecimals: 6,
    baseIsToken0: false,
  },
  {
    venue: 'pancakeswap',
    // USDT/WBNB 0.05 % (v3): token0 USDT (18 decimals on BNB Chain), token1 WBNB (18).
    address: '0x36696169C63e42cd08ce11f5deeBbCeBae652050',
    kind: 'v3',
    base: 'BNB',
    quote: 'USDT',
    baseDecimals: 18,
    quoteDecimals: 18,
    baseIsToken0: false,
  },
  {
    venue: 'dragonswap',
    kind: 'v3',
    // DragonSwap v3 factory on Kaia.
    factory: '0x7431A23897ecA6913D5c81666345D39F27d946A4',
    fees: [100, 500, 1000, 3000, 10000],
    baseToken: KAIA_TOKENS.WKAIA,
    quoteToken: KAIA_TOKENS.USDT,
    base: 'KAIA',
    quote: 'USDT',
    baseDecimals: 18,
    quoteDecimals: 6,
  },
  {
    venue: 'klayswap',
    kind: 'klayswap',
    // KLAYswap's factory is its KSP token contract.
    factory: '0xC6a2Ad8cC6e4A7E08FC37cC5954be07d499E7654',
    baseToken: KAIA_TOKENS.KAIA,
    quoteToken: KAIA_TOKENS.USDT,
    base: 'KAIA',
    quote: 'USDT',
    baseDecimals: 18,
    quoteDecimals: 6,
  },
  {
    venue: 'capybara',
    kind: 'wombat',
    // Capybara's Main Pool (Stargate): KAIA, WETH and USDT (Stargate).
    address: '0x1dE1578476d9B4237F963eca5D37500Fc33DF3D1',
    baseToken: KAIA_TOKENS.WKAIA,
    quoteToken: KAIA_TOKENS.USDT_STARGATE,
    base: 'KAIA',
    quote: 'USDT',
    baseDecimals: 18,
    quoteDecimals: 6,
  },
];

export const DEFAULT_AMM: AmmConfig = { rpc: DEFAULT_RPC, pools: DEFAULT_POOLS };

const token = z.string().regex(/^[A-Z0-9]+$/, 'tokens are upper case, like ETH');
const decimals = z.number().min(0).max(36).int();
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');
const poolSchema = z
  .object({
    venue: z
      .string()
      .refine((v) => isVenueId(v) && getVenue(v).kind === 'amm-dex', 'must be an AMM venue id'),
    kind: z.enum(['v3', 'v2', 'klayswap', 'wombat']),
    address: address.optional(),
    factory: address.optional(),
    fees: z.array(z.number().min(1).max(1_000_000).int()).min(1).optional(),
    baseToken: address.optional(),
    quoteToken: address.optional(),
    base: token,
    quote: token,
    baseDecimals: decimals,
    quoteDecimals: decimals,
    baseIsToken0: z.boolean().optional(),
  })
  .refine((p) => p.address !== undefined || p.factory !== undefined, 'give the pool address or its factory')
  .refine(
    (p) => p.factory === undefined || (p.baseToken !== undefined && p.quoteToken !== undefined),
    'a factory needs baseToken and quoteToken',
  )
  .refine(
    (p) => p.factory === undefined || p.kind === 'v3' || p.kind === 'klayswap',
    'only v3 and klayswap pools are found through a factory',
  )
  .refine(
    (p) => p.kind !== 'v3' || p.factory === undefined || p.fees !== undefined,
    'a v3 factory needs fees',
  )
  .refine(
    (p) => p.kind !== 'wombat' || (p.baseToken !== undefined && p.quoteToken !== undefined),
    'a wombat pool needs baseToken and quoteToken',
  )
  .refine(
    (p) =>
      p.baseIsToken0 !== undefined ||
      (p.baseToken !== undefined && p.quoteToken !== undefined) ||
      p.kind === 'wombat',
    'give baseIsToken0, or the token addresses',
  );
const fileSchema = z.object({
  rpc: z.record(z.string(), z.url()).optional(),
  pools: z.array(poolSchema),
  /** true: these pools are added to the defaults; false or absent: they replace them. */
  extendDefaults: z.boolean().optional(),
});

/** Reads AMM_POOLS_FILE; every problem names the file and the offending entry. */
export function ammConfigFromFile(path: string): AmmConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : 'not valid JSON';
    throw new Error(`AMM_POOLS_FILE ${path}: ${why}`);
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new Error(`AMM_POOLS_FILE ${path}: ${where}${issue?.message ?? 'invalid'}`);
  }
  const pools = parsed.data.pools.map((p) => ({ ...p, venue: p.venue as VenueId }));
  return {
    rpc: { ...DEFAULT_RPC, ...parsed.data.rpc },
    pools: parsed.data.extendDefaults ? [...DEFAULT_POOLS, ...pools] : pools,
  };
}
