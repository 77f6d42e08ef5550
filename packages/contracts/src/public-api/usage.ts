import { z } from 'zod';

/** /api/v1/account/api-usage: what /my/maxi shows of the paid API this month. */
export const apiUsageResponseSchema = z.object({
  /** YYYY-MM, UTC. */
  month: z.string(),
  plan: z.string(),
  creditsUsed: z.number().int(),
  /** null: the plan is not metered by a monthly allowance. */
  creditsAllowance: z.number().int().nullable(),
  ratePerMinute: z.number().int(),
  /** YYYY-MM-DD of the next allowance (UTC). */
  renewsOn: z.string(),
  days: z.array(
    z.object({ day: z.string(), endpoint: z.string(), calls: z.number().int(), credits: z.number().int() }),
  ),
});
export type ApiUsageResponse = z.infer<typeof apiUsageResponseSchema>;
