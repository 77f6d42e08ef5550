import { z } from 'zod';

/** Environment variables of listing arbitrage, merged into the server's config schema (README lists them). */
export const listingEnv = {
  /** Pre-launch: listing arbitrage also needs a redeemed invite code (`npm run admin -- listing-invite issue`). */
  LISTING_INVITE_REQUIRED: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
};
