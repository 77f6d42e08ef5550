import { getVenue, type VenueId } from '@spreadscope/core';
import { derivativesExtras } from '../derivatives/derivatives-feed.ts';
import { feeExtras } from '../fees/fees-feed.ts';
import { marginExtras } from '../margin/margin-feed.ts';
import { marketFlagsExtras } from '../notices/market-flags/market-flags.ts';
import { noticeExtras } from '../notices/notice-sources.ts';
import { publicWalletFeed } from '../wallets/public-wallet-feed.ts';
import type { AdapterContext, VenueAdapter } from './adapter.ts';
import { AmmAdapter } from './amm/amm-adapter.ts';
import { type AmmConfig, DEFAULT_AMM } from './amm/amm-config.ts';
import { CcxtAdapter, type CcxtModule } from './ccxt/ccxt-adapter.ts';
import { ccxtVenue } from './ccxt/ccxt-venues.ts';
import { DydxAdapter } from './dex/dydx-adapter.ts';
import { EdgexAdapter } from './dex/edgex-adapter.ts';
import { KorbitAdapter } from './korbit/korbit-adapter.ts';
import { bithumbExtras, upbitExtras } from './korea/korean-extras.ts';
import { type Extras, withExtras } from './tasks.ts';

export type AdapterChoice = { readonly adapter: VenueAdapter } | { readonly unsupported: string };

/** The one place that decides how each registry venue is read live. */
export function createVenueAdapter(
  venue: VenueId,
  ccxt: CcxtModule,
  ctx: AdapterContext,
  amm: AmmConfig = DEFAULT_AMM,
): AdapterChoice {
  const info = getVenue(venue);
  if (info.kind === 'amm-dex') {
    const pools = amm.pools.filter((p) => p.venue === venue);
    if (pools.length === 0) return { unsupported: 'no pools configured (list them in AMM_POOLS_FILE)' };
    // For a chain venue the base-URL override is the node's JSON-RPC URL, used as given.
    const rpc = ctx.override.baseUrl ?? (info.chain ? amm.rpc[info.chain] : undefined);
    if (!rpc)
      return { unsupported: `no JSON-RPC endpoint for ${info.chain} (set VENUE_${venue.toUpperCase()}_URL)` };
    return { adapter: new AmmAdapter(venue, pools, rpc, ctx) };
  }
  const config = ccxtVenue(venue);
  if (config) {
    let adapter: VenueAdapter = withReference(new CcxtAdapter(config, ccxt, ctx), ctx);
    if (venue === 'upbit') adapter = withExtras(adapter, upbitExtras(ctx));
    else if (venue === 'bithumb') adapter = withExtras(adapter, bithumbExtras(ctx));
    else {
      const wallets = publicWalletFeed(venue, ctx);
      if (wallets) adapter = withExtras(adapter, wallets);
    }
    for (const extras of [noticeExtras(ctx), marketFlagsExtras(ctx)])
      if (extras) adapter = withExtras(adapter, extras);
    return { adapter };
  }
  if (venue === 'korbit') {
    const notices = noticeExtras(ctx);
    const korbit = new KorbitAdapter(ctx);
    return { adapter: notices ? withExtras(korbit, notices) : korbit };
  }
  if (venue === 'dydx') return { adapter: new DydxAdapter(ctx) };
  if (venue === 'edgex') return { adapter: new EdgexAdapter(ctx) };
  return { unsupported: unsupportedReason(venue) };
}

/** Margin borrow rates, open interest and liquidations, where the venue publishes them (margin/, derivatives/). */
function withReference(adapter: VenueAdapter, ctx: AdapterContext): VenueAdapter {
  const parts = [
    marginExtras(adapter.venue, ctx),
    derivativesExtras(adapter.venue, ctx),
    feeExtras(adapter.venue, ctx),
  ].filter((e): e is Extras => e !== null);
  if (parts.length === 0) return adapter;
  return withExtras(adapter, {
    tasks: parts.flatMap((p) => p.tasks),
    capabilities: Object.assign({}, ...parts.map((p) => p.capabilities)),
  });
}

/** Why a registry venue has no live adapter (reported as the `unsupported` link's reason). */
export function unsupportedReason(venue: VenueId): string {
  switch (venue) {
    case 'kbit':
      return 'no exchange named kbit publishes a public market-data API (see README, "How we read kbit")';
    default:
      return 'no live adapter yet';
  }
}
