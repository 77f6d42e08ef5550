import type { ExchangesConnectionResponse } from '@spreadscope/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getJson } from '../lib/api-client.ts';
import { marketStatus } from '../lib/market-status.ts';
import { useLocale } from './use-locale.ts';

const POLL_MS = 10_000;

/** Every venue's link state, polled: feeds the status bar, the banner and the per-venue badges. */
export function useVenueConnections() {
  const { language } = useLocale();
  const query = useQuery({
    queryKey: ['exchanges-connection'],
    queryFn: ({ signal }) =>
      getJson<ExchangesConnectionResponse>('/exchanges/connection', {}, language, signal),
    refetchInterval: POLL_MS,
    staleTime: POLL_MS / 2,
    retry: 1,
  });
  const dataSource = query.data?.dataSource;
  useEffect(() => {
    if (dataSource) marketStatus.report({ dataSource });
  }, [dataSource]);
  return query;
}
