import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, getJson } from '../lib/api-client.ts';
import type { WireParams } from './use-live-table.ts';
import { useLocale } from './use-locale.ts';

/**
 * How soon an answer with no rows yet is asked again: on a fresh install the simulated history lands in the
 * first seconds after start, and a chart opened before it must not say "no candles yet" for a whole refresh.
 */
export const EMPTY_REFRESH_MS = 5_000;

/** The refresh period for an answer: sooner while it holds an empty `data` list. */
export function refreshFor(data: unknown, refreshMs: number | false): number | false {
  if (refreshMs === false || refreshMs <= EMPTY_REFRESH_MS) return refreshMs;
  const rows = (data as { data?: unknown } | undefined)?.data;
  return Array.isArray(rows) && rows.length === 0 ? EMPTY_REFRESH_MS : refreshMs;
}

/**
 * A plain REST read of the market API (history, charts, detail panels), refreshed every `refreshMs` while the
 * page is open (every EMPTY_REFRESH_MS while its answer has no rows). Failures are ApiErrors in the user's
 * language; a 404 or 400 is not retried.
 */
export function useMarketQuery<T>(
  path: string,
  params: WireParams,
  refreshMs: number | false,
  enabled = true,
) {
  const { language } = useLocale();
  return useQuery({
    queryKey: ['market', path, params],
    queryFn: ({ signal }) => getJson<T>(path, params, language, signal),
    enabled,
    refetchInterval: (query) => refreshFor(query.state.data, refreshMs),
    placeholderData: keepPreviousData,
    retry: (failures, error) => failures < 3 && error instanceof ApiError && error.code === 'network',
  });
}
