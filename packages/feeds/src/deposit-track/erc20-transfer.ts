import type { RpcLog } from '../dex-index/decode-logs.ts';
import type { ExchangeWallet, WalletTransfer } from './deposit-types.ts';

/** keccak256("Transfer(address,address,uint256)"): the ERC-20 (and ERC-721) transfer event. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** An address as an indexed topic: left-padded to 32 bytes. */
export function addressTopic(address: string): string {
  return `0x${address.toLowerCase().replace(/^0x/, '').padStart(64, '0')}`;
}

function topicAddress(topic: string): string {
  return `0x${topic.slice(-40)}`.toLowerCase();
}

/**
 * A `Transfer` log into one of the wallets as a row, or null: an ERC-721 transfer (four topics, the token
 * id indexed), a log into another address, a sweep between the exchange's own wallets, a mint, or data that
 * is not a uint256.
 */
export function decodeTransfer(
  log: RpcLog,
  chain: string,
  wallets: ReadonlyMap<string, ExchangeWallet>,
  date: number,
): WalletTransfer | null {
  if (log.topics.length !== 3 || log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) return null;
  const to = topicAddress(log.topics[2] as string);
  const wallet = wallets.get(to);
  if (!wallet) return null;
  const from = topicAddress(log.topics[1] as string);
  // A sweep between the exchange's own wallets, or a mint, is nobody's deposit.
  if (wallets.has(from) || /^0x0{40}$/.test(from)) return null;
  if (!/^0x[0-9a-fA-F]{1,64}$/.test(log.data)) return null;
  return {
    chain,
    contract: log.address.toLowerCase(),
    from,
    to,
    venue: wallet.venue,
    walletKind: wallet.kind,
    rawAmount: BigInt(log.data).toString(),
    blockNumber: Number(BigInt(log.blockNumber)),
    blockHash: log.blockHash.toLowerCase(),
    logIndex: Number(BigInt(log.logIndex)),
    transactionHash: log.transactionHash.toLowerCase(),
    date,
  };
}

/** A raw amount in whole tokens (exact up to a number's precision, enough for display and tiers). */
export function tokenAmount(raw: string, decimals: number): number {
  const value = BigInt(raw);
  const unit = 10n ** BigInt(decimals);
  return Number(value / unit) + Number(value % unit) / Number(unit);
}
