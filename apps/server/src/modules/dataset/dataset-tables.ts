import type { DatasetCategory } from '@spreadscope/core';
import { findVenue } from '@spreadscope/core';
import type { InstrumentInfo, MarketEngine } from '@spreadscope/engine';
import type { MarketApi } from '../market/api.ts';
import { feesAnswer } from '../public-api/market-ops.ts';

export type Cell = string | number | boolean | null;

/** One category as a table: its columns and its rows, read lazily so a CSV streams. */
export interface DatasetTable {
  readonly columns: readonly string[];
  rows(): AsyncIterable<readonly Cell[]>;
}

export interface TableQuery {
  readonly from: number;
  readonly to: number;
  /** The instrument of a candle category (cex-data, dex-data); the category's default without one. */
  readonly instrument?: InstrumentInfo | undefined;
}

const isAmm = (venue: string) => findVenue(venue)?.kind === 'amm-dex';

/** Instruments of a category: DEX categories are the AMM venues' pools, CEX ones every other market. */
export function instrumentsOf(engine: MarketEngine, dex: boolean): InstrumentInfo[] {
  return engine.state.instruments.filter((info) => isAmm(info.venue) === dex);
}

/** The market a candle download shows when none is named: Upbit's BTC/KRW, or the first DEX pool. */
export function defaultInstrument(engine: MarketEngine, dex: boolean): InstrumentInfo | undefined {
  const all = instrumentsOf(engine, dex);
  return (
    all.find((i) => i.venue === 'upbit' && i.base === 'BTC' && i.quote === 'KRW' && i.market === 'spot') ??
    all.find((i) => i.base === 'BTC' || i.base === 'WBTC' || i.base === 'ETH' || i.base === 'WETH') ??
    all[0]
  );
}

const MINUTE = 60_000;
/** Candles per history read: a long range is read in slices, so memory stays flat however long the file. */
const SLICE = 1_000;

function snapshot(columns: readonly string[], read: () => readonly (readonly Cell[])[]): DatasetTable {
  return {
    columns,
    async *rows() {
      yield* read();
    },
  };
}

/**
 * The categories this installation holds, read from the same engine and history as the public API; null for
 * a category it does not collect (trend and Telegram have no source here; order books and token updates
 * are served live by their own screens and API calls, not as downloads).
 */
export function datasetTable(
  api: MarketApi,
  category: DatasetCategory,
  query: TableQuery,
): DatasetTable | null {
  const engine = api.market.engine;
  const now = api.market.now();
  switch (category) {
    case 'cex-info':
    case 'dex-info':
      return snapshot(['exchange', 'market', 'base', 'quote', 'symbol'], () =>
        instrumentsOf(engine, category === 'dex-info').map((i) => [
          i.venue,
          i.market,
          i.base,
          i.quote,
          i.symbol,
        ]),
      );
    case 'cex-data':
    case 'dex-data': {
      const instrument = query.instrument ?? defaultInstrument(engine, category === 'dex-data');
      const history = api.history;
      if (!instrument || !history) return null;
      return {
        columns: ['time', 'exchange', 'symbol', 'open', 'high', 'low', 'close', 'volume'],
        async *rows() {
          for (let start = query.from; start < query.to; start += SLICE * MINUTE) {
            const end = Math.min(query.to, start + SLICE * MINUTE) - 1;
            const candles = await history.candlesByStep({
              exchange: instrument.venue,
              market: instrument.market,
              base: instrument.base,
              quote: instrument.quote,
              stepMs: MINUTE,
              from: start,
              to: end,
              limit: SLICE,
            });
            for (const c of candles) {
              if (c.t < start || c.t > end) continue;
              yield [
                new Date(c.t).toISOString(),
                instrument.venue,
                instrument.symbol,
                c.o,
                c.h,
                c.l,
                c.c,
                c.v ?? null,
              ];
            }
          }
        },
      };
    }
    case 'ticker':
    case 'funding-rate': {
      const rate = engine.state.usdKrw;
      const perps = category === 'funding-rate';
      return snapshot(
        perps
          ? ['exchange', 'symbol', 'fundingRatePercent', 'markPriceUsd', 'date']
          : [
              'exchange',
              'market',
              'symbol',
              'priceUsd',
              'bidUsd',
              'askUsd',
              'change24hPercent',
              'volume24hUsd',
              'date',
            ],
        () =>
          engine.state.instruments
            .filter((i) => (perps ? i.market === 'perp' : true))
            .map((i) => engine.views.detailMarket(i.id, 'USD', rate, now))
            .filter((m) => Number.isFinite(m.price) && (!perps || m.fundingRatePercent !== null))
            .map((m) =>
              perps
                ? [m.exchange, m.symbol, m.fundingRatePercent, m.price, new Date(now).toISOString()]
                : [
                    m.exchange,
                    m.market,
                    m.symbol,
                    m.price,
                    m.bid,
                    m.ask,
                    m.change24hPercent,
                    m.volume24h,
                    new Date(now).toISOString(),
                  ],
            ),
      );
    }
    case 'forex':
      return snapshot(['symbol', 'rate', 'date'], () =>
        Number.isFinite(engine.state.usdKrw)
          ? [['USD-KRW', engine.state.usdKrw, new Date(engine.state.usdKrwAt).toISOString()]]
          : [],
      );
    case 'wallet-status':
      return snapshot(['exchange', 'asset', 'network', 'deposit', 'withdraw'], () =>
        engine.views.networks({}).map((n) => [n.exchange, n.asset, n.network, n.deposit, n.withdraw]),
      );
    case 'trading-fees': {
      const rows = feesAnswer(engine, { exchange: undefined, symbol: undefined });
      const columns = Object.keys(rows[0] ?? {});
      return snapshot(columns, () => rows.map((row) => columns.map((c) => cell(row[c]))));
    }
    default:
      return null;
  }
}

function cell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** One CSV line (RFC 4180): quoted when it holds a comma, quote or line break; formulas defused. */
export function csvLine(cells: readonly Cell[]): string {
  return `${cells
    .map((value) => {
      if (value === null) return '';
      let text = String(value);
      // A spreadsheet would run =…, +…, -…, @… as a formula; numbers stay numbers.
      if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(',')}\r\n`;
}
