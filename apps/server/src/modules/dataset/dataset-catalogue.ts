import { DATASET_CATEGORIES, type DatasetCategory, isDexCategory } from '@spreadscope/core';
import type { MarketApi } from '../market/api.ts';
import { type Cell, datasetTable, defaultInstrument, instrumentsOf } from './dataset-tables.ts';

/** The public API call that answers the same data, shown beside each category. */
const API_CALLS: Record<DatasetCategory, string> = {
  'cex-info': '/api/v1/cex/candle/symbols?exchange=upbit&market=spot',
  'dex-info': '/api/v1/dex/pools',
  'cex-data': '/api/v1/cex/candle?exchange=upbit&symbol=BTC-KRW&interval=1m',
  'dex-data': '/api/v1/dex/candle',
  'funding-rate': '/api/v1/funding-rate/latest?exchange=binance&symbol=BTC-USDT',
  trend: '/api/v1/naver-trend',
  forex: '/api/v1/forex?symbol=USD-KRW',
  telegram: '/api/v1/telegram/posts',
  ticker: '/api/v1/ticker?exchange=upbit&symbol=BTC-KRW&market=spot',
  orderbook: '/api/v1/orderbook?exchange=binance&symbol=BTC-USDT',
  'token-updates': '/api/v1/cex/token/updates',
  'trading-fees': '/api/v1/cex/fees?exchange=binance',
  'wallet-status': '/api/v1/wallet-status?asset=BTC',
};

const SAMPLE_ROWS = 5;
const SAMPLE_MINUTES = 30;

export interface CatalogueEntry {
  readonly id: DatasetCategory;
  /** False: this installation has no source for it (described, not downloadable). */
  readonly collected: boolean;
  readonly access: 'all' | 'pro';
  /** `range`: a time series, downloaded by range; `snapshot`: the current state. */
  readonly kind: 'range' | 'snapshot' | null;
  readonly apiCall: string;
  /**
   * `since`: the oldest stored row a download can reach (epoch ms) — minute history for the candle
   * categories and the rate — or null where the category is the current state only (or nothing is stored).
   */
  readonly coverage: {
    readonly venues: readonly string[];
    readonly rows: number;
    readonly since: number | null;
  };
  readonly defaultMarket: { readonly exchange: string; readonly symbol: string } | null;
  readonly sample: {
    readonly columns: readonly string[];
    readonly rows: readonly (readonly Cell[])[];
  } | null;
}

/** The oldest stored row of a category with stored history (see CatalogueEntry.coverage). */
async function sinceOf(api: MarketApi, id: DatasetCategory): Promise<number | null> {
  const history = api.history;
  if (!history) return null;
  if (id === 'forex') return history.earliestMinute('forex');
  if (id !== 'cex-data' && id !== 'dex-data') return null;
  const venues = new Set(instrumentsOf(api.market.engine, id === 'dex-data').map((i) => i.venue));
  return venues.size === 0 ? null : history.earliestMinute({ venues: [...venues] });
}

/** What /dataset shows: every category of spec §3 with its coverage, a live sample and its API call. */
export async function datasetCatalogue(api: MarketApi): Promise<CatalogueEntry[]> {
  const now = api.market.now();
  const engine = api.market.engine;
  const entries: CatalogueEntry[] = [];
  for (const id of DATASET_CATEGORIES) {
    const series = id === 'cex-data' || id === 'dex-data';
    const table = datasetTable(api, id, { from: now - SAMPLE_MINUTES * 60_000, to: now });
    const rows: (readonly Cell[])[] = [];
    const venues = new Set<string>();
    if (table) {
      const venueColumn = table.columns.indexOf('exchange');
      for await (const row of table.rows()) {
        if (venueColumn >= 0) venues.add(String(row[venueColumn]));
        rows.push(row);
      }
    }
    const market = series ? defaultInstrument(engine, id === 'dex-data') : undefined;
    entries.push({
      id,
      collected: table !== null,
      access: isDexCategory(id) ? 'pro' : 'all',
      kind: table === null ? null : series ? 'range' : 'snapshot',
      apiCall: API_CALLS[id],
      coverage: { venues: [...venues].sort(), rows: rows.length, since: await sinceOf(api, id) },
      defaultMarket: market ? { exchange: market.venue, symbol: market.symbol } : null,
      sample: table
        ? { columns: table.columns, rows: series ? rows.slice(-SAMPLE_ROWS) : rows.slice(0, SAMPLE_ROWS) }
        : null,
    });
  }
  return entries;
}
