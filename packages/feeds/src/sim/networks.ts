/**
 * Deposit networks for simulated wallet events: confirmations an exchange typically waits for, block time,
 * and a typical withdrawal fee in USD. Approximate public figures; transfer time = confirmations × block time.
 */

export interface NetworkProfile {
  readonly confirmations: number;
  readonly blockTimeSec: number;
  readonly withdrawFeeUsd: number;
}

const NETWORKS: Readonly<Record<string, NetworkProfile>> = {
  BTC: { confirmations: 2, blockTimeSec: 600, withdrawFeeUsd: 8 },
  ETH: { confirmations: 12, blockTimeSec: 12, withdrawFeeUsd: 3 },
  BSC: { confirmations: 15, blockTimeSec: 0.75, withdrawFeeUsd: 0.1 },
  SOL: { confirmations: 1, blockTimeSec: 0.4, withdrawFeeUsd: 0.2 },
  TRX: { confirmations: 20, blockTimeSec: 3, withdrawFeeUsd: 1 },
  XRP: { confirmations: 1, blockTimeSec: 4, withdrawFeeUsd: 0.5 },
  DOGE: { confirmations: 20, blockTimeSec: 60, withdrawFeeUsd: 1 },
  ADA: { confirmations: 15, blockTimeSec: 20, withdrawFeeUsd: 0.5 },
  AVAX: { confirmations: 1, blockTimeSec: 2, withdrawFeeUsd: 0.3 },
  SUI: { confirmations: 1, blockTimeSec: 0.5, withdrawFeeUsd: 0.1 },
  LTC: { confirmations: 6, blockTimeSec: 150, withdrawFeeUsd: 0.1 },
  BCH: { confirmations: 6, blockTimeSec: 600, withdrawFeeUsd: 0.1 },
  DOT: { confirmations: 1, blockTimeSec: 6, withdrawFeeUsd: 0.4 },
  XLM: { confirmations: 1, blockTimeSec: 5, withdrawFeeUsd: 0.01 },
  TON: { confirmations: 1, blockTimeSec: 5, withdrawFeeUsd: 0.1 },
  ARB: { confirmations: 20, blockTimeSec: 0.25, withdrawFeeUsd: 0.2 },
  OP: { confirmations: 20, blockTimeSec: 2, withdrawFeeUsd: 0.2 },
  BASE: { confirmations: 20, blockTimeSec: 2, withdrawFeeUsd: 0.2 },
  POL: { confirmations: 128, blockTimeSec: 2, withdrawFeeUsd: 0.1 },
  KAIA: { confirmations: 1, blockTimeSec: 1, withdrawFeeUsd: 0.1 },
  NEO: { confirmations: 1, blockTimeSec: 15, withdrawFeeUsd: 0.5 },
  ETC: { confirmations: 500, blockTimeSec: 13, withdrawFeeUsd: 0.1 },
};

/**
 * Assets that travel on several chains, each chain it is commonly withdrawn on, the asset's home chain first.
 * Venues support the home chain always and each other one most of the time (fixed per venue, asset and
 * chain), so some routes have one network, others several: what network choice (all/faster/cheaper) picks
 * between.
 */
const ASSET_NETWORKS: Readonly<Record<string, readonly string[]>> = {
  USDT: ['TRX', 'ETH', 'SOL', 'BSC', 'ARB', 'POL', 'TON'],
  ETH: ['ETH', 'ARB', 'OP', 'BASE'],
  BTC: ['BTC', 'BSC'],
  LINK: ['ETH', 'BSC', 'ARB'],
  UNI: ['ETH', 'ARB', 'BSC'],
  SHIB: ['ETH', 'BSC'],
  PEPE: ['ETH', 'BSC', 'ARB'],
  AAVE: ['ETH', 'POL', 'ARB'],
  WLD: ['ETH', 'OP'],
  ENA: ['ETH', 'ARB'],
};

/** The chains an asset is withdrawn on, home chain first (the token's own network when not listed above). */
export function assetNetworks(asset: string, home: string): readonly string[] {
  return ASSET_NETWORKS[asset] ?? [home];
}

/** Native chains we have no numbers for: a generic proof-of-stake chain. */
const DEFAULT_NETWORK: NetworkProfile = { confirmations: 10, blockTimeSec: 6, withdrawFeeUsd: 1 };

export function networkProfile(network: string): NetworkProfile {
  return NETWORKS[network] ?? DEFAULT_NETWORK;
}

/** Chains whose tokens have 0x contract addresses. */
const EVM_CHAINS = new Set(['ETH', 'BSC', 'ARB', 'OP', 'BASE', 'POL', 'AVAX', 'KAIA', 'ETC']);
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The coin is the chain's own (BTC on Bitcoin, ETH on Ethereum and its rollups): no contract. */
function nativeOn(asset: string, network: string): boolean {
  return (
    asset === network || (asset === 'ETH' && (network === 'ARB' || network === 'OP' || network === 'BASE'))
  );
}

/**
 * A made-up but stable contract for a simulated token on a chain, the same at every venue — except for the
 * simulator's one impostor listing, whose venue lists another token under the same ticker (`salt`).
 */
export function simulatedContract(
  asset: string,
  network: string,
  unit: (key: string) => number,
  salt = '',
): string | undefined {
  if (nativeOn(asset, network)) return undefined;
  const key = `${asset}|${network}|${salt}`;
  if (EVM_CHAINS.has(network)) {
    let hex = '';
    for (let i = 0; hex.length < 40; i++)
      hex += Math.floor(unit(`${key}|${i}`) * 0x10000)
        .toString(16)
        .padStart(4, '0');
    return `0x${hex.slice(0, 40)}`;
  }
  let out = network === 'TRX' ? 'T' : '';
  const length = network === 'TRX' ? 34 : 44;
  for (let i = 0; out.length < length; i++) out += BASE58[Math.floor(unit(`${key}|${i}`) * BASE58.length)];
  return out;
}
