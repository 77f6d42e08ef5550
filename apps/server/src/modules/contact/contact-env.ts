import { z } from 'zod';

/** The contact form (spec §5): where inquiries are mailed and how many one address may send. README lists them. */
export const contactEnv = {
  /** Mailed every inquiry (Reply-To: the sender); unset: OPERATOR_EMAIL; neither: stored only. */
  CONTACT_TO: z.email().optional(),
  CONTACT_RATE_LIMIT_PER_HOUR: z.coerce.number().min(1).max(10_000).int().default(5),
};
