import { getVenue, type VenueId } from '@spreadscope/core';
import type { AdapterContext, VenueAdapter } from './adapter.ts';
import { AmmAdapter } from './amm/amm-adapter.ts';
import { type AmmConfig, DEFAULT_AMM } from './amm/amm-config.ts';
import { CcxtAdapter, type CcxtModule } from './ccxt/ccxt-adapter.ts';
import { ccxtVenue } from './ccxt/ccxt-venues.ts';
import { DydxAdapter } from './dex/dydx-adapter.ts';
import { EdgexAdapter } from './dex/edgex-adapter.ts';
import { KorbitAdapter } from './korbit/korbit-adapter.ts';
import { bithumbExtras, upbitExtras } from './korea/korean-extras.ts';
import { withExtras } from './tasks.ts';

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
    const adapter = new CcxtAdapter(config, ccxt, ctx);
    if (venue === 'upbit') return { adapter: withExtras(adapter, upbitExtras(ctx)) };
    if (venue === 'bithumb') return { adapter: withExtras(adapter, bithumbExtras(ctx)) };
    return { adapter };
  }
  if (venue === 'korbit') return { adapter: new KorbitAdapter(ctx) };
  if (venue === 'dydx') return { adapter: new DydxAdapter(ctx) };
  if (venue === 'edgex') return { adapter: new EdgexAdapter(ctx) };
  return { unsupported: unsupportedReason(venue) };
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
