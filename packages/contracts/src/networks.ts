import { z } from 'zod';
import { listPageFields, listPageQuery, venueIdSchema } from './common.ts';
import { tokenParam } from './market-common.ts';

/** Deposit/withdraw status per venue, asset and network, as the venues report it (tape `wallet` events). */

export const networksQuerySchema = z.object({
  asset: tokenParam.optional(),
  exchange: venueIdSchema.optional(),
  ...listPageQuery,
});

export const walletNetworkSchema = z.object({
  exchange: venueIdSchema,
  asset: z.string(),
  network: z.string(),
  deposit: z.boolean(),
  withdraw: z.boolean(),
  confirmations: z.number().nullable(),
  blockTimeSec: z.number().nullable(),
  transferTimeSec: z.number().nullable().describe('block time × confirmations'),
  withdrawFee: z.number().nullable().describe('in units of the asset'),
  updatedAt: z.number(),
});
export type WalletNetwork = z.infer<typeof walletNetworkSchema>;

export const networksResponseSchema = z.object({
  data: z.array(walletNetworkSchema),
  updatedAt: z.number(),
  ...listPageFields,
});
export type NetworksResponse = z.infer<typeof networksResponseSchema>;
