import { z } from 'zod';

/** Environment variables of the DEX indexer, merged into the server's config schema (README lists them). */
export const dexEnv = {
  /** Live mode: read the AMM pools' logs from their chain nodes (the AMM_POOLS_FILE pools). */
  DEX_INDEX: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** How far back a chain is read the first time (blocks below the head). */
  DEX_BACKFILL_BLOCKS: z.coerce.number().min(0).max(1_000_000).int().default(2_000),
};
