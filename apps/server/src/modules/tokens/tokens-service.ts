import type {
  TokenDetailResponse,
  TokenRow,
  TokenSort,
  TokensQuery,
  TokensResponse,
  TokensSearchResponse,
} from '@spreadscope/contracts';
import { tokenName } from '@spreadscope/core';
import { ApiError } from '../../http/errors.ts';
import type { MarketService } from '../market/service.ts';
import { TokenSearch } from '../market/token-search.ts';
import { buildTokenTable, type TokenEntry } from './token-table.ts';
import { NO_TREND_RANKS, type TokenTrendRanks } from './trend-ranks.ts';

/** How many search hits narrow the list at most: every token a text can plausibly mean. */
const LIST_SEARCH_LIMIT = 500;
/**
 * How old a table the global search links through may be: its links (Korean market, perpetual) move with
 * listings, not quotes, and rebuilding 7,000 rows for every search of a moving market is most of its cost.
 */
const SEARCH_TABLE_MS = 10_000;

type Table = { version: number; entries: TokenEntry[]; byBase: Map<string, TokenEntry> };

/**
 * The token list and a token's summary (spec §2 /token, /token/{id}), read from the engine. The table is built
 * once per market version and every page, sort and filter is served from it (a table and its views).
 */
export class TokensService {
  private readonly search: TokenSearch;
  private table: Table | null = null;
  private searchTable: { table: Table; at: number; generation: number } | null = null;

  constructor(
    private readonly market: MarketService,
    private readonly trends: () => TokenTrendRanks = () => NO_TREND_RANKS,
    /** How many search texts' answers are kept (0: none, the search bench's uncached figure). */
    options: { readonly keepAnswers?: number } = {},
  ) {
    this.search = new TokenSearch(options.keepAnswers);
  }

  private entries() {
    const version = this.market.version;
    if (this.table?.version !== version) {
      const entries = buildTokenTable(this.market.engine, this.market.now(), this.trends());
      this.table = { version, entries, byBase: new Map(entries.map((e) => [e.row.base, e])) };
    }
    return this.table;
  }

  /** The tokens a search text means: ticker, Korean or English name (fuzzy, 0.4), or Korean initials. */
  find(q: string, limit: number): TokensSearchResponse['data'] {
    const { state } = this.market.engine;
    this.search.refresh(state.tokens.length, () => this.market.engine.views.tokenVenues(), state);
    return this.search.find(q, limit).map((hit) => {
      const names = tokenName(hit.base);
      return { ...hit, nameKo: names?.ko ?? null, nameEn: names?.en ?? null };
    });
  }

  list(query: TokensQuery): TokensResponse {
    const { entries } = this.entries();
    const found = query.search
      ? new Set(this.find(query.search, LIST_SEARCH_LIMIT).map((h) => h.base))
      : null;
    const chosen = entries.filter(
      (e) =>
        (!found || found.has(e.row.base)) &&
        (!query.exchange || e.row.exchanges.includes(query.exchange)) &&
        (query.listed === 'all' ||
          (query.listed === 'korean' && e.korean) ||
          (query.listed === 'overseas' && e.overseas) ||
          (query.listed === 'both' && e.korean && e.overseas)),
    );
    const rows = sortRows(
      chosen.map((e) => e.row),
      query.sort,
      query.order,
    );
    const start = (query.page - 1) * query.limit;
    return {
      data: rows.slice(start, start + query.limit),
      page: query.page,
      limit: query.limit,
      total: rows.length,
      sort: query.sort,
      order: query.order,
      trendRanks: this.trends().available,
      updatedAt: this.market.now(),
      dataSource: this.market.dataSource(),
    };
  }

  /**
   * A token's entry for the global search's links: from a table up to SEARCH_TABLE_MS old, or the current one
   * when that is older or does not know the token yet.
   */
  searchEntry(base: string): TokenEntry | undefined {
    const key = base.toUpperCase();
    const now = this.market.now();
    const held = this.searchTable;
    if (held && Math.abs(now - held.at) < SEARCH_TABLE_MS && held.table.byBase.has(key))
      return held.table.byBase.get(key);
    const table = this.entries();
    if (held?.table !== table) this.searchTable = { table, at: now, generation: (held?.generation ?? 0) + 1 };
    return table.byBase.get(key);
  }

  /** Changes whenever the token side of a search answer may have: the name index or the table it links through. */
  searchVersion(): string {
    const { state } = this.market.engine;
    this.search.refresh(state.tokens.length, () => this.market.engine.views.tokenVenues(), state);
    return `${this.search.generation}.${this.searchTable?.generation ?? 0}`;
  }

  /** A token's entry of the current table (search groups link to its markets). */
  entry(base: string): TokenEntry | undefined {
    return this.entries().byBase.get(base.toUpperCase());
  }

  /** Whether the product knows a token: quoted by a venue now, or named in the token registry. */
  knows(id: string): boolean {
    const base = id.toUpperCase();
    return this.entries().byBase.has(base) || tokenName(base) !== undefined;
  }

  detail(id: string): TokenDetailResponse {
    const base = id.toUpperCase();
    const entry = this.entries().byBase.get(base);
    if (!entry) throw new ApiError(404, 'token_not_supported', 'token.notSupported', { token: base }, 'id');
    return {
      token: entry.row,
      koreanSymbol: entry.koreanSymbol,
      overseasSymbol: entry.overseasSymbol,
      perpetual: entry.perpetual,
      dataSource: this.market.dataSource(),
    };
  }
}

const KEYS: Record<TokenSort, (row: TokenRow) => number | string | null> = {
  volume_24h: (r) => r.volume24hKrw,
  percent_change_24h: (r) => r.change24hPercent,
  price: (r) => r.priceKrw,
  premium: (r) => r.premiumPercent,
  funding_rate: (r) => r.fundingRatePercent,
  exchanges: (r) => r.exchanges.length,
  trend_rank: (r) => r.trendRank,
  symbol: (r) => r.base,
};

/** Sorts by one column; tokens without a value for it go last either way, ties by ticker. */
export function sortRows(rows: TokenRow[], sort: TokenSort, order: 'asc' | 'desc'): TokenRow[] {
  const key = KEYS[sort];
  const direction = order === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, key: key(row) }));
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) {
      if (a.key !== b.key) return a.key === null ? 1 : -1;
      return a.row.base.localeCompare(b.row.base);
    }
    const diff =
      typeof a.key === 'string' || typeof b.key === 'string'
        ? String(a.key).localeCompare(String(b.key))
        : a.key - b.key;
    return diff * direction || a.row.base.localeCompare(b.row.base);
  });
  return keyed.map((k) => k.row);
}
