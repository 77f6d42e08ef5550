import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, getJson } from '../lib/api-client.ts';
import type { WireParams } from './use-live-table.ts';
import { useLocale } from './use-locale.ts';

/**
 * A plain REST read of the market API (history, charts, detail panels), refreshed every `refreshMs` while the
 * page is open. Failures are ApiErrors in the user's language; a 404 or 400 is not retried.
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
    refetchInterval: refreshMs,
    placeholderData: keepPreviousData,
    retry: (failures, error) => failures < 3 && error instanceof ApiError && error.code === 'network',
  });
}
