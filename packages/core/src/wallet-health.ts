/**
 * Health of one deposit/withdrawal network at a venue, as spec §1 names it. Pure: the caller passes the
 * state and the clock.
 *
 * - `unhealthy`: deposits and withdrawals both suspended.
 * - `warning`: one direction suspended, the venue says transfers are delayed, or the status changed within the
 *   last hour (a network that just reopened is often still catching up, one that just closed may close the
 *   other way next).
 * - `unknown`: the venue does not tell us one of the directions (never assumed open).
 * - `healthy`: both open, not delayed, stable for an hour.
 */

export const WALLET_HEALTHS = ['healthy', 'warning', 'unhealthy', 'unknown'] as const;
export type WalletHealth = (typeof WALLET_HEALTHS)[number];

/** A status change younger than this keeps the network at `warning`. */
export const WALLET_RECENT_CHANGE_MS = 3_600_000;

export interface WalletHealthInput {
  /** Deposits open (true), suspended (false) or not published (null). */
  readonly deposit: boolean | null;
  readonly withdraw: boolean | null;
  readonly delayed?: boolean | null | undefined;
  /** When deposit or withdraw last changed (epoch ms), null when never seen changing. */
  readonly changedAt?: number | null | undefined;
}

export function walletHealth(input: WalletHealthInput, now: number): WalletHealth {
  const { deposit, withdraw } = input;
  if (deposit === false && withdraw === false) return 'unhealthy';
  if (deposit === false || withdraw === false) return 'warning';
  if (deposit === null || withdraw === null) return 'unknown';
  if (input.delayed === true) return 'warning';
  const changedAt = input.changedAt ?? null;
  if (changedAt !== null && now - changedAt < WALLET_RECENT_CHANGE_MS) return 'warning';
  return 'healthy';
}

/** What changed between two states of one network: one direction opened or suspended. */
export const WALLET_CHANGE_KINDS = [
  'deposit_opened',
  'deposit_suspended',
  'withdraw_opened',
  'withdraw_suspended',
] as const;
export type WalletChangeKind = (typeof WALLET_CHANGE_KINDS)[number];

export function walletChanges(
  before: { readonly deposit: boolean; readonly withdraw: boolean },
  after: { readonly deposit: boolean; readonly withdraw: boolean },
): WalletChangeKind[] {
  const out: WalletChangeKind[] = [];
  if (before.deposit !== after.deposit) out.push(after.deposit ? 'deposit_opened' : 'deposit_suspended');
  if (before.withdraw !== after.withdraw) out.push(after.withdraw ? 'withdraw_opened' : 'withdraw_suspended');
  return out;
}
