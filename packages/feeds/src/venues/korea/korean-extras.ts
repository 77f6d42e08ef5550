import { bithumbWalletFeed } from '../../wallets/bithumb/bithumb-wallet-feed.ts';
import { upbitWalletFeed } from '../../wallets/upbit/upbit-wallet-feed.ts';
import type { AdapterContext } from '../adapter.ts';
import type { Extras } from '../tasks.ts';

/** Upbit beyond ccxt: wallet status when a read-only key is configured (its notices: notices/upbit). */
export function upbitExtras(ctx: AdapterContext): Extras {
  return upbitWalletFeed(ctx);
}

/** Bithumb beyond ccxt: its public wallet status (its notices: notices/bithumb). */
export function bithumbExtras(ctx: AdapterContext): Extras {
  return bithumbWalletFeed(ctx);
}
