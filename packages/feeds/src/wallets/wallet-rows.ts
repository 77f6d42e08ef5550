import { type VenueId, type WalletEvent, walletEventSchema } from '@spreadscope/core';

/** One network of one asset as a venue's wire tells it, before validation. */
export interface RawWalletRow {
  readonly asset: string;
  readonly network: string;
  readonly deposit: boolean;
  readonly withdraw: boolean;
  readonly confirmations?: number | undefined;
  readonly withdrawFee?: number | undefined;
  readonly withdrawMin?: number | undefined;
  readonly contract?: string | undefined;
  readonly delayed?: boolean | undefined;
}

/**
 * Rows → validated wallet events. A row the schema refuses (a ticker with punctuation, a negative fee) is
 * dropped, not the whole answer: one odd asset must not hide a venue's other 1,500 networks.
 */
export function toWalletEvents(
  venue: VenueId,
  rows: readonly RawWalletRow[],
  receivedAt: number,
): WalletEvent[] {
  const events: WalletEvent[] = [];
  for (const row of rows) {
    const candidate: Record<string, unknown> = {
      t: receivedAt,
      type: 'wallet',
      venue,
      asset: row.asset.toUpperCase(),
      network: row.network,
      deposit: row.deposit,
      withdraw: row.withdraw,
    };
    if (row.confirmations !== undefined && Number.isInteger(row.confirmations) && row.confirmations >= 0)
      candidate.confirmations = row.confirmations;
    if (row.withdrawFee !== undefined && row.withdrawFee >= 0) candidate.withdrawFee = row.withdrawFee;
    if (row.withdrawMin !== undefined && row.withdrawMin >= 0) candidate.withdrawMin = row.withdrawMin;
    if (row.contract) candidate.contract = row.contract.trim();
    if (row.delayed) candidate.delayed = true;
    const parsed = walletEventSchema.safeParse(candidate);
    if (parsed.success) events.push(parsed.data);
  }
  return events;
}

/** A venue's string flags: "true"/"false", 1/0, true/false. Anything else is not an answer. */
export function flag(value: unknown): boolean | undefined {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  return undefined;
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
