import { Readable } from 'node:stream';
import { DATASET_RANGE_DAYS, isDatasetCategory, isDexCategory } from '@spreadscope/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import { assertEntitled } from '../../http/guards.ts';
import { principalOf } from '../../http/principal.ts';
import type { MarketApi } from '../market/api.ts';
import { datasetCatalogue } from './dataset-catalogue.ts';
import { csvLine, datasetTable, instrumentsOf } from './dataset-tables.ts';

const DAY = 86_400_000;

const csvQuery = z.object({
  from: z.coerce.number().int().min(0).optional().describe('epoch ms; default: a day before `to`'),
  to: z.coerce.number().int().min(0).optional().describe('epoch ms; default: now'),
  exchange: z
    .string()
    .max(32)
    .optional()
    .describe('cex-data, dex-data: the venue (default upbit / the first pool)'),
  symbol: z
    .string()
    .max(64)
    .optional()
    .describe('cex-data, dex-data: exchange-quote-base as on detail pages'),
});

/**
 * The dataset explorer (/dataset): GET /dataset lists the categories of spec §3 with coverage, a live sample
 * and the matching public API call; GET /dataset/{category}/csv streams a CSV of a range (time series) or of
 * the current state, the range bounded by the caller's plan and DEX data kept to Pro and above.
 */
export function datasetRoutes(api: MarketApi): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dataset',
      {
        schema: {
          tags: ['dataset'],
          summary: 'The data categories with coverage, a live sample and their API call',
        },
      },
      async () => ({ categories: await datasetCatalogue(api), rangeDays: DATASET_RANGE_DAYS }),
    );

    app.get(
      '/dataset/:category/csv',
      {
        schema: {
          tags: ['dataset'],
          summary: 'One category as CSV: a range of a time series, or the current state',
          params: z.object({ category: z.string().max(32) }),
          querystring: csvQuery,
        },
      },
      async (request, reply) => {
        const { category } = request.params;
        if (!isDatasetCategory(category)) {
          throw new ApiError(404, 'unknown_category', 'dataset.unknownCategory', { category }, 'category');
        }
        const { role } = await principalOf(request);
        if (isDexCategory(category)) assertEntitled(role, 'dexData');
        const now = api.market.now();
        const to = request.query.to ?? now;
        const from = request.query.from ?? to - DAY;
        if (from >= to) throw new ApiError(400, 'invalid_range', 'dataset.rangeOrder', {}, 'from');
        const days = DATASET_RANGE_DAYS[role];
        if (to - from > days * DAY) {
          throw new ApiError(400, 'range_too_long', 'dataset.rangeTooLong', { days }, 'from');
        }
        let instrument: ReturnType<typeof instrumentsOf>[number] | undefined;
        if (request.query.exchange || request.query.symbol) {
          const exchange = (request.query.exchange ?? '').toLowerCase();
          const symbol = (request.query.symbol ?? '').toLowerCase();
          instrument = instrumentsOf(api.market.engine, category === 'dex-data').find(
            (i) => i.venue === exchange && i.symbol === symbol,
          );
          if (!instrument) {
            throw new ApiError(
              404,
              'unknown_market',
              'dataset.unknownMarket',
              { exchange, symbol },
              'symbol',
            );
          }
        }
        const table = datasetTable(api, category, { from, to, instrument });
        if (!table) throw new ApiError(404, 'not_offered', 'dataset.notOffered', { category }, 'category');
        const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace(':', '');
        async function* lines() {
          yield csvLine(table?.columns.map(String) ?? []);
          if (table) for await (const row of table.rows()) yield csvLine(row);
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${category}_${stamp(from)}_${stamp(to)}.csv"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(lines()));
      },
    );
  };
}
