import { getVenue } from '@spreadscope/core';
import type { AmmConfig, PoolConfig } from '../venues/amm/amm-config.ts';
import {
  addressWord,
  encodeCall,
  GET_POOL,
  LIQUIDITY,
  sortsBefore,
  TOKEN_A,
  TOKEN_TO_POOL,
  words,
  ZERO_ADDRESS,
} from '../venues/amm/pool-price.ts';
import type { DexPool } from './dex-types.ts';
import type { JsonRpc } from './json-rpc.ts';

/**
 * Token contracts of the built-in pools named by address only (the price reader needs just the token
 * order; DEX rows also show the token contracts).
 */
const KNOWN_TOKENS: Readonly<Record<string, { base: string; quote: string }>> = {
  // Uniswap v3 USDC/WETH 0.05 % on Ethereum.
  '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640': {
    base: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
    quote: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  },
  // PancakeSwap v3 USDT/WBNB 0.05 % on BNB Chain.
  '0x36696169c63e42cd08ce11f5deebbcebae652050': {
    base: '0xbb4cdb9cbd36b01bd1cbaebf2de08d9173bc095c',
    quote: '0x55d398326f99059ff775485246999027b3197955',
  },
};

export function dexPoolId(venue: string, address: string): string {
  return `${venue}:${address.toLowerCase()}`;
}

/** A configured pool as the indexer reads it, once its address and token order are known. */
export function toDexPool(config: PoolConfig, address: string, baseIsToken0?: boolean): DexPool {
  const known = KNOWN_TOKENS[address.toLowerCase()];
  const baseToken = (config.baseToken ?? known?.base)?.toLowerCase() ?? null;
  const quoteToken = (config.quoteToken ?? known?.quote)?.toLowerCase() ?? null;
  const order =
    baseIsToken0 ??
    config.baseIsToken0 ??
    (baseToken !== null && quoteToken !== null ? sortsBefore(baseToken, quoteToken) : true);
  return {
    poolId: dexPoolId(config.venue, address),
    venue: config.venue,
    chain: getVenue(config.venue).chain ?? 'unknown',
    kind: config.kind,
    address: address.toLowerCase(),
    base: config.base,
    quote: config.quote,
    baseToken,
    quoteToken,
    baseDecimals: config.baseDecimals,
    quoteDecimals: config.quoteDecimals,
    baseIsToken0: order,
  };
}

/** The pools of the AMM configuration given by address: indexable without asking a node. */
export function addressedDexPools(amm: AmmConfig): DexPool[] {
  return amm.pools.flatMap((p) => (p.address === undefined ? [] : [toDexPool(p, p.address)]));
}

/**
 * A pool named by its factory, found on the chain the way the price reader finds it: a v3 factory's
 * deepest pool over the fee tiers, or KLAYswap's `tokenToPool` with the pool's own `tokenA()` for the
 * order. Null when the factory knows no such pool.
 */
export async function findDexPool(config: PoolConfig, rpc: JsonRpc): Promise<DexPool | null> {
  if (config.address !== undefined) return toDexPool(config, config.address);
  const [base, quote] = [config.baseToken ?? ZERO_ADDRESS, config.quoteToken ?? ZERO_ADDRESS];
  const factory = config.factory;
  if (factory === undefined) return null;
  const ethCall = async (to: string, data: string) =>
    String(await rpc.call('eth_call', [{ to, data }, 'latest']));
  if (config.kind === 'klayswap') {
    const pool = addressWord(await ethCall(factory, encodeCall(TOKEN_TO_POOL, base, quote)));
    if (pool === ZERO_ADDRESS) return null;
    const tokenA = addressWord(await ethCall(pool, TOKEN_A));
    return toDexPool(config, pool, tokenA.toLowerCase() === base.toLowerCase());
  }
  const [token0, token1] = sortsBefore(base, quote) ? [base, quote] : [quote, base];
  let best: { address: string; liquidity: bigint } | null = null;
  for (const fee of config.fees ?? []) {
    const pool = addressWord(await ethCall(factory, encodeCall(GET_POOL, token0, token1, fee)));
    if (pool === ZERO_ADDRESS) continue;
    const liquidity = words(await ethCall(pool, LIQUIDITY))[0] ?? 0n;
    if (best === null || liquidity > best.liquidity) best = { address: pool, liquidity };
  }
  return best === null ? null : toDexPool(config, best.address);
}
