import type { WalletEvent } from '@spreadscope/core';
import { isRecord } from '../../venues/http-json.ts';
import { flag, type RawWalletRow, text, toWalletEvents } from '../wallet-rows.ts';

/** Gate's public currency list: every currency with its chains, contract and deposit/withdraw flags. */
export const GATE_WALLET_URL = 'https://api.gateio.ws/api/v4/spot/currencies';

/**
 * `[{ currency, delisted, withdraw_disabled, withdraw_delayed, deposit_disabled, chain, chains: [{ name, addr,
 * withdraw_disabled, withdraw_delayed, deposit_disabled }] }]` → wallet events. Delisted currencies are
 * skipped. A currency without `chains` (Gate's older shape) is one network, its `chain`. Gate publishes no
 * confirmations or fees here (they are key-only). Gate has spelled the chain's name `name` and `chain`:
 * both are read.
 */
export function parseGateWallets(body: unknown, receivedAt: number): WalletEvent[] {
  if (!Array.isArray(body)) throw new Error('unexpected response: not a list of currencies');
  const rows: RawWalletRow[] = [];
  for (const item of body) {
    if (!isRecord(item)) continue;
    const asset = text(item.currency);
    if (!asset || item.delisted === true) continue;
    // Without `chains`, the currency's own flags and `chain` (its top-level `name` is the coin's full name).
    const chains = Array.isArray(item.chains)
      ? item.chains.filter(isRecord)
      : [{ ...item, name: item.chain, addr: undefined }];
    for (const chain of chains) {
      const network = text(chain.name) ?? text(chain.chain);
      const depositDisabled = flag(chain.deposit_disabled);
      const withdrawDisabled = flag(chain.withdraw_disabled);
      if (!network || depositDisabled === undefined || withdrawDisabled === undefined) continue;
      rows.push({
        asset,
        network,
        deposit: !depositDisabled,
        withdraw: !withdrawDisabled,
        contract: text(chain.addr) ?? text(chain.contract_address),
        delayed: flag(chain.withdraw_delayed) === true,
      });
    }
  }
  const events = toWalletEvents('gateio', rows, receivedAt);
  if (body.length > 0 && events.length === 0) throw new Error('no currency in the response has chain flags');
  return events;
}
