import { canonicalNetwork } from './network-names.ts';

/**
 * Same ticker, different token: two venues may list unrelated tokens under one ticker (Bithumb's TON was
 * Tokamak Network while the rest of the world's TON is Toncoin). Venues publish the token's contract per
 * network; where both venues publish one on a shared network, the contracts decide.
 */

export type TokenIdentity = 'same' | 'different' | 'unknown';

/**
 * A contract address as comparable text: trimmed; EVM hex addresses lower-cased (checksums are case only);
 * placeholders venues use for "none" dropped. Other chains' addresses (Solana, Tron base58) are case-sensitive
 * and kept as given.
 */
export function normalizeContract(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  let value = raw.trim();
  if (value === '' || value === '0' || value === '-' || /^null$/i.test(value) || /^0x0*$/i.test(value))
    return null;
  // Some venues publish an explorer link instead of the bare address: keep the last path part.
  const link = /^https?:\/\/.+\/([^/?#]+)\/?(?:[?#].*)?$/i.exec(value);
  if (link?.[1]) value = link[1];
  if (/^0x[0-9a-f]{40}$/i.test(value)) return value.toLowerCase();
  return value;
}

export interface ContractOnNetwork {
  readonly network: string;
  readonly contract: string | null | undefined;
}

/**
 * Compares one asset's contracts at two venues network by network (networks matched on their canonical
 * name): `same` when any shared network carries the same contract, `different` when shared networks carry
 * contracts and none agrees, `unknown` when no shared network has a contract at both ends.
 */
export function compareTokenContracts(
  asset: string,
  a: readonly ContractOnNetwork[],
  b: readonly ContractOnNetwork[],
): TokenIdentity {
  const byNetwork = new Map<string, string>();
  for (const n of a) {
    const contract = normalizeContract(n.contract);
    if (contract !== null) byNetwork.set(canonicalNetwork(n.network, asset), contract);
  }
  let compared = false;
  for (const n of b) {
    const contract = normalizeContract(n.contract);
    if (contract === null) continue;
    const other = byNetwork.get(canonicalNetwork(n.network, asset));
    if (other === undefined) continue;
    if (other === contract) return 'same';
    compared = true;
  }
  return compared ? 'different' : 'unknown';
}
