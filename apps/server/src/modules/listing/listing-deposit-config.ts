import { readFileSync } from 'node:fs';
import { LISTING_VENUES } from '@spreadscope/core';
import type { ExchangeWallet } from '@spreadscope/feeds/deposit-track';
import { DEFAULT_RPC } from '@spreadscope/feeds/dex';
import { z } from 'zod';

/** The network id the exchanges show for each chain the tracker reads (the card's networks use these). */
export const CHAIN_NETWORK: Readonly<Record<string, string>> = {
  ethereum: 'ETH',
  bsc: 'BSC',
  arbitrum: 'ARBITRUM',
  base: 'BASE',
  kaia: 'KAIA',
};

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'a 0x address of 40 hex digits')
  .transform((a) => a.toLowerCase());

const fileSchema = z.object({
  /** JSON-RPC endpoint per chain, over the built-in public nodes. */
  rpc: z.record(z.string(), z.url()).default({}),
  /** Network id per chain, over CHAIN_NETWORK. */
  networks: z.record(z.string(), z.string()).default({}),
  wallets: z
    .array(
      z.object({
        venue: z.enum(LISTING_VENUES),
        chain: z.string().min(1),
        address,
        kind: z.enum(['hot', 'cold', 'deposit']).default('hot'),
        label: z.string().optional(),
      }),
    )
    .default([]),
  /** Token contracts per listed ticker: valued without asking the contract, and ratio against supply. */
  tokens: z
    .array(
      z.object({
        base: z.string().regex(/^[A-Za-z0-9]{1,20}$/, 'a token ticker'),
        chain: z.string().min(1),
        contract: address,
        decimals: z.number().min(0).max(36).int(),
        circulatingSupply: z.number().positive().optional(),
        /** The token's hard cap where it has one; the total is read from the contract. */
        maxSupply: z.number().positive().optional(),
      }),
    )
    .default([]),
});

export interface TrackedToken {
  readonly base: string;
  readonly chain: string;
  readonly contract: string;
  readonly decimals: number;
  readonly circulatingSupply?: number | undefined;
  readonly maxSupply?: number | undefined;
}

export interface DepositConfig {
  readonly rpc: Readonly<Record<string, string>>;
  readonly networks: Readonly<Record<string, string>>;
  readonly wallets: readonly ExchangeWallet[];
  readonly tokens: readonly TrackedToken[];
}

/** Arbitrum and Base have no public node in the DEX defaults; these are their foundations' own. */
const DEPOSIT_RPC: Readonly<Record<string, string>> = {
  ...DEFAULT_RPC,
  arbitrum: 'https://arb1.arbitrum.io/rpc',
  base: 'https://mainnet.base.org',
};

/** No wallets listed: nothing is read from any chain (the operator names the exchanges' addresses). */
export const EMPTY_DEPOSIT_CONFIG: DepositConfig = {
  rpc: DEPOSIT_RPC,
  networks: CHAIN_NETWORK,
  wallets: [],
  tokens: [],
};

/** Reads LISTING_DEPOSIT_FILE; every problem names the file and the offending entry. */
export function depositConfigFromFile(path: string): DepositConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : 'not valid JSON';
    throw new Error(`LISTING_DEPOSIT_FILE ${path}: ${why}`);
  }
  return depositConfigFrom(raw, `LISTING_DEPOSIT_FILE ${path}`);
}

export function depositConfigFrom(raw: unknown, what = 'deposit config'): DepositConfig {
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new Error(`${what}: ${where}${issue?.message ?? 'invalid'}`);
  }
  const { rpc, networks, wallets, tokens } = parsed.data;
  return {
    rpc: { ...DEPOSIT_RPC, ...rpc },
    networks: { ...CHAIN_NETWORK, ...networks },
    wallets: wallets.map((w) => ({ ...w, label: w.label })),
    tokens: tokens.map((t) => ({ ...t, base: t.base.toUpperCase() })),
  };
}
