import type {
  DataSource,
  DexTradesQuery,
  dexCandleQuerySchema,
  dexLiquidityQuerySchema,
  dexPoolSchema,
  dexPoolsQuerySchema,
} from '@spreadscope/contracts';
import { CANDLE_INTERVAL_MS, CANDLE_INTERVALS } from '@spreadscope/core';
import type { DexRepository } from '@spreadscope/db';
import type { DexPool } from '@spreadscope/feeds/dex';
import type { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import { poolSymbol } from './dex-pool-set.ts';
import type { DexRunner } from './dex-runner.ts';

type PoolsQuery = z.infer<typeof dexPoolsQuerySchema>;
type LiquidityQuery = z.infer<typeof dexLiquidityQuerySchema>;
type CandleQuery = z.infer<typeof dexCandleQuerySchema>;
type PoolRow = z.infer<typeof dexPoolSchema>;

const MAX_CANDLES = 5_000;
const DEFAULT_CANDLE_SPAN_MS = 30 * 86_400_000;

export interface DexServiceDeps {
  readonly repository: DexRepository;
  readonly runner: DexRunner;
  readonly dataSource: () => DataSource;
  readonly now: () => number;
}

/** The spec §7 `dex/*` answers over the indexed rows of the running source. */
export class DexService {
  constructor(private readonly deps: DexServiceDeps) {}

  pools(query: PoolsQuery) {
    return { data: this.matching(query).map((p) => this.poolRow(p)), dataSource: this.deps.dataSource() };
  }

  async trades(query: DexTradesQuery) {
    const byId = this.byId();
    const poolIds = this.poolFilter(query);
    const { rows, total } = await this.deps.repository.listTrades({
      ...this.page(query),
      ...(poolIds ? { poolIds } : {}),
    });
    return {
      data: rows.map((t) => {
        const pool = byId.get(t.poolId);
        return {
          blockNumber: t.blockNumber,
          baseQuantity: t.baseQuantity,
          quoteQuantity: t.quoteQuantity,
          date: t.date,
          maker: t.maker,
          price: t.price,
          pool: t.poolId,
          exchange: pool?.venue ?? t.poolId.split(':')[0] ?? '',
          chain: t.chain,
          symbol: pool ? poolSymbol(pool) : '',
          tradeType: t.side,
          transactionHash: t.transactionHash,
          logIndex: t.logIndex,
        };
      }),
      page: query.page,
      limit: query.limit,
      total,
      sort: query.sort,
      dataSource: this.deps.dataSource(),
    };
  }

  async liquidity(query: LiquidityQuery) {
    const byId = this.byId();
    const poolIds = this.poolFilter(query);
    const { rows, total } = await this.deps.repository.listLiquidity({
      ...this.page(query),
      ...(poolIds ? { poolIds } : {}),
    });
    return {
      data: rows.map((l) => {
        const pool = byId.get(l.poolId);
        return {
          assets: [...l.assets],
          quantities: [...l.quantities],
          blockNumber: l.blockNumber,
          date: l.date,
          logIndex: l.logIndex,
          maker: l.maker,
          pool: l.poolId,
          exchange: pool?.venue ?? l.poolId.split(':')[0] ?? '',
          chain: l.chain,
          symbol: pool ? poolSymbol(pool) : '',
          type: l.type,
          transactionHash: l.transactionHash,
        };
      }),
      page: query.page,
      limit: query.limit,
      total,
      sort: query.sort,
      dataSource: this.deps.dataSource(),
    };
  }

  async candles(query: CandleQuery) {
    if (!this.byId().has(query.pool))
      throw new ApiError(
        400,
        'invalid_parameter',
        'error.invalidParameter',
        { param: 'pool', detail: 'no such pool (see dex/pools)' },
        'pool',
      );
    const intervalMs = CANDLE_INTERVAL_MS[query.interval];
    const to = query.to ?? this.deps.now();
    const from = query.from ?? to - DEFAULT_CANDLE_SPAN_MS;
    if (from >= to)
      throw new ApiError(
        400,
        'invalid_parameter',
        'error.invalidParameter',
        { param: 'from', detail: 'must be before to' },
        'from',
      );
    if ((to - from) / intervalMs > MAX_CANDLES)
      throw new ApiError(
        400,
        'invalid_parameter',
        'error.invalidParameter',
        {
          param: 'from',
          detail: `at most ${MAX_CANDLES} candles per request; narrow the range or widen the interval`,
        },
        'from',
      );
    const data = await this.deps.repository.candles(query.pool, intervalMs, from, to);
    return { data, pool: query.pool, interval: query.interval, from, to, dataSource: this.deps.dataSource() };
  }

  chains(): string[] {
    return [...new Set(this.deps.runner.currentPools().map((p) => p.chain))].sort();
  }

  exchanges(): string[] {
    return [...new Set(this.deps.runner.currentPools().map((p) => p.venue))].sort();
  }

  intervals(): string[] {
    return [...CANDLE_INTERVALS];
  }

  private byId(): Map<string, DexPool> {
    return new Map(this.deps.runner.currentPools().map((p) => [p.poolId, p]));
  }

  private matching(
    query: Pick<PoolsQuery, 'exchange' | 'chain' | 'symbol'> & { pool?: string[] },
  ): DexPool[] {
    return this.deps.runner
      .currentPools()
      .filter(
        (p) =>
          (query.exchange.length === 0 || query.exchange.includes(p.venue)) &&
          (query.chain.length === 0 || query.chain.includes(p.chain)) &&
          (query.pool === undefined || query.pool.length === 0 || query.pool.includes(p.poolId)) &&
          (query.symbol === undefined || query.symbol === p.base || query.symbol === poolSymbol(p)),
      );
  }

  /** The pools a row query is narrowed to; undefined when it names none of the filters. */
  private poolFilter(query: DexTradesQuery): string[] | undefined {
    const filtered =
      query.exchange.length > 0 ||
      query.chain.length > 0 ||
      query.pool.length > 0 ||
      query.symbol !== undefined;
    return filtered ? this.matching(query).map((p) => p.poolId) : undefined;
  }

  private page(query: DexTradesQuery) {
    return {
      sort: query.sort,
      page: query.page,
      limit: query.limit,
      ...(query.from !== undefined ? { from: query.from } : {}),
      ...(query.to !== undefined ? { to: query.to } : {}),
    };
  }

  private poolRow(p: DexPool): PoolRow {
    const runner = this.deps.runner;
    const status = runner.mode() === 'simulated' ? null : runner.statusOf(p.chain);
    return {
      poolId: p.poolId,
      poolAddress: p.address,
      exchange: p.venue,
      chain: p.chain,
      kind: p.kind,
      baseSymbol: p.base,
      quoteSymbol: p.quote,
      baseTokenAddress: p.baseToken,
      quoteTokenAddress: p.quoteToken,
      symbol: poolSymbol(p),
      status: runner.mode() === 'simulated' ? 'simulated' : (status?.state ?? 'stale'),
      lastBlock: status?.cursor ?? null,
      lastError: status?.lastError ?? null,
    };
  }
}
