import { errorResponseSchema } from '@spreadscope/contracts';
import { ApiError } from '../../http/errors.ts';
import type { MarketApi } from './api.ts';
import { HistoryRangeError, type MarketHistoryService } from './history-service.ts';

/** Error responses every market route may give (validation, plan gate, unknown market, rate limit). */
export const marketErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
} as const;

export const historyErrors = { ...marketErrors, 503: errorResponseSchema } as const;

/** Runs a history read: no database → 503, a bad range → 400 naming the parameter. */
export async function readHistory<T>(
  api: MarketApi,
  read: (history: MarketHistoryService) => Promise<T>,
): Promise<T> {
  if (!api.history) throw new ApiError(503, 'unavailable', 'error.unavailable');
  try {
    return await read(api.history);
  } catch (error) {
    if (error instanceof HistoryRangeError) {
      throw new ApiError(
        400,
        'invalid_parameter',
        'error.invalidParameter',
        { param: error.param, detail: error.message },
        error.param,
      );
    }
    throw error;
  }
}

/** One page of a reference list (networks, symbols), with how many entries there are in all. */
export function listPage<T>(
  items: readonly T[],
  query: { page: number; limit: number },
): { data: T[]; page: number; limit: number; total: number } {
  const start = (query.page - 1) * query.limit;
  return {
    data: items.slice(start, start + query.limit),
    page: query.page,
    limit: query.limit,
    total: items.length,
  };
}
