import { type WalletEvent, walletEventSchema } from '@spreadscope/core';
import { isRecord, num } from '../../venues/http-json.ts';

/** Bithumb's public deposit/withdraw status for every asset and network. */
export const BITHUMB_WALLET_URL = 'https://api.bithumb.com/public/assetsstatus/multichain/ALL';

/**
 * `{ status: "0000", data: [{ currency, net_type, deposit_status: 1|0, withdrawal_status: 1|0 }] }` → wallet
 * events (a map of currency → list of networks is accepted too). A status other than "0000" is Bithumb
 * saying no, and fails the poll with its message.
 */
export function parseBithumbWallets(body: unknown, receivedAt: number): WalletEvent[] {
  if (!isRecord(body)) throw new Error('unexpected response: not an object');
  if (body.status !== '0000') {
    const message = typeof body.message === 'string' ? `: ${body.message}` : '';
    throw new Error(`Bithumb answered status ${String(body.status)}${message}`);
  }
  const rows: Record<string, unknown>[] = [];
  if (Array.isArray(body.data)) rows.push(...body.data.filter(isRecord));
  else if (isRecord(body.data)) {
    for (const [currency, list] of Object.entries(body.data)) {
      if (Array.isArray(list)) for (const row of list.filter(isRecord)) rows.push({ currency, ...row });
    }
  }
  const events: WalletEvent[] = [];
  for (const row of rows) {
    if (typeof row.currency !== 'string') continue;
    const parsed = walletEventSchema.safeParse({
      t: receivedAt,
      type: 'wallet',
      venue: 'bithumb',
      asset: row.currency.toUpperCase(),
      network: typeof row.net_type === 'string' && row.net_type !== '' ? row.net_type : row.currency,
      deposit: num(row.deposit_status) === 1,
      withdraw: num(row.withdrawal_status) === 1,
    });
    if (parsed.success) events.push(parsed.data);
  }
  return events;
}
