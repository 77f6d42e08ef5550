import { useSyncExternalStore } from 'react';
import { type MarketStatus, marketStatus } from '../lib/market-status.ts';

export function useMarketStatus(): MarketStatus {
  return useSyncExternalStore(marketStatus.subscribe, marketStatus.get, marketStatus.get);
}
