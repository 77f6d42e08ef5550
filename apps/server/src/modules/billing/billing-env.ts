import { z } from 'zod';

/**
 * Environment variables of billing, merged into the server's config schema (README lists them). Without
 * STRIPE_SECRET_KEY the `local` provider runs the same flows and charges nothing.
 */
export const billingEnv = {
  /** The operator's price list (JSON, see config/pricing.json); default: config/pricing.json of the install. */
  PRICING_FILE: z.string().min(1).optional(),
  /** sk_live_… / sk_test_…: take payments through Stripe. Never printed. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** whsec_…: the signing secret of the webhook endpoint POST /api/v1/billing/webhooks/stripe. Never printed. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the Stripe SDK sends its calls (a proxy, a test fake); default Stripe's own API. */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
};
