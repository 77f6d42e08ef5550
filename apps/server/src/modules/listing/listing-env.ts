import { z } from 'zod';

/** Environment variables of listing arbitrage, merged into the server's config schema (README lists them). */
export const listingEnv = {
  /** Pre-launch: listing arbitrage also needs a redeemed invite code (`npm run admin -- listing-invite issue`). */
  LISTING_INVITE_REQUIRED: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * The deposit tracker's operator list (JSON): exchange wallet addresses per chain, JSON-RPC endpoints,
   * token contracts with circulating supply. Unset: no wallets, so no chain is read (simulated deposits
   * still show on the simulator).
   */
  LISTING_DEPOSIT_FILE: z.string().optional(),
  /** How far back each chain is read the first time (blocks below the head). */
  LISTING_DEPOSIT_BACKFILL_BLOCKS: z.coerce.number().min(0).max(1_000_000).int().default(2_000),
  /**
   * How long stored wallet transfers are kept (days). A listing reads its deposits from 3 h before the notice
   * to a day after it (or to trading's start), and its past case is stored a day after trading starts; every
   * other transfer into a wallet (most of a hot wallet's traffic) would otherwise stay forever.
   */
  LISTING_DEPOSIT_RETENTION_DAYS: z.coerce.number().positive().max(3_650).default(30),
};
