import type {
  VenueWalletsQuery,
  WalletAccess,
  WalletHealthCounts,
  WalletStatusRow,
} from '@spreadscope/contracts';
import { chainBlockTimeSec, transferTimeSec, type WalletHealth, walletHealth } from '@spreadscope/core';
import type { WalletNetworkState } from '@spreadscope/engine';
import type { VenueLink } from '@spreadscope/feeds';

/** One network as the wallet tables show it: the venue's report, the chain's facts, and the health rule. */
export function walletRow(w: WalletNetworkState, changedAt: number | null, now: number): WalletStatusRow {
  const blockTimeSec = w.blockTimeSec ?? chainBlockTimeSec(w.canonical);
  return {
    exchange: w.venue,
    asset: w.asset,
    network: w.network,
    chain: w.canonical,
    deposit: w.deposit,
    withdraw: w.withdraw,
    delayed: w.delayed,
    health: walletHealth({ deposit: w.deposit, withdraw: w.withdraw, delayed: w.delayed, changedAt }, now),
    confirmations: w.confirmations,
    blockTimeSec,
    transferTimeSec:
      blockTimeSec === null || w.confirmations === null
        ? null
        : transferTimeSec(blockTimeSec, w.confirmations),
    withdrawFee: w.withdrawFee,
    withdrawMin: w.withdrawMin,
    contract: w.contract,
    updatedAt: w.updatedAt,
    changedAt,
  };
}

export function emptyCounts(): WalletHealthCounts {
  return { healthy: 0, warning: 0, unhealthy: 0, unknown: 0 };
}

export function countHealth(rows: readonly WalletStatusRow[]): WalletHealthCounts {
  const counts = emptyCounts();
  for (const r of rows) counts[r.health]++;
  return counts;
}

/** A venue's table with the page's filters: health, asset search (prefix first, then contains), chain. */
export function filterRows(rows: readonly WalletStatusRow[], query: VenueWalletsQuery): WalletStatusRow[] {
  if (query.health === 'all' && query.q === '' && query.chain === '') return [...rows];
  return rows.filter(
    (r) =>
      (query.health === 'all' || r.health === query.health) &&
      (query.q === '' || r.asset.includes(query.q)) &&
      (query.chain === '' || r.chain === query.chain),
  );
}

/** Worst first (what a trader scans for), then by asset and network. */
const ORDER: Record<WalletHealth, number> = { unhealthy: 0, warning: 1, unknown: 2, healthy: 3 };
export function sortRows(rows: WalletStatusRow[]): WalletStatusRow[] {
  return rows.sort(
    (a, b) =>
      ORDER[a.health] - ORDER[b.health] ||
      (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0) ||
      (a.network < b.network ? -1 : a.network > b.network ? 1 : 0),
  );
}

/** The best health among a venue's networks for one token: can a trader move it at all, and how well. */
export function bestHealth(rows: readonly WalletStatusRow[]): WalletHealth {
  let best: WalletHealth = 'unknown';
  const rank: Record<WalletHealth, number> = { healthy: 3, warning: 2, unhealthy: 1, unknown: 0 };
  for (const r of rows) if (rank[r.health] > rank[best]) best = r.health;
  return best;
}

/**
 * How a venue's wallets are read, from its live link (capability `wallets`); on the simulator or a replay,
 * venues that report wallets read as public.
 */
export function walletAccess(link: VenueLink | undefined, hasRows: boolean): WalletAccess {
  const capability = link?.capabilities?.wallets;
  if (!capability) return { via: hasRows ? 'public' : 'none', keyConfigured: null, note: null };
  if (capability.needsKey)
    return { via: 'key', keyConfigured: capability.needsKey.configured, note: capability.note ?? null };
  if (capability.via === 'none') return { via: 'none', keyConfigured: null, note: capability.note ?? null };
  return { via: 'public', keyConfigured: null, note: capability.note ?? null };
}
