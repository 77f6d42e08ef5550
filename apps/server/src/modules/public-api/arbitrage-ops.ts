import { type ArbitrageQuery, arbitrageQuerySchema, SPREAD_SORT_KEYS } from '@spreadscope/contracts';
import { ARBITRAGE_KINDS, type ArbitrageKind, FEE_MODES, type Role } from '@spreadscope/core';
import { z } from 'zod';
import type { GatedTables } from '../market/gated-rows.ts';
import {
  exchange,
  flag,
  int,
  multi,
  number,
  oneOfOr,
  optionalExchange,
  requiredOneOf,
  requiredText,
  sortParam,
} from './public-params.ts';

/**
 * Beyond the contract (issue item 6): our arbitrage tables and a pair's executable size in the paid API's style
 * — snake_case parameters, `sort` asc|desc with `key` naming the field, the `{data, page, limit, total, sort,
 * key}` echo. Rows are the tables' own (every field of spec §3, camelCase), as the web app shows them.
 */

const QUOTES = ['KRW', 'USDT', 'USDC', 'USD'] as const;
const quote = () => oneOfOr([...QUOTES, 'ANY'] as const, 'ANY');

export const arbitrageTableQuery = z.object({
  source_exchange: optionalExchange(),
  target_exchange: optionalExchange(),
  source_quote: quote(),
  target_quote: quote(),
  asset: multi(50),
  key: oneOfOr(SPREAD_SORT_KEYS, 'netGap'),
  sort: sortParam('desc'),
  page: int(1, 1, 100_000),
  limit: int(100, 1, 500),
  currency: oneOfOr(['USD', 'KRW'] as const, 'USD'),
  conversion_base: oneOfOr(['USD', 'USDT'] as const, 'USD'),
  fee_mode: oneOfOr(FEE_MODES, 'taker'),
  amount: number(),
  min_gap: number(),
  max_gap: number(),
  only_transferable: flag(false),
  dex: flag(false),
});
type TableParams = z.infer<typeof arbitrageTableQuery>;

function toQuery(q: TableParams, extra: Record<string, unknown> = {}): ArbitrageQuery {
  return arbitrageQuerySchema.parse({
    ...(q.source_exchange ? { source: q.source_exchange } : {}),
    ...(q.target_exchange ? { target: q.target_exchange } : {}),
    ...(q.source_quote !== 'ANY' ? { sourceQuote: q.source_quote } : {}),
    ...(q.target_quote !== 'ANY' ? { targetQuote: q.target_quote } : {}),
    ...(q.asset?.length ? { bases: q.asset.map((a) => a.toUpperCase()).join(',') } : {}),
    ...(q.min_gap !== undefined ? { minGap: q.min_gap } : {}),
    ...(q.max_gap !== undefined ? { maxGap: q.max_gap } : {}),
    ...(q.amount !== undefined ? { amount: q.amount } : {}),
    ...(q.only_transferable ? { transferable: 'true' } : {}),
    sort: q.key,
    order: q.sort,
    page: q.page,
    limit: q.limit,
    currency: q.currency,
    conversionBase: q.conversion_base,
    feeMode: q.fee_mode,
    dex: q.dex ? 'true' : 'false',
    ...extra,
  });
}

/** /arbitrage/{spot-spot,spot-perp,perp-perp}: one page of the table as the key's plan may see it. */
export function arbitrageTableAnswer(tables: GatedTables, kind: ArbitrageKind, role: Role, q: TableParams) {
  const view = tables.viewOf(role, q.dex);
  const page = tables.arbitrage(kind, toQuery(q), view);
  return {
    data: page.data,
    page: page.page,
    limit: page.limit,
    total: page.total,
    sort: q.sort,
    key: q.key,
    kind,
    currency: page.currency,
    conversion_base: page.conversionBase,
    rates: page.rates,
    updatedAt: page.updatedAt,
    ...(page.gatedRows === undefined ? {} : { gatedRows: page.gatedRows }),
  };
}

export const executableSizeQuery = z.object({
  kind: requiredOneOf(ARBITRAGE_KINDS),
  base: requiredText(20),
  source: exchange(),
  target: exchange(),
  source_quote: quote(),
  target_quote: quote(),
  currency: oneOfOr(['USD', 'KRW'] as const, 'USD'),
  conversion_base: oneOfOr(['USD', 'USDT'] as const, 'USD'),
  fee_mode: oneOfOr(FEE_MODES, 'taker'),
  dex: flag(false),
  amount: number(),
});

/**
 * /arbitrage/executable-size: for each market pair of `base` bought on `source` and sold on `target`, the
 * largest notional whose profit after fees stays ≥ 0 walking both books (`maxEntry`, null with the reason in
 * `maxEntryUnavailable` when a book is not fresh), with the gaps and the ±2 % depth it rests on.
 */
export function executableSizeAnswer(
  tables: GatedTables,
  role: Role,
  q: z.infer<typeof executableSizeQuery>,
) {
  const params: TableParams = {
    source_exchange: q.source,
    target_exchange: q.target,
    source_quote: q.source_quote,
    target_quote: q.target_quote,
    asset: [q.base],
    key: 'netGap',
    sort: 'desc',
    page: 1,
    limit: 500,
    currency: q.currency,
    conversion_base: q.conversion_base,
    fee_mode: q.fee_mode,
    amount: q.amount,
    min_gap: undefined,
    max_gap: undefined,
    only_transferable: false,
    dex: q.dex,
  };
  const view = tables.viewOf(role, q.dex);
  const page = tables.arbitrage(q.kind, toQuery(params), view);
  return {
    data: page.data.map((row) => ({
      id: row.id,
      base: row.base,
      source: { exchange: row.source.exchange, market: row.source.market, quote: row.source.quote },
      target: { exchange: row.target.exchange, market: row.target.market, quote: row.target.quote },
      entryGapPercent: row.entryGapPercent,
      netGapPercent: row.fees.netGapPercent,
      depth: row.depth,
      maxEntry: row.maxEntry,
      maxEntryUnavailable: row.maxEntryUnavailable,
    })),
    kind: q.kind,
    currency: page.currency,
    conversion_base: page.conversionBase,
    updatedAt: page.updatedAt,
  };
}
