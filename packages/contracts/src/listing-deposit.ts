import { HOLDER_TIERS } from '@spreadscope/core';
import { z } from 'zod';
import { dataSourceSchema } from './common.ts';

/** The deposit tracker (spec §2 `…/deposit`, §3 Holder tiers, §7 `/deposit`, `/accumulated`, `/ranking`, `/ratio`). */

export const holderTierSchema = z.enum(HOLDER_TIERS);

const key = z.string().max(60).describe('the listing, as {exchange}-{quote}-{base} in lower case');

export const listingDepositQuerySchema = z.object({
  key,
  limit: z.coerce.number().min(1).max(500).int().default(100).describe('newest deposits answered'),
});
export const listingDepositAccumulatedQuerySchema = z.object({
  key,
  interval: z.enum(['1m', '5m', '15m', '1h']).default('5m'),
});
export const listingDepositRankingQuerySchema = z.object({
  key,
  limit: z.coerce.number().min(1).max(100).int().default(20),
});
export const listingDepositRatioQuerySchema = z.object({ key });

export const listingDepositSchema = z.object({
  txId: z.string(),
  depositor: z.string().describe('the sending address'),
  wallet: z.string().describe('the exchange address that received it'),
  walletKind: z.enum(['hot', 'cold', 'deposit']),
  chain: z.string(),
  network: z.string().describe('the network id the exchanges show (ETH, BSC …)'),
  contract: z.string(),
  contractVerified: z
    .boolean()
    .describe('the contract is on the operator’s list; false: matched by the contract’s own symbol()'),
  amount: z.number().describe('in tokens'),
  krw: z.number().nullable().describe('at the current price; null when the token has none yet'),
  usd: z.number().nullable(),
  tier: holderTierSchema,
  at: z.number().describe('block time, ms'),
  blockNumber: z.number(),
});
export type ListingDeposit = z.infer<typeof listingDepositSchema>;

const tierTotals = z.object({
  whale: z.number(),
  fish: z.number(),
  shrimp: z.number(),
  unknown: z.number(),
});

export const depositChainStatusSchema = z.object({
  chain: z.string(),
  state: z.enum(['starting', 'live', 'stale', 'simulated', 'off']),
  lastError: z.string().nullable(),
});

export const listingDepositResponseSchema = z.object({
  key: z.string(),
  base: z.string(),
  priceKrw: z.number().nullable().describe('what deposits are valued at: the new KRW market, else overseas'),
  usdtKrw: z.number().nullable(),
  total: z.object({ amount: z.number(), krw: z.number().nullable(), count: z.number() }),
  byTier: z.object({ amount: tierTotals, count: tierTotals }).describe('tokens and deposits per tier'),
  data: z.array(listingDepositSchema),
  chains: z.array(depositChainStatusSchema),
  simulated: z.boolean(),
  serverTime: z.number(),
  dataSource: dataSourceSchema,
});
export type ListingDepositResponse = z.infer<typeof listingDepositResponseSchema>;

export const listingDepositAccumulatedResponseSchema = z.object({
  key: z.string(),
  interval: z.string(),
  data: z.array(
    z.object({ t: z.number(), whale: z.number(), fish: z.number(), shrimp: z.number(), unknown: z.number() }),
  ),
  simulated: z.boolean(),
});
export type ListingDepositAccumulated = z.infer<typeof listingDepositAccumulatedResponseSchema>;

export const listingDepositRankingResponseSchema = z.object({
  key: z.string(),
  data: z.array(
    z.object({
      rank: z.number(),
      depositor: z.string(),
      amount: z.number(),
      krw: z.number().nullable(),
      tier: holderTierSchema,
      deposits: z.number(),
      lastAt: z.number(),
    }),
  ),
  simulated: z.boolean(),
});
export type ListingDepositRanking = z.infer<typeof listingDepositRankingResponseSchema>;

export const listingDepositRatioResponseSchema = z.object({
  key: z.string(),
  deposited: z.number().describe('tokens deposited since the notice'),
  circulatingSupply: z.number().nullable().describe('from the operator’s token list; null when unknown'),
  ratioPct: z.number().nullable().describe('deposited over circulating supply, percent'),
  simulated: z.boolean(),
});
export type ListingDepositRatio = z.infer<typeof listingDepositRatioResponseSchema>;
