import type { PoolConfig } from './amm-config.ts';

/** Function selectors (first 4 bytes of keccak-256 of the signature). */
export const SLOT0 = '0x3850c7bd'; // slot0()
export const GET_RESERVES = '0x0902f1ac'; // getReserves()
export const GET_CURRENT_POOL = '0x1a595f65'; // getCurrentPool() — KLAYswap pools
export const GET_POOL = '0x1698ee82'; // getPool(address,address,uint24) — v3 factories
export const LIQUIDITY = '0x1a686502'; // liquidity() — v3 pools
export const TOKEN_TO_POOL = '0xfd435cb9'; // tokenToPool(address,address) — KLAYswap factory
export const TOKEN_A = '0x0fc63d10'; // tokenA() — KLAYswap pools
export const QUOTE_POTENTIAL_SWAP = '0x4fdd64e5'; // quotePotentialSwap(address,address,int256) — Wombat pools

/** A pool whose address and token order are known (given, or found through its factory). */
export type ResolvedPool = PoolConfig & { readonly address: string; readonly baseIsToken0: boolean };

/** ABI-encodes a call: the selector, then each argument as one 32-byte word (addresses, unsigned ints). */
export function encodeCall(selector: string, ...args: readonly (string | bigint | number)[]): string {
  const encoded = args.map((arg) => {
    const value = typeof arg === 'string' ? BigInt(arg) : BigInt(arg);
    if (value < 0n) throw new Error('negative arguments are not encoded here');
    return value.toString(16).padStart(64, '0');
  });
  return `${selector}${encoded.join('')}`;
}

export function words(hex: string): bigint[] {
  const body = hex.startsWith('0x') ? hex.slice(2) : hex;
  if (body.length === 0 || body.length % 64 !== 0 || !/^[0-9a-fA-F]+$/.test(body)) {
    throw new Error('the pool answered something that is not ABI-encoded words');
  }
  const out: bigint[] = [];
  for (let i = 0; i < body.length; i += 64) out.push(BigInt(`0x${body.slice(i, i + 64)}`));
  return out;
}

/** An ABI-encoded address answer as a checksum-free 0x address (0x000…0 when the factory has none). */
export function addressWord(hex: string): string {
  const word = words(hex)[0] ?? 0n;
  return `0x${word.toString(16).padStart(40, '0')}`;
}

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** Whether `a` sorts before `b` as v2/v3 factories order tokens (by address). */
export function sortsBefore(a: string, b: string): boolean {
  return BigInt(a) < BigInt(b);
}

/** The eth_call data that reads a pool's price state. */
export function priceCall(pool: ResolvedPool): string {
  switch (pool.kind) {
    case 'v3':
      return SLOT0;
    case 'v2':
      return GET_RESERVES;
    case 'klayswap':
      return GET_CURRENT_POOL;
    case 'wombat':
      return encodeCall(
        QUOTE_POTENTIAL_SWAP,
        pool.baseToken ?? ZERO_ADDRESS,
        pool.quoteToken ?? ZERO_ADDRESS,
        10n ** BigInt(pool.baseDecimals),
      );
  }
}

/**
 * The pool's price in quote per base from its raw eth_call answer:
 * - v3: slot0's sqrtPriceX96 = √(token1/token0 in raw units) × 2^96;
 * - v2: getReserves' reserve0 and reserve1; klayswap: getCurrentPool's balances of tokenA and tokenB;
 * - wombat: quotePotentialSwap of one whole base token: the quote it returns plus the haircut it kept.
 * Raw-unit ratios become token prices through the decimals.
 */
export function poolPrice(pool: ResolvedPool, result: string): number {
  const w = words(result);
  if (pool.kind === 'wombat') {
    const [outcome, haircut] = [w[0] ?? 0n, w[1] ?? 0n];
    if (outcome === 0n) throw new Error('the pool quotes nothing for one base token');
    return positive(Number(outcome + haircut) / 10 ** pool.quoteDecimals);
  }
  let token1PerToken0Raw: number;
  if (pool.kind === 'v3') {
    const sqrt = w[0] ?? 0n;
    if (sqrt === 0n) throw new Error('the pool is not initialized (sqrtPriceX96 = 0)');
    token1PerToken0Raw = (Number(sqrt) / 2 ** 96) ** 2;
  } else {
    const [r0, r1] = [w[0] ?? 0n, w[1] ?? 0n];
    if (r0 === 0n || r1 === 0n) throw new Error('the pool has no liquidity (a reserve is 0)');
    token1PerToken0Raw = Number(r1) / Number(r0);
  }
  const [dec0, dec1] = pool.baseIsToken0
    ? [pool.baseDecimals, pool.quoteDecimals]
    : [pool.quoteDecimals, pool.baseDecimals];
  const token1PerToken0 = token1PerToken0Raw * 10 ** (dec0 - dec1);
  return positive(pool.baseIsToken0 ? token1PerToken0 : 1 / token1PerToken0);
}

function positive(price: number): number {
  if (!Number.isFinite(price) || price <= 0) throw new Error('the pool price is not a positive number');
  return price;
}
