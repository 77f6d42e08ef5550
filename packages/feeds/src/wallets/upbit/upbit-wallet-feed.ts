import type { MarketEvent, WalletEvent } from '@spreadscope/core';
import type { SupervisedTask } from '../../supervisor/feed-health.ts';
import type { AdapterContext, CapabilityMap } from '../../venues/adapter.ts';
import { fetchJson } from '../../venues/http-json.ts';
import { pollTask } from '../../venues/tasks.ts';
import {
  parseDepositChance,
  parseUpbitWallets,
  parseWithdrawChance,
  UPBIT_DEPOSIT_CHANCE_URL,
  UPBIT_WALLET_URL,
  UPBIT_WITHDRAW_CHANCE_URL,
  upbitAuthorization,
  type WalletDetails,
} from './upbit-wallets.ts';

/**
 * Upbit's wallet status, when a read-only key is configured (Upbit shows it to key holders only): without
 * one no task runs and the venue's networks stay `unknown`, never assumed open.
 */
export function upbitWalletFeed(ctx: AdapterContext): {
  tasks: SupervisedTask[];
  capabilities: CapabilityMap;
} {
  const { apiKey, apiSecret } = ctx.override;
  const tasks: SupervisedTask[] = [];
  if (apiKey && apiSecret) {
    const details = new UpbitWalletDetails(ctx, apiKey, apiSecret);
    tasks.push(
      pollTask(ctx, 'wallets', ctx.settings.walletIntervalMs, async (signal) => {
        const body = await fetchJson(
          ctx,
          UPBIT_WALLET_URL,
          { signal, headers: { Authorization: upbitAuthorization(apiKey, apiSecret) } },
          [apiKey, apiSecret],
        );
        // Confirmations and fees of the networks due for a look, then every wallet with what is known.
        const problem = await details.refresh(parseUpbitWallets(body, ctx.clock()), signal);
        const events: MarketEvent[] = parseUpbitWallets(body, ctx.clock(), details.lookup);
        if (events.length === 0) throw new Error('no wallets in the response');
        return { events, problem };
      }),
    );
  }
  return {
    tasks,
    capabilities: {
      wallets: {
        via: apiKey && apiSecret ? 'rest' : 'none',
        needsKey: { configured: Boolean(apiKey && apiSecret) },
        note: 'Upbit publishes deposit/withdraw status, deposit confirmations and withdrawal fees only to API keys (GET /v1/status/wallet, /v1/deposits/chance/coin, /v1/withdraws/chance); set a read-only key (입금조회, 출금조회) to enable it',
      },
    },
  };
}

/** (asset, network) pairs looked up per wallet round: 2 requests each, well inside Upbit's 30 per second. */
const DETAILS_PER_ROUND = 20;
/** Confirmations and fees change rarely: each pair is looked up again after this long. */
const DETAILS_MAX_AGE_MS = 6 * 60 * 60_000;

/**
 * Upbit's deposit confirmations and withdrawal fees, one (asset, network) at a time (the API has no list):
 * each wallet round looks up the pairs never seen, then the oldest, a bounded number per round, and keeps
 * what it learned. A failed look-up is named in the feed's health; the wallet statuses still publish.
 */
class UpbitWalletDetails {
  private readonly known = new Map<string, WalletDetails & { readonly at: number }>();

  constructor(
    private readonly ctx: AdapterContext,
    private readonly apiKey: string,
    private readonly apiSecret: string,
  ) {}

  readonly lookup = (asset: string, network: string): WalletDetails | undefined =>
    this.known.get(`${asset}|${network}`);

  async refresh(wallets: readonly WalletEvent[], signal: AbortSignal): Promise<string | null> {
    const now = this.ctx.clock();
    const due = wallets
      .map((w) => ({ w, at: this.known.get(`${w.asset}|${w.network}`)?.at ?? Number.NEGATIVE_INFINITY }))
      .filter(({ at }) => now - at >= DETAILS_MAX_AGE_MS)
      .sort((a, b) => a.at - b.at)
      .slice(0, DETAILS_PER_ROUND);
    const problems: string[] = [];
    for (const { w } of due) {
      if (signal.aborted) break;
      const query = `currency=${encodeURIComponent(w.asset)}&net_type=${encodeURIComponent(w.network)}`;
      try {
        const confirmations = parseDepositChance(await this.get(UPBIT_DEPOSIT_CHANCE_URL, query, signal));
        const withdrawFee = parseWithdrawChance(await this.get(UPBIT_WITHDRAW_CHANCE_URL, query, signal));
        this.known.set(`${w.asset}|${w.network}`, {
          ...(confirmations !== undefined ? { confirmations } : {}),
          ...(withdrawFee !== undefined ? { withdrawFee } : {}),
          at: now,
        });
      } catch (error) {
        problems.push(`${w.asset} ${w.network}: ${(error as Error).message}`);
      }
    }
    return problems.length > 0
      ? `confirmations and fees of ${problems.length} networks unavailable: ${problems[0]}`
      : null;
  }

  private get(url: string, query: string, signal: AbortSignal): Promise<unknown> {
    const authorization = upbitAuthorization(this.apiKey, this.apiSecret, undefined, query);
    return fetchJson(this.ctx, `${url}?${query}`, { signal, headers: { Authorization: authorization } }, [
      this.apiKey,
      this.apiSecret,
    ]);
  }
}
