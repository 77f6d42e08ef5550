import type { WalletEvent } from '@spreadscope/core';
import { isRecord, num } from '../../venues/http-json.ts';
import { type RawWalletRow, text, toWalletEvents } from '../wallet-rows.ts';

/** HTX's public reference list of currencies and their chains. */
export const HTX_WALLET_URL = 'https://api.huobi.pro/v2/reference/currencies';

/**
 * `{ code: 200, data: [{ currency, instStatus, chains: [{ chain, displayName, baseChain, numOfConfirmations,
 * depositStatus: allowed|prohibited, withdrawStatus, minWithdrawAmt, withdrawFeeType, transactFeeWithdraw }]
 * }] }` → wallet events. The network is the chain's base chain (ETH, TRX) where HTX names one, else its
 * display name: HTX's `chain` ids (`usdterc20`) are internal. The fee is read only when it is fixed. HTX
 * publishes no contract addresses here. A `code` other than 200 fails the poll with HTX's message.
 */
export function parseHtxWallets(body: unknown, receivedAt: number): WalletEvent[] {
  if (!isRecord(body)) throw new Error('unexpected response: not an object');
  if (body.code !== 200) {
    const message = text(body.message) ?? text(body['err-msg']);
    throw new Error(`HTX answered code ${String(body.code)}${message ? `: ${message}` : ''}`);
  }
  if (!Array.isArray(body.data)) throw new Error('unexpected response: no data list');
  const rows: RawWalletRow[] = [];
  for (const item of body.data) {
    if (!isRecord(item) || item.instStatus === 'delisted') continue;
    const asset = text(item.currency);
    if (!asset || !Array.isArray(item.chains)) continue;
    for (const chain of item.chains) {
      if (!isRecord(chain)) continue;
      const network = text(chain.baseChain) ?? text(chain.displayName) ?? text(chain.chain);
      if (!network || typeof chain.depositStatus !== 'string' || typeof chain.withdrawStatus !== 'string')
        continue;
      rows.push({
        asset,
        network,
        deposit: chain.depositStatus === 'allowed',
        withdraw: chain.withdrawStatus === 'allowed',
        confirmations: num(chain.numOfConfirmations),
        withdrawMin: num(chain.minWithdrawAmt),
        withdrawFee: chain.withdrawFeeType === 'fixed' ? num(chain.transactFeeWithdraw) : undefined,
      });
    }
  }
  return toWalletEvents('huobi', rows, receivedAt);
}
