import { z } from 'zod';
import { storableText } from './common.ts';

/** /api/v1/account: the signed-in user's profile (the response is the session's user). */
export const updateAccountRequestSchema = z.object({
  displayName: storableText(200).optional(),
  language: z.enum(['ko', 'en']).optional(),
});
export type UpdateAccountRequest = z.infer<typeof updateAccountRequestSchema>;
