import type { PremiumResponse } from '@spreadscope/contracts';
import type { PremiumApiParams } from '../lib/premium-filters.ts';
import { type LiveFeed, useLiveTable } from './use-live-table.ts';

export type PremiumFeed = LiveFeed<PremiumResponse>;

/** The live premium table: GET /premium, then the `premium` topic at the user's interval. */
export function usePremiumFeed(params: PremiumApiParams, enabled = true): PremiumFeed {
  return useLiveTable<PremiumResponse>('premium', '/premium', { ...params }, params.interval, enabled);
}
