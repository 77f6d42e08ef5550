import type { DataSourceMode, VenueId, WalletChangeKind } from '@spreadscope/core';
import { Publisher } from '../../runtime/publisher.ts';

/**
 * A deposit or withdrawal of one network opened or was suspended. The one event the wallet module publishes:
 * the alerts module (strategy "wallet status", spec §4) subscribes with `walletChanges.on(listener)` and gets
 * every change once per process, in the order the venues reported them. Changes of a simulated or replayed
 * source say so in `source`, so nothing alerts on simulated suspensions by mistake.
 */
export interface WalletChangeEvent {
  readonly type: 'wallet.change';
  readonly source: DataSourceMode;
  readonly exchange: VenueId;
  readonly asset: string;
  /** As the venue names it. */
  readonly network: string;
  /** Canonical chain id (ETH, TRX …). */
  readonly chain: string;
  readonly kind: WalletChangeKind;
  /** When the venue's report that showed the change arrived (epoch ms, the source's clock). */
  readonly at: number;
  /** The network's state after the change. */
  readonly deposit: boolean;
  readonly withdraw: boolean;
}

export type WalletChangeListener = (event: WalletChangeEvent) => void;

/** Every change once per process, in the order the venues reported them. */
export class WalletChangeEvents extends Publisher<WalletChangeEvent> {}
