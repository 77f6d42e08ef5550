import {
  type ArbitrageQuery,
  type ArbitrageResponse,
  arbitrageQuerySchema,
  type GatedRow,
  type PremiumQuery,
  type PremiumResponse,
  premiumQuerySchema,
  type RowGate,
} from '@spreadscope/contracts';
import { type ArbitrageKind, hasFeature, type Role } from '@spreadscope/core';
import { isDexVenue } from './entitlements.ts';
import type { MarketService } from './service.ts';

/** How many of a table's best rows a visitor sees masked by default (spec §6 "Login to see"). */
export const DEFAULT_VISITOR_GATED_ROWS = 3;

/**
 * How one caller sees a premium or arbitrage table:
 * - `full`: every row as computed;
 * - `visitor`: the table's best rows (its top N by its own ranking) masked `login`;
 * - `upgrade`: DEX rows masked `upgrade` (a signed-in plan without DEX data that asked for DEX venues).
 * WebSocket subscribers share a snapshot only with subscribers of the same view.
 */
export type TableView = 'full' | 'visitor' | 'upgrade';

interface SpreadRowLike {
  readonly id: string;
  readonly base: string;
  readonly stale: boolean;
  readonly source: {
    readonly exchange: GatedRow['source']['exchange'];
    readonly market: 'spot' | 'perp';
    readonly quote: string;
  };
  readonly target: {
    readonly exchange: GatedRow['target']['exchange'];
    readonly market: 'spot' | 'perp';
    readonly quote: string;
  };
}

/**
 * Gated rows of the premium and arbitrage tables (spec §6), decided on the server so the numbers of a
 * gated row never reach the browser.
 *
 * Which rows a visitor sees masked does not depend on how the visitor sorts, filters or pages: it is the
 * top N fresh rows of the table as the table itself ranks them (premium: gap; arbitrage: net gap after
 * taker fees), taking into account only what makes it that table — scope and market types, the venues and
 * quotes chosen, the conversion base. Those rows stay masked wherever they appear (sorted ascending, on
 * page 7, narrowed by a search), so a visitor cannot unmask one by asking differently.
 */
export class GatedTables {
  constructor(
    private readonly market: MarketService,
    /** Rows masked for visitors; 0 turns gating off. */
    readonly visitorRows: number = DEFAULT_VISITOR_GATED_ROWS,
  ) {}

  viewOf(role: Role, dex: boolean): TableView {
    if (role === 'visitor') return this.visitorRows > 0 ? 'visitor' : 'full';
    return dex && !hasFeature(role, 'dexData') ? 'upgrade' : 'full';
  }

  premium(query: PremiumQuery, view: TableView): PremiumResponse {
    const page = this.market.premium(query);
    if (view === 'full') return page;
    const best =
      view === 'visitor'
        ? this.best(
            this.market.premium(
              premiumQuerySchema.parse({
                scope: query.scope,
                premiumType: query.premiumType,
                source: query.source,
                target: query.target,
                sourceQuote: query.sourceQuote,
                targetQuote: query.targetQuote,
                conversionBase: query.conversionBase,
                limit: this.visitorRows,
              }),
            ).data,
          )
        : null;
    return { ...page, ...mask(page.data, view, best) };
  }

  arbitrage(kind: ArbitrageKind, query: ArbitrageQuery, view: TableView): ArbitrageResponse {
    const page = this.market.arbitrage(kind, query);
    if (view === 'full') return page;
    const best =
      view === 'visitor'
        ? this.best(
            this.market.arbitrage(
              kind,
              arbitrageQuerySchema.parse({
                source: query.source,
                target: query.target,
                sourceQuote: query.sourceQuote,
                targetQuote: query.targetQuote,
                conversionBase: query.conversionBase,
                limit: this.visitorRows,
              }),
            ).data,
          )
        : null;
    return { ...page, ...mask(page.data, view, best) };
  }

  /** Stale rows sink to the end of every ranking and are never an opportunity: they are not gated. */
  private best(rows: readonly SpreadRowLike[]): Set<string> {
    return new Set(rows.filter((row) => !row.stale).map((row) => row.id));
  }
}

function mask<R extends SpreadRowLike>(
  rows: readonly R[],
  view: TableView,
  best: Set<string> | null,
): { data: R[]; gatedRows?: GatedRow[] } {
  const data: R[] = [];
  const gatedRows: GatedRow[] = [];
  rows.forEach((row, position) => {
    const gate: RowGate | null =
      view === 'visitor'
        ? best?.has(row.id)
          ? 'login'
          : null
        : isDexVenue(row.source.exchange) || isDexVenue(row.target.exchange)
          ? 'upgrade'
          : null;
    if (gate === null) {
      data.push(row);
      return;
    }
    gatedRows.push({
      position,
      id: row.id,
      base: row.base,
      source: { exchange: row.source.exchange, market: row.source.market, quote: row.source.quote },
      target: { exchange: row.target.exchange, market: row.target.market, quote: row.target.quote },
      gated: gate,
    });
  });
  return gatedRows.length > 0 ? { data, gatedRows } : { data };
}
