import { type WalletChangeKind, walletChanges } from '@spreadscope/core';
import type { WalletNetworkRecord } from '@spreadscope/db';
import type { WalletNetworkState, Wallets } from '@spreadscope/engine';

interface Known {
  deposit: boolean;
  withdraw: boolean;
  changedAt: number | null;
  updatedAt: number;
  /** When this network was last handed out to be stored. */
  storedAt: number;
}

/** A network that did not change is stored again after this long (its `seen_at`), not on every poll. */
const RESTORE_MS = 3_600_000;

export interface TrackedChange {
  readonly state: WalletNetworkState;
  readonly kind: WalletChangeKind;
}

export interface SyncResult {
  readonly changes: TrackedChange[];
  /** Networks to store: new, changed, or not stored for an hour. */
  readonly reported: WalletNetworkState[];
}

const keyOf = (venue: string, asset: string, network: string) => `${venue}|${asset}|${network}`;

/**
 * Turns the engine's wallet state into changes: it remembers each network's last state and when it last
 * changed. The engine only keeps the latest report, so a change is seen by comparing with what was seen
 * before — seeded from the database at start, so a restart neither forgets when a network changed nor reports
 * old changes again.
 */
export class WalletTracker {
  private readonly known = new Map<string, Known>();
  private seenVersion = -1;

  seed(records: readonly WalletNetworkRecord[]): void {
    for (const r of records) {
      const key = keyOf(r.venue, r.asset, r.network);
      // A report already seen by this process is newer than anything stored before it started.
      if ((this.known.get(key)?.updatedAt ?? Number.NEGATIVE_INFINITY) >= r.seenAt) continue;
      this.known.set(key, {
        deposit: r.deposit,
        withdraw: r.withdraw,
        changedAt: r.changedAt,
        updatedAt: r.seenAt,
        storedAt: r.seenAt,
      });
    }
  }

  changedAt(venue: string, asset: string, network: string): number | null {
    return this.known.get(keyOf(venue, asset, network))?.changedAt ?? null;
  }

  sync(wallets: Wallets): SyncResult {
    if (wallets.version === this.seenVersion) return { changes: [], reported: [] };
    this.seenVersion = wallets.version;
    const changes: TrackedChange[] = [];
    const reported: WalletNetworkState[] = [];
    for (const state of wallets.all()) {
      const key = keyOf(state.venue, state.asset, state.network);
      const before = this.known.get(key);
      if (before && before.updatedAt >= state.updatedAt) continue;
      if (!before) {
        reported.push(state);
        this.known.set(key, {
          deposit: state.deposit,
          withdraw: state.withdraw,
          changedAt: null,
          updatedAt: state.updatedAt,
          storedAt: state.updatedAt,
        });
        continue;
      }
      const kinds = walletChanges(before, state);
      for (const kind of kinds) changes.push({ state, kind });
      before.deposit = state.deposit;
      before.withdraw = state.withdraw;
      before.updatedAt = state.updatedAt;
      if (kinds.length > 0) before.changedAt = state.updatedAt;
      if (kinds.length > 0 || state.updatedAt - before.storedAt >= RESTORE_MS) {
        before.storedAt = state.updatedAt;
        reported.push(state);
      }
    }
    return { changes, reported };
  }
}
