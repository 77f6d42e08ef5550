import type { WsTopic } from '@spreadscope/contracts';
import type { ArbitrageKind } from '@spreadscope/core';
import type { MarketApi } from '../modules/market/api.ts';
import type { TableView } from '../modules/market/gated-rows.ts';

/** Computes a topic's table for validated params, as one view of it (gated rows). */
export type TopicTable = (params: never, view: TableView) => unknown;

/** Topics whose rows may be gated per caller (spec §6): their groups are split by the caller's view. */
export const TABLE_TOPICS: ReadonlySet<WsTopic> = new Set([
  'premium',
  'arbitrage-spot-spot',
  'arbitrage-spot-perp',
  'arbitrage-perp-perp',
]);

/** Each topic's table: the same call its REST route makes. */
export function topicTables(api: MarketApi): Readonly<Record<WsTopic, TopicTable>> {
  const { market, funding, tables } = api;
  const arbitrage = (kind: ArbitrageKind) => (q: never, view: TableView) => tables.arbitrage(kind, q, view);
  return {
    premium: (q, view) => tables.premium(q, view),
    'arbitrage-spot-spot': arbitrage('spot-spot'),
    'arbitrage-spot-perp': arbitrage('spot-perp'),
    'arbitrage-perp-perp': arbitrage('perp-perp'),
    'funding-latest': (q) => funding.latest(q),
    'funding-ranking': (q) => funding.ranking(q),
    'funding-overview': (q) => funding.overview(q),
    'kimchi-premium-index': (q: { conversionBase: 'USD' | 'USDT' }) => market.premiumIndex(q.conversionBase),
    'price-stats': (q) => market.priceStats(q),
  };
}
