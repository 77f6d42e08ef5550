import type { Liquidation, LiquidationsResponse } from '@spreadscope/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { SocketContext } from '../../app/contexts.ts';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { withLiquidation } from './liquidation-feed.ts';

/** The REST read only fills the page and re-sums the 24 h totals now and then; new rows come pushed. */
const RELOAD_MS = 60_000;

/**
 * A token's liquidation feed: the first page over REST, then each liquidation as the server pushes it on the
 * `liquidations` WebSocket topic (no polling while the socket is up).
 */
export function useLiveLiquidations(base: string, limit: number) {
  const params = { base, limit };
  const feed = useMarketQuery<LiquidationsResponse>('/liquidations', params, RELOAD_MS);
  const socket = useContext(SocketContext);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const queryKey = ['market', '/liquidations', { base, limit }];
    return socket.subscribe(
      { topic: 'liquidations', interval: 'realtime', params: {} },
      {
        onSnapshot: () => {},
        onEvent: (data) => {
          const row = data as Liquidation;
          if (row.base !== base) return;
          queryClient.setQueryData<LiquidationsResponse>(queryKey, (held) =>
            held ? withLiquidation(held, row, limit) : held,
          );
        },
      },
    );
  }, [socket, queryClient, base, limit]);
  return feed;
}
