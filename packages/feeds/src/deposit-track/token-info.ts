import { decodeAbiParameters, type Hex, hexToString } from 'viem';
import type { JsonRpc } from '../dex-index/json-rpc.ts';

export interface TokenInfo {
  readonly symbol: string;
  readonly decimals: number;
}

const SYMBOL = '0x95d89b41';
const DECIMALS = '0x313ce567';
const TOTAL_SUPPLY = '0x18160ddd';

/** A token contract's `totalSupply()` in whole tokens, or null when it does not answer one. */
export async function readTotalSupply(
  rpc: JsonRpc,
  contract: string,
  decimals: number,
): Promise<number | null> {
  try {
    const hex = await rpc.call('eth_call', [{ to: contract, data: TOTAL_SUPPLY }, 'latest']);
    if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(hex)) return null;
    return Number(BigInt(hex)) / 10 ** decimals;
  } catch {
    return null;
  }
}

/**
 * A token contract's own `symbol()` and `decimals()`, read once with eth_call, or null when the contract
 * answers neither (not an ERC-20). Older tokens return the symbol as bytes32, which is read too.
 */
export async function readTokenInfo(rpc: JsonRpc, contract: string): Promise<TokenInfo | null> {
  const call = (data: string) => rpc.call('eth_call', [{ to: contract, data }, 'latest']);
  try {
    const [symbolHex, decimalsHex] = (await Promise.all([call(SYMBOL), call(DECIMALS)])) as [Hex, Hex];
    if (typeof symbolHex !== 'string' || typeof decimalsHex !== 'string' || decimalsHex === '0x') return null;
    const decimals = Number(BigInt(decimalsHex));
    if (!Number.isInteger(decimals) || decimals > 36) return null;
    return { symbol: decodeSymbol(symbolHex).toUpperCase(), decimals };
  } catch {
    return null;
  }
}

function decodeSymbol(hex: Hex): string {
  if (hex.length === 66) return hexToString(hex, { size: 32 }).replace(/\0+$/, '').trim();
  const [symbol] = decodeAbiParameters([{ type: 'string' }], hex);
  return symbol.trim();
}

/**
 * Resolves contracts once each. A contract that answered neither call is not asked again for
 * `retryAfterMs`, so a request over many such transfers does not wait on the node for each of them.
 */
export class TokenInfoCache {
  private readonly known = new Map<string, TokenInfo>();
  private readonly failedAt = new Map<string, number>();
  private readonly pending = new Map<string, Promise<TokenInfo | null>>();

  constructor(
    private readonly rpcFor: (chain: string) => JsonRpc | undefined,
    private readonly retryAfterMs = 10 * 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  get(chain: string, contract: string): TokenInfo | undefined {
    return this.known.get(`${chain}:${contract}`);
  }

  async resolve(chain: string, contract: string): Promise<TokenInfo | null> {
    const key = `${chain}:${contract}`;
    const known = this.known.get(key);
    if (known) return known;
    const failed = this.failedAt.get(key);
    if (failed !== undefined && this.clock() - failed < this.retryAfterMs) return null;
    let pending = this.pending.get(key);
    if (!pending) {
      const rpc = this.rpcFor(chain);
      if (!rpc) return null;
      pending = readTokenInfo(rpc, contract).finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    const info = await pending;
    if (info) this.known.set(key, info);
    else this.failedAt.set(key, this.clock());
    return info;
  }
}
