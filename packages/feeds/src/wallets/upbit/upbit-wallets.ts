import { createHash, createHmac, randomUUID } from 'node:crypto';
import { type WalletEvent, walletEventSchema } from '@spreadscope/core';
import { isRecord, num } from '../../venues/http-json.ts';

/** Upbit's deposit/withdraw status per asset and network; only API keys may read it. */
export const UPBIT_WALLET_URL = 'https://api.upbit.com/v1/status/wallet';

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** Per (asset, network): deposit confirmations (GET /v1/deposits/chance/coin, 입금조회 permission). */
export const UPBIT_DEPOSIT_CHANCE_URL = 'https://api.upbit.com/v1/deposits/chance/coin';
/** Per (asset, network): the withdrawal fee (GET /v1/withdraws/chance, 출금조회 permission). */
export const UPBIT_WITHDRAW_CHANCE_URL = 'https://api.upbit.com/v1/withdraws/chance';

/**
 * Upbit's auth header: a JWT (HS256) carrying the access key and a one-time nonce — and, for a request with
 * a query, the SHA-512 of that query string (`query_hash`) — signed with the secret.
 */
export function upbitAuthorization(
  accessKey: string,
  secretKey: string,
  nonce: string = randomUUID(),
  query?: string,
): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const claims: Record<string, string> = { access_key: accessKey, nonce };
  if (query) {
    claims.query_hash = createHash('sha512').update(query, 'utf8').digest('hex');
    claims.query_hash_alg = 'SHA512';
  }
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secretKey).update(`${header}.${payload}`).digest('base64url');
  return `Bearer ${header}.${payload}.${signature}`;
}

/**
 * `[{ currency, wallet_state: working|withdraw_only|deposit_only|paused|unsupported, block_state, net_type,
 * network_name }]` → wallet events. `working` means both ways; `paused` and `unsupported` neither. A
 * `block_state` of `delayed` or `inactive` (Upbit's node is behind the chain) marks the network delayed.
 */
export function parseUpbitWallets(
  body: unknown,
  receivedAt: number,
  details: (asset: string, network: string) => WalletDetails | undefined = () => undefined,
): WalletEvent[] {
  if (!Array.isArray(body)) throw new Error('unexpected response: not a list of wallets');
  const events: WalletEvent[] = [];
  for (const item of body) {
    if (!isRecord(item) || typeof item.currency !== 'string') continue;
    const state = typeof item.wallet_state === 'string' ? item.wallet_state : '';
    const network =
      (typeof item.net_type === 'string' && item.net_type) ||
      (typeof item.network_name === 'string' && item.network_name) ||
      item.currency;
    const asset = item.currency.toUpperCase();
    const known = details(asset, String(network));
    const parsed = walletEventSchema.safeParse({
      t: receivedAt,
      type: 'wallet',
      venue: 'upbit',
      asset,
      network,
      deposit: state === 'working' || state === 'deposit_only',
      withdraw: state === 'working' || state === 'withdraw_only',
      ...(item.block_state === 'delayed' || item.block_state === 'inactive' ? { delayed: true } : {}),
      ...(known?.confirmations !== undefined ? { confirmations: known.confirmations } : {}),
      ...(known?.withdrawFee !== undefined ? { withdrawFee: known.withdrawFee } : {}),
    });
    if (parsed.success) events.push(parsed.data);
  }
  return events;
}

/** What Upbit tells a key holder about one (asset, network) beyond its status. */
export interface WalletDetails {
  readonly confirmations?: number;
  readonly withdrawFee?: number;
}

/** `{ currency, net_type, minimum_deposit_confirmations, … }` → confirmations. */
export function parseDepositChance(body: unknown): number | undefined {
  if (!isRecord(body)) throw new Error('unexpected deposit information: not an object');
  const confirmations = num(body.minimum_deposit_confirmations);
  return confirmations !== undefined && Number.isInteger(confirmations) && confirmations >= 0
    ? confirmations
    : undefined;
}

/** `{ currency: { code, withdraw_fee, … }, withdraw_limit: {…} }` → the fee, in the asset. */
export function parseWithdrawChance(body: unknown): number | undefined {
  if (!isRecord(body) || !isRecord(body.currency)) throw new Error('unexpected withdrawal information');
  const fee = num(body.currency.withdraw_fee);
  return fee !== undefined && fee >= 0 ? fee : undefined;
}
