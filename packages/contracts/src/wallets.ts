import { WALLET_CHANGE_KINDS, WALLET_HEALTHS } from '@spreadscope/core';
import { z } from 'zod';
import { dataSourceSchema, storableText, venueIdSchema } from './common.ts';
import { tokenParam } from './market-common.ts';

/**
 * Wallet and network status with health (spec §1, §7 wallet-status): per venue, asset and network, whether
 * deposits and withdrawals are open, how long a transfer takes, what it costs, the token's contract and when
 * the state last changed.
 */

export const walletHealthSchema = z.enum(WALLET_HEALTHS);

export const walletStatusRowSchema = z.object({
  exchange: venueIdSchema,
  asset: z.string(),
  network: z.string().describe('as the venue names it'),
  chain: z.string().describe('the chain’s one id across venues (ETH, TRX, BSC …): what transfers match on'),
  deposit: z.boolean().nullable().describe('open, suspended, or null when the venue does not publish it'),
  withdraw: z.boolean().nullable(),
  delayed: z.boolean().describe('the venue says transfers on this network are delayed or congested'),
  health: walletHealthSchema.describe(
    'healthy; warning: one direction suspended, delayed, or changed within the last hour; unhealthy: both suspended; unknown: not published',
  ),
  confirmations: z.number().nullable(),
  blockTimeSec: z.number().nullable().describe('from the venue, else the chain’s typical block time'),
  transferTimeSec: z.number().nullable().describe('block time × confirmations (spec §9)'),
  withdrawFee: z.number().nullable().describe('in units of the asset'),
  withdrawMin: z.number().nullable().describe('smallest withdrawal, in units of the asset'),
  contract: z.string().nullable().describe('the token’s contract on this network as the venue publishes it'),
  updatedAt: z.number().describe('when the venue last told us (epoch ms)'),
  changedAt: z
    .number()
    .nullable()
    .describe('when deposit or withdraw last changed; null when never seen changing'),
});
export type WalletStatusRow = z.infer<typeof walletStatusRowSchema>;

export const walletHealthCountsSchema = z.object({
  healthy: z.number(),
  warning: z.number(),
  unhealthy: z.number(),
  unknown: z.number(),
});
export type WalletHealthCounts = z.infer<typeof walletHealthCountsSchema>;

/** How a venue's wallets are read: publicly, with a key, or not at all (then every status is unknown). */
export const walletAccessSchema = z.object({
  via: z.enum(['public', 'key', 'none']),
  keyConfigured: z.boolean().nullable().describe('for key-only venues: whether a read-only key is set'),
  note: z.string().nullable(),
});
export type WalletAccess = z.infer<typeof walletAccessSchema>;

export const WALLET_HEALTH_FILTERS = ['all', ...WALLET_HEALTHS] as const;

export const venueWalletsParamsSchema = z.object({ exchange: storableText(40) });

export const venueWalletsQuerySchema = z.object({
  health: z.enum(WALLET_HEALTH_FILTERS).default('all'),
  q: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Za-z0-9]*$/, 'letters and digits only')
    .transform((s) => s.toUpperCase())
    .default(''),
  chain: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Za-z0-9]*$/, 'letters and digits only')
    .transform((s) => s.toUpperCase())
    .default(''),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().min(1).max(5_000).int().default(2_000),
});
export type VenueWalletsQuery = z.infer<typeof venueWalletsQuerySchema>;

export const venueWalletsResponseSchema = z.object({
  exchange: venueIdSchema,
  dataSource: dataSourceSchema,
  access: walletAccessSchema,
  counts: walletHealthCountsSchema.describe('every network of the venue, before filters'),
  chains: z.array(z.string()).describe('chains the venue runs wallets on, for the filter'),
  data: z.array(walletStatusRowSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number().describe('rows matching the filters'),
  updatedAt: z.number(),
});
export type VenueWalletsResponse = z.infer<typeof venueWalletsResponseSchema>;

export const assetWalletsQuerySchema = z.object({
  asset: tokenParam,
  exchange: venueIdSchema.optional(),
});

/** One venue's side of a token's transfer view. */
export const assetVenueWalletsSchema = z.object({
  exchange: venueIdSchema,
  access: walletAccessSchema,
  listed: z.boolean().describe('the venue quotes a market of the token'),
  health: walletHealthSchema.describe(
    'the best network’s health at this venue; unknown when none is reported',
  ),
  differentToken: z
    .array(venueIdSchema)
    .describe('venues whose token under this ticker has another contract on a shared network'),
  networks: z.array(walletStatusRowSchema),
});
export type AssetVenueWallets = z.infer<typeof assetVenueWalletsSchema>;

export const assetWalletsResponseSchema = z.object({
  asset: z.string(),
  dataSource: dataSourceSchema,
  venues: z.array(assetVenueWalletsSchema),
  updatedAt: z.number(),
});
export type AssetWalletsResponse = z.infer<typeof assetWalletsResponseSchema>;

export const walletAssetsQuerySchema = z.object({ exchange: venueIdSchema });

export const walletChangeSchema = z.object({
  exchange: venueIdSchema,
  asset: z.string(),
  network: z.string(),
  kind: z.enum(WALLET_CHANGE_KINDS),
  at: z.number(),
});
export type WalletChange = z.infer<typeof walletChangeSchema>;

export const walletChangesQuerySchema = z.object({
  exchange: venueIdSchema.optional(),
  asset: tokenParam.optional(),
  limit: z.coerce.number().min(1).max(500).int().default(50),
});

export const walletChangesResponseSchema = z.object({
  dataSource: dataSourceSchema,
  data: z.array(walletChangeSchema),
});
export type WalletChangesResponse = z.infer<typeof walletChangesResponseSchema>;
