import type { ListingHistoryResponse } from '@spreadscope/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from '../../hooks/use-locale.ts';
import { getJson } from '../../lib/api-client.ts';

export interface HistoryParams {
  readonly page?: number;
  readonly limit?: number;
  readonly sort?: 'date' | 'peak';
  readonly order?: 'asc' | 'desc';
  readonly key?: string;
}

/** Past listing cases (one market's with `key`), asked for once the user may see listings. */
export function useListingHistory(allowed: boolean, params: HistoryParams) {
  const { language } = useLocale();
  return useQuery({
    queryKey: ['listing', 'history', params, language],
    queryFn: ({ signal }) =>
      getJson<ListingHistoryResponse>('/listing/history', { ...params }, language, signal),
    enabled: allowed,
    refetchInterval: 60_000,
  });
}
