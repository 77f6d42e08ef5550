import type { MarketEvent, VenueId, WalletEvent } from '@spreadscope/core';
import type { AdapterContext } from '../venues/adapter.ts';
import { fetchJson } from '../venues/http-json.ts';
import { type Extras, pollTask } from '../venues/tasks.ts';
import { BITGET_WALLET_URL, parseBitgetWallets } from './bitget/bitget-wallets.ts';
import { COINONE_WALLET_URL, parseCoinoneWallets } from './coinone/coinone-wallets.ts';
import { GATE_WALLET_URL, parseGateWallets } from './gate/gate-wallets.ts';
import { HTX_WALLET_URL, parseHtxWallets } from './htx/htx-wallets.ts';

/** A venue whose deposit/withdraw status is one public GET, read raw (ccxt drops contracts and delays). */
export interface PublicWalletSource {
  readonly url: string;
  readonly parse: (body: unknown, receivedAt: number) => WalletEvent[];
  readonly note: string;
}

export const PUBLIC_WALLET_SOURCES: Partial<Record<VenueId, PublicWalletSource>> = {
  gateio: {
    url: GATE_WALLET_URL,
    parse: parseGateWallets,
    note: 'public currency list (GET /api/v4/spot/currencies): status, delays and contracts per chain; confirmations and fees are key-only at Gate',
  },
  huobi: {
    url: HTX_WALLET_URL,
    parse: parseHtxWallets,
    note: 'public reference list (GET /v2/reference/currencies): status, confirmations, minimums and fixed fees per chain; no contracts',
  },
  bitget: {
    url: BITGET_WALLET_URL,
    parse: parseBitgetWallets,
    note: 'public coin list (GET /api/v2/spot/public/coins): status, confirmations, fees, minimums, contracts and congestion per chain',
  },
  coinone: {
    url: COINONE_WALLET_URL,
    parse: parseCoinoneWallets,
    note: 'public currency list (GET /public/v2/currencies): status, confirmations, fees and minimums; one network per asset',
  },
};

/** The venue's wallet poll under the supervisor, or null when its wallets are not read this way. */
export function publicWalletFeed(venue: VenueId, ctx: AdapterContext): Extras | null {
  const source = PUBLIC_WALLET_SOURCES[venue];
  if (!source) return null;
  return {
    tasks: [
      pollTask(ctx, 'wallets', ctx.settings.walletIntervalMs, async (signal) => {
        const events: MarketEvent[] = source.parse(await fetchJson(ctx, source.url, { signal }), ctx.clock());
        if (events.length === 0) throw new Error('no wallets in the response');
        return { events };
      }),
    ],
    capabilities: { wallets: { via: 'rest', note: source.note } },
  };
}
