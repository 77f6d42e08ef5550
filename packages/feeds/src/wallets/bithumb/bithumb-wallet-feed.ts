import type { MarketEvent } from '@spreadscope/core';
import type { AdapterContext } from '../../venues/adapter.ts';
import { fetchJson } from '../../venues/http-json.ts';
import { type Extras, pollTask } from '../../venues/tasks.ts';
import { BITHUMB_WALLET_URL, parseBithumbWallets } from './bithumb-wallets.ts';

/** Bithumb's public deposit/withdraw status per asset and network. */
export function bithumbWalletFeed(ctx: AdapterContext): Extras {
  return {
    tasks: [
      pollTask(ctx, 'wallets', ctx.settings.walletIntervalMs, async (signal) => {
        const body = await fetchJson(ctx, BITHUMB_WALLET_URL, { signal });
        const events: MarketEvent[] = parseBithumbWallets(body, ctx.clock());
        if (events.length === 0) throw new Error('no wallets in the response');
        return { events };
      }),
    ],
    capabilities: {
      wallets: {
        via: 'rest',
        note: 'status per asset and network from the public multichain list; Bithumb publishes confirmations and fees only per asset (fee/inout) or to API keys (withdraws/chance), not in that list: not read',
      },
    },
  };
}
