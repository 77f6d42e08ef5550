import type { Liquidation, LiquidationsResponse } from '@spreadscope/contracts';

/** Adds a pushed liquidation to a held /liquidations answer: newest first, `limit` kept, totals moved. */
export function withLiquidation(
  held: LiquidationsResponse,
  row: Liquidation,
  limit: number,
): LiquidationsResponse {
  const key = (l: Liquidation) => `${l.timestamp}|${l.exchange}|${l.side}|${l.price}|${l.volume}`;
  if (held.data.some((l) => key(l) === key(row))) return held;
  const data = [row, ...held.data].sort((a, b) => b.timestamp - a.timestamp).slice(0, limit);
  const usd = row.volumeUsd ?? 0;
  return {
    ...held,
    data,
    stats: {
      ...held.stats,
      count: held.stats.count + 1,
      longUsd: held.stats.longUsd + (row.side === 'long' ? usd : 0),
      shortUsd: held.stats.shortUsd + (row.side === 'short' ? usd : 0),
    },
  };
}
