import { getVenue, type MarketEvent, quoteEventSchema } from '@spreadscope/core';
import type { SupervisedTask } from '../../supervisor/feed-health.ts';
import type { AdapterContext, CapabilityMap, VenueAdapter } from '../adapter.ts';
import { fetchJsonWith, isRecord } from '../http-json.ts';
import { pollTask } from '../tasks.ts';
import type { PoolConfig } from './amm-config.ts';
import {
  addressWord,
  encodeCall,
  GET_POOL,
  LIQUIDITY,
  poolPrice,
  priceCall,
  type ResolvedPool,
  sortsBefore,
  TOKEN_A,
  TOKEN_TO_POOL,
  words,
  ZERO_ADDRESS,
} from './pool-price.ts';

/** Pools found through a factory are looked up again this often (a deeper fee tier may appear). */
const RESOLVE_AGAIN_MS = 60 * 60_000;
/** A lookup that failed is retried after this long, not on every poll. */
const RESOLVE_RETRY_MS = 5 * 60_000;

interface Call {
  readonly to: string;
  readonly data: string;
}

type Lookup =
  | { readonly pool: ResolvedPool; readonly at: number }
  | { readonly error: string; readonly at: number };

/**
 * One AMM venue's pools, priced from chain state: every poll sends one JSON-RPC batch of `eth_call`s (one
 * per pool) to the chain's node and turns each answer into a spot quote. Pools named by their factory are
 * found first (one or two batches, repeated hourly). A pool that fails to answer is named in the feed's
 * health; the others still publish.
 */
export class AmmAdapter implements VenueAdapter {
  private readonly built: SupervisedTask[];
  private readonly lookups = new Map<number, Lookup>();

  constructor(
    readonly venue: PoolConfig['venue'],
    private readonly pools: readonly PoolConfig[],
    private readonly rpcUrl: string,
    private readonly ctx: AdapterContext,
  ) {
    this.built = [
      pollTask(ctx, 'pools', ctx.settings.poolIntervalMs, (signal) => this.poll(signal), 'chain'),
    ];
  }

  capabilities(): CapabilityMap {
    const kinds = [...new Set(this.pools.map((p) => KIND_WORDS[p.kind]))].join(', ');
    return {
      pools: {
        via: 'chain',
        note: `${this.pools.length} pools on ${getVenue(this.venue).chain} via ${new URL(this.rpcUrl).host} (${kinds})`,
      },
      'spot-tickers': { via: 'none', note: 'prices come from the pools' },
      books: { via: 'none', note: 'AMM pools have no order book' },
      candles: { via: 'none', note: 'not read: a pool keeps no candles; only an indexer has its history' },
    };
  }

  tasks(): readonly SupervisedTask[] {
    return this.built;
  }

  async close(): Promise<void> {}

  // ---------------------------------------------------------------- JSON-RPC

  /** One batch of eth_calls; each answer is its result (hex) or an Error naming the node's refusal. */
  private async batch(calls: readonly Call[], signal: AbortSignal): Promise<(string | Error)[]> {
    if (calls.length === 0) return [];
    const body = await fetchJsonWith(this.ctx.fetch, this.rpcUrl, this.ctx.settings.requestTimeoutMs, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(
        calls.map((call, id) => ({ jsonrpc: '2.0', id, method: 'eth_call', params: [call, 'latest'] })),
      ),
      signal,
    });
    if (!Array.isArray(body)) {
      const message =
        isRecord(body) && isRecord(body.error) ? String(body.error.message) : 'not a batch answer';
      throw new Error(`the chain node refused the batch: ${message}`);
    }
    return calls.map((_, id) => {
      const answer = body.find((a) => isRecord(a) && a.id === id);
      if (!isRecord(answer)) return new Error('no answer');
      if (isRecord(answer.error)) return new Error(String(answer.error.message ?? 'call failed'));
      if (typeof answer.result !== 'string') return new Error('no result');
      return answer.result;
    });
  }

  // ---------------------------------------------------------------- finding pools

  /** A pool ready to price: given in full, or found (and not yet due for another look). */
  private ready(index: number, pool: PoolConfig): ResolvedPool | Lookup | null {
    if (pool.address !== undefined && pool.baseIsToken0 !== undefined)
      return { ...pool, address: pool.address, baseIsToken0: pool.baseIsToken0 };
    if (pool.address !== undefined && pool.kind !== 'klayswap') {
      const baseIsToken0 =
        pool.kind === 'wombat' ||
        sortsBefore(pool.baseToken ?? ZERO_ADDRESS, pool.quoteToken ?? ZERO_ADDRESS);
      return { ...pool, address: pool.address, baseIsToken0 };
    }
    const lookup = this.lookups.get(index);
    if (!lookup) return null;
    const age = this.ctx.clock() - lookup.at;
    if ('pool' in lookup) return age < RESOLVE_AGAIN_MS ? lookup : null;
    return age < RESOLVE_RETRY_MS ? lookup : null;
  }

  /**
   * Finds the pools that need it, in two batches: the factory's answer (v3: one pool per fee tier; KLAYswap:
   * the pair either way round), then the candidates' depth (v3: liquidity()) or token order (KLAYswap: tokenA()).
   */
  private async resolve(todo: readonly [number, PoolConfig][], signal: AbortSignal): Promise<void> {
    if (todo.length === 0) return;
    const now = this.ctx.clock();
    const first: { index: number; fee?: number; call: Call }[] = [];
    for (const [index, pool] of todo) {
      const base = pool.baseToken ?? ZERO_ADDRESS;
      const quote = pool.quoteToken ?? ZERO_ADDRESS;
      if (pool.address !== undefined) continue; // a KLAYswap pool given by address: only its tokenA to read
      const factory = pool.factory as string;
      if (pool.kind === 'v3') {
        const [t0, t1] = sortsBefore(base, quote) ? [base, quote] : [quote, base];
        for (const fee of pool.fees ?? [])
          first.push({ index, fee, call: { to: factory, data: encodeCall(GET_POOL, t0, t1, fee) } });
      } else {
        first.push({ index, call: { to: factory, data: encodeCall(TOKEN_TO_POOL, base, quote) } });
        first.push({ index, call: { to: factory, data: encodeCall(TOKEN_TO_POOL, quote, base) } });
      }
    }
    const found = await this.batch(
      first.map((f) => f.call),
      signal,
    );
    const candidates = new Map<number, { address: string; fee?: number }[]>();
    const failures = new Map<number, string>();
    first.forEach((f, i) => {
      const answer = found[i];
      if (answer instanceof Error || answer === undefined) {
        failures.set(f.index, `factory: ${answer?.message ?? 'no answer'}`);
        return;
      }
      const address = addressWord(answer);
      if (address === ZERO_ADDRESS) return;
      const list = candidates.get(f.index) ?? [];
      if (!list.some((c) => c.address === address)) list.push({ address, ...(f.fee ? { fee: f.fee } : {}) });
      candidates.set(f.index, list);
    });
    for (const [index, pool] of todo) {
      if (pool.address !== undefined) candidates.set(index, [{ address: pool.address }]);
    }
    const second: { index: number; address: string; call: Call }[] = [];
    for (const [index, pool] of todo) {
      for (const c of candidates.get(index) ?? []) {
        second.push({
          index,
          address: c.address,
          call: { to: c.address, data: pool.kind === 'v3' ? LIQUIDITY : TOKEN_A },
        });
      }
    }
    const details = await this.batch(
      second.map((s) => s.call),
      signal,
    );
    for (const [index, pool] of todo) {
      const base = pool.baseToken ?? ZERO_ADDRESS;
      const quote = pool.quoteToken ?? ZERO_ADDRESS;
      let best: { address: string; depth: bigint; baseIsToken0: boolean } | null = null;
      second.forEach((s, i) => {
        if (s.index !== index) return;
        const answer = details[i];
        if (answer instanceof Error || answer === undefined) return;
        if (pool.kind === 'v3') {
          const depth = words(answer)[0] ?? 0n;
          if (depth > 0n && (best === null || depth > best.depth))
            best = { address: s.address, depth, baseIsToken0: sortsBefore(base, quote) };
        } else {
          const tokenA = addressWord(answer);
          best = { address: s.address, depth: 1n, baseIsToken0: BigInt(tokenA) === BigInt(base) };
        }
      });
      const chosen = best as { address: string; baseIsToken0: boolean } | null;
      if (chosen) {
        this.lookups.set(index, {
          pool: { ...pool, address: chosen.address, baseIsToken0: chosen.baseIsToken0 },
          at: now,
        });
      } else {
        const why =
          failures.get(index) ??
          (candidates.has(index)
            ? 'the pool has no liquidity'
            : `the factory has no ${pool.base}/${pool.quote} pool${pool.kind === 'v3' ? ` in fee tiers ${(pool.fees ?? []).join(', ')}` : ''}`);
        this.lookups.set(index, { error: why, at: now });
      }
    }
  }

  // ---------------------------------------------------------------- prices

  private async poll(signal: AbortSignal): Promise<{ events: MarketEvent[]; problem?: string | null }> {
    const todo: [number, PoolConfig][] = [];
    this.pools.forEach((pool, index) => {
      if (this.ready(index, pool) === null) todo.push([index, pool]);
    });
    await this.resolve(todo, signal);
    const problems: string[] = [];
    const priced: ResolvedPool[] = [];
    this.pools.forEach((pool, index) => {
      const state = this.ready(index, pool);
      if (state && 'error' in state) problems.push(`${label(pool)}: ${state.error}`);
      else if (state && 'pool' in state) priced.push(state.pool);
      else if (state) priced.push(state);
    });
    const answers = await this.batch(
      priced.map((pool) => ({ to: pool.address, data: priceCall(pool) })),
      signal,
    );
    const now = this.ctx.clock();
    const events: MarketEvent[] = [];
    priced.forEach((pool, i) => {
      try {
        const answer = answers[i];
        if (answer instanceof Error || answer === undefined) throw answer ?? new Error('no answer');
        const parsed = quoteEventSchema.safeParse({
          t: now,
          type: 'quote',
          venue: this.venue,
          market: 'spot',
          base: pool.base,
          quote: pool.quote,
          last: poolPrice(pool, answer),
        });
        if (!parsed.success) throw new Error('price out of range');
        events.push(parsed.data);
      } catch (error) {
        problems.push(`${label(pool)}: ${(error as Error).message}`);
      }
    });
    if (events.length === 0) throw new Error(problems.slice(0, 3).join('; ') || 'no pools answered');
    return { events, problem: problems.length > 0 ? problems.join('; ') : null };
  }
}

const KIND_WORDS: Record<PoolConfig['kind'], string> = {
  v3: 'v3 slot0',
  v2: 'v2 reserves',
  klayswap: 'KLAYswap getCurrentPool',
  wombat: 'Wombat quotePotentialSwap',
};

function label(pool: PoolConfig): string {
  const where = pool.address ?? pool.factory ?? '';
  return `${pool.base}/${pool.quote} ${where.slice(0, 10)}…`;
}
