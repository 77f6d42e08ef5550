import type { ListingAccess, ListingCard, ListingResponse } from '@spreadscope/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useMemo } from 'react';
import { SocketContext } from '../../app/contexts.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { getJson } from '../../lib/api-client.ts';

/** Whether the user may see listings (asked first: the cards are only requested once allowed). */
export function useListingAccess() {
  const { language } = useLocale();
  return useQuery({
    queryKey: ['listing', 'access', language],
    queryFn: ({ signal }) => getJson<ListingAccess>('/listing/access', {}, language, signal),
  });
}

/**
 * The cards (one when `key` names a listing), refreshed every 30 s and replaced card by card as the server
 * pushes changed ones on the `listing` topic.
 */
export function useListings(allowed: boolean, key?: string) {
  const { language } = useLocale();
  const queryClient = useQueryClient();
  const socket = useContext(SocketContext);
  const queryKey = useMemo(() => ['listing', 'cards', key ?? '', language], [key, language]);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => getJson<ListingResponse>('/listing', { key }, language, signal),
    enabled: allowed,
    refetchInterval: 30_000,
  });
  useEffect(() => {
    if (!socket || !allowed) return;
    return socket.subscribe(
      { topic: 'listing', interval: 'realtime', params: {} },
      {
        onSnapshot: () => {},
        onEvent: (data) => {
          const card = data as ListingCard;
          queryClient.setQueryData<ListingResponse>(queryKey, (previous) => {
            if (!previous) return previous;
            if (key !== undefined && card.key !== key) return previous;
            const rest = previous.data.filter((c) => c.key !== card.key);
            const data = [card, ...rest].sort((a, b) => b.announcedAt - a.announcedAt);
            return { ...previous, data, serverTime: Date.now() };
          });
        },
      },
    );
  }, [socket, allowed, key, queryKey, queryClient]);
  return query;
}
