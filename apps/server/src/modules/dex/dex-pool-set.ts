import { createHash } from 'node:crypto';
import type { AmmConfig, DexPool } from '@spreadscope/feeds/dex';
import { toDexPool } from '@spreadscope/feeds/dex';

/**
 * The simulated source's pools: the configured ones, those named by a factory given a stable made-up
 * address (the simulator has no chain to ask).
 */
export function simulatedDexPools(amm: AmmConfig): DexPool[] {
  return amm.pools.map((p) => {
    const address =
      p.address ??
      `0x${createHash('sha256').update(`${p.venue}:${p.base}:${p.quote}`).digest('hex').slice(0, 40)}`;
    return toDexPool(p, address);
  });
}

export function poolSymbol(pool: Pick<DexPool, 'base' | 'quote'>): string {
  return `${pool.base}-${pool.quote}`;
}
