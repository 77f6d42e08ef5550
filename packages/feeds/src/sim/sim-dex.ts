import { createHash } from 'node:crypto';
import type { BlockRef, DexBatch, DexLiquidity, DexPool, DexTrade } from '../dex-index/dex-types.ts';
import { Rng } from './rng.ts';

/** Block times of the chains the AMM venues live on (ms). */
const BLOCK_MS: Readonly<Record<string, number>> = { ethereum: 12_000, bsc: 3_000, kaia: 1_000 };
/** Where each default pool's simulated price sits (quote per base). */
const REFERENCE: Readonly<Record<string, number>> = { ETH: 3_200, BNB: 620, KAIA: 0.14, BTC: 95_000 };

export function simBlockMs(chain: string): number {
  return BLOCK_MS[chain] ?? 2_000;
}

export function simBlockAt(chain: string, time: number): number {
  return Math.floor(time / simBlockMs(chain));
}

function simHash(...parts: readonly (string | number)[]): string {
  return `0x${createHash('sha256').update(parts.join(':')).digest('hex')}`;
}

function seedOf(seed: number, ...parts: readonly (string | number)[]): number {
  return createHash('sha256')
    .update(`${seed}:${parts.join(':')}`)
    .digest()
    .readInt32LE(0);
}

/** A smooth, path-free price: the same instant always has the same price, whatever window it is drawn in. */
function priceAt(pool: DexPool, time: number): number {
  const ref = REFERENCE[pool.base] ?? 1;
  const h = time / 3_600_000;
  return ref * (1 + 0.012 * Math.sin((2 * Math.PI * h) / 6.3) + 0.004 * Math.sin((2 * Math.PI * h) / 0.61));
}

/**
 * Simulated swaps and liquidity changes of the given pools (all on `chain`) over [from, to): drawn per pool
 * and minute from the seed, so any window is the same rows as the windows that make it up — the simulated
 * source can back-fill a day and then add each new span with the same result as one long run. Blocks and
 * hashes are synthetic but stable, so the rows pass through the indexer's own store unchanged.
 */
export function simDexBatch(
  chain: string,
  pools: readonly DexPool[],
  from: number,
  to: number,
  seed: number,
): DexBatch {
  const blockMs = simBlockMs(chain);
  const trades: DexTrade[] = [];
  const liquidity: DexLiquidity[] = [];
  const blocks = new Map<number, string>();
  const place = (pool: DexPool, time: number, index: number) => {
    const blockNumber = simBlockAt(chain, time);
    const blockHash = simHash(chain, blockNumber);
    blocks.set(blockNumber, blockHash);
    return {
      chain,
      poolId: pool.poolId,
      blockNumber,
      blockHash,
      logIndex: index,
      transactionHash: simHash(chain, pool.poolId, time, index),
      date: blockNumber * blockMs,
    };
  };
  const firstMinute = Math.ceil(from / 60_000);
  for (let minute = firstMinute; minute * 60_000 < to; minute++) {
    pools.forEach((pool, p) => {
      const rng = new Rng(seedOf(seed, pool.poolId, minute));
      const count = Math.floor(rng.range(0, 4));
      for (let i = 0; i < count; i++) {
        const time = minute * 60_000 + Math.floor(rng.range(0, 60_000));
        if (time < from || time >= to) continue;
        const side = rng.chance(0.5) ? 'buy' : 'sell';
        const price = priceAt(pool, time) * (1 + (side === 'buy' ? 1 : -1) * rng.range(0, 0.0015));
        const notional = Math.exp(rng.range(Math.log(50), Math.log(50_000)));
        const baseQuantity = notional / price;
        trades.push({
          ...place(pool, time, p * 100 + i),
          baseQuantity,
          quoteQuantity: baseQuantity * price,
          price,
          side,
          maker: `0x${simHash(seed, pool.poolId, minute, i).slice(26)}`,
        });
      }
      if (rng.chance(0.04)) {
        const time = minute * 60_000 + Math.floor(rng.range(0, 60_000));
        if (time < from || time >= to) return;
        const notional = Math.exp(rng.range(Math.log(1_000), Math.log(200_000)));
        const price = priceAt(pool, time);
        liquidity.push({
          ...place(pool, time, p * 100 + 50),
          type: rng.chance(0.6) ? 'add' : 'remove',
          assets: [pool.base, pool.quote],
          quantities: [notional / 2 / price, notional / 2],
          maker: `0x${simHash(seed, pool.poolId, minute, 'lp').slice(26)}`,
        });
      }
    });
  }
  const order = (a: DexTrade | DexLiquidity, b: DexTrade | DexLiquidity) =>
    a.blockNumber - b.blockNumber || a.logIndex - b.logIndex;
  trades.sort(order);
  liquidity.sort(order);
  const top = Math.max(simBlockAt(chain, to - 1), 0);
  const cursor: BlockRef = { number: top, hash: simHash(chain, top) };
  blocks.set(top, cursor.hash);
  return {
    chain,
    cursor,
    blocks: [...blocks].map(([number, hash]) => ({ number, hash })).filter((b) => b.number > top - 64),
    pruneBelow: top - 64,
    trades,
    liquidity,
  };
}
