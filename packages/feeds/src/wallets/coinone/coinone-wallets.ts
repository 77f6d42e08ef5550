import type { WalletEvent } from '@spreadscope/core';
import { isRecord, num } from '../../venues/http-json.ts';
import { type RawWalletRow, text, toWalletEvents } from '../wallet-rows.ts';

/** Coinone's public currency list (one network per asset). */
export const COINONE_WALLET_URL = 'https://api.coinone.co.kr/public/v2/currencies';

/**
 * `{ result: "success", error_code: "0", currencies: [{ symbol, deposit_status: normal|…, withdraw_status,
 * deposit_confirm_count, withdrawal_min_amount, withdrawal_fee }] }` → wallet events, the network named after
 * the asset (Coinone runs each asset on one chain and does not name it). Only `normal` is open. A `result`
 * other than success fails the poll with Coinone's error code.
 */
export function parseCoinoneWallets(body: unknown, receivedAt: number): WalletEvent[] {
  if (!isRecord(body)) throw new Error('unexpected response: not an object');
  if (body.result !== 'success') throw new Error(`Coinone answered error ${String(body.error_code)}`);
  if (!Array.isArray(body.currencies)) throw new Error('unexpected response: no currencies list');
  const rows: RawWalletRow[] = [];
  for (const item of body.currencies) {
    if (!isRecord(item)) continue;
    const asset = text(item.symbol);
    if (!asset || asset === 'KRW') continue;
    if (typeof item.deposit_status !== 'string' || typeof item.withdraw_status !== 'string') continue;
    rows.push({
      asset,
      network: asset,
      deposit: item.deposit_status === 'normal',
      withdraw: item.withdraw_status === 'normal',
      confirmations: num(item.deposit_confirm_count),
      withdrawFee: num(item.withdrawal_fee),
      withdrawMin: num(item.withdrawal_min_amount),
    });
  }
  return toWalletEvents('coinone', rows, receivedAt);
}
