import type { FeeTierEvent, VenueId } from '@spreadscope/core';
import type { AdapterContext } from '../venues/adapter.ts';
import { fetchJson } from '../venues/http-json.ts';
import { describeRaw, type Extras, pollTask } from '../venues/tasks.ts';
import { BITGET_PERP_FEES_URL, BITGET_SPOT_FEES_URL, parseBitgetFees } from './bitget/bitget-fees.ts';

/**
 * Venues whose fee schedule is read live. The others publish theirs on fee pages only (or per account, behind
 * a key), so the configured schedule (core trading-fees.ts) is their source.
 */
export const LIVE_FEE_VENUES = ['bitget'] as const;

/**
 * Bitget's spot and futures VIP fee schedules, polled at the wallet-status pace (a schedule changes a few
 * times a year). One market failing degrades the round; both failing fail it.
 */
export function feeExtras(venue: VenueId, ctx: AdapterContext): Extras | null {
  if (venue !== 'bitget') return null;
  return {
    tasks: [
      pollTask(ctx, 'fees', ctx.settings.walletIntervalMs, async (signal) => {
        const events: FeeTierEvent[] = [];
        const failed: string[] = [];
        let lastError: unknown = null;
        for (const [market, url] of [
          ['spot', BITGET_SPOT_FEES_URL],
          ['perp', BITGET_PERP_FEES_URL],
        ] as const) {
          try {
            events.push(...parseBitgetFees(await fetchJson(ctx, url, { signal }), market, ctx.clock()));
          } catch (error) {
            failed.push(market);
            lastError = error;
          }
        }
        if (events.length === 0) throw lastError ?? new Error('no fee levels');
        return {
          events,
          problem: failed.length > 0 ? `${failed.join(', ')}: ${describeRaw(lastError)}` : null,
        };
      }),
    ],
    capabilities: { fees: { via: 'rest' } },
  };
}
