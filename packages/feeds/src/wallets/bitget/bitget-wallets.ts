import type { WalletEvent } from '@spreadscope/core';
import { isRecord, num } from '../../venues/http-json.ts';
import { flag, type RawWalletRow, text, toWalletEvents } from '../wallet-rows.ts';

/** Bitget's public coin list (v2): chains with flags, confirmations, fees, minimums and contracts. */
export const BITGET_WALLET_URL = 'https://api.bitget.com/api/v2/spot/public/coins';

/**
 * `{ code: "00000", data: [{ coin, chains: [{ chain, rechargeable: "true", withdrawable: "true",
 * depositConfirm, withdrawFee, minWithdrawAmount, contractAddress, congestion: normal|congested }] }] }` →
 * wallet events. A congested chain is marked delayed. A `code` other than "00000" fails the poll with
 * Bitget's message.
 */
export function parseBitgetWallets(body: unknown, receivedAt: number): WalletEvent[] {
  if (!isRecord(body)) throw new Error('unexpected response: not an object');
  if (body.code !== '00000') {
    const message = text(body.msg);
    throw new Error(`Bitget answered code ${String(body.code)}${message ? `: ${message}` : ''}`);
  }
  if (!Array.isArray(body.data)) throw new Error('unexpected response: no data list');
  const rows: RawWalletRow[] = [];
  for (const item of body.data) {
    if (!isRecord(item) || !Array.isArray(item.chains)) continue;
    const asset = text(item.coin);
    if (!asset) continue;
    for (const chain of item.chains) {
      if (!isRecord(chain)) continue;
      const network = text(chain.chain);
      const deposit = flag(chain.rechargeable);
      const withdraw = flag(chain.withdrawable);
      if (!network || deposit === undefined || withdraw === undefined) continue;
      rows.push({
        asset,
        network,
        deposit,
        withdraw,
        confirmations: num(chain.depositConfirm),
        withdrawFee: num(chain.withdrawFee),
        withdrawMin: num(chain.minWithdrawAmount),
        contract: text(chain.contractAddress),
        delayed: chain.congestion === 'congested',
      });
    }
  }
  return toWalletEvents('bitget', rows, receivedAt);
}
