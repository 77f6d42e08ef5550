import { z } from 'zod';
import { storableText } from './common.ts';

/**
 * /api/v1/account/phone: the account's phone number (spec §3 User, "phone linking"), proven by a one-time
 * code sent by text message. Numbers leave the server masked only.
 */
export const smsProviderSchema = z
  .enum(['twilio', 'simulated'])
  .describe('simulated: nothing is sent; the code is returned to the caller instead');

export const linkedPhoneSchema = z.object({
  number: z.string().describe('masked, e.g. +82 10-****-5678'),
  provider: smsProviderSchema.describe('how the number was proven'),
  verifiedAt: z.number(),
});

export const pendingPhoneSchema = z.object({
  number: z.string().describe('the masked number the code was sent to'),
  expiresAt: z.number(),
  resendAt: z.number().describe('epoch ms from which another code may be asked for'),
  attemptsLeft: z.number().int(),
});

export const phoneStatusSchema = z.object({
  phone: linkedPhoneSchema.nullable(),
  pending: pendingPhoneSchema.nullable(),
  provider: smsProviderSchema,
  codeLength: z.number().int(),
});
export type PhoneStatus = z.infer<typeof phoneStatusSchema>;

export const startPhoneVerificationRequestSchema = z.object({
  phone: storableText(40).describe('E.164 (+821012345678) or a Korean mobile number (010-1234-5678)'),
});

export const phoneVerificationStartedSchema = z.object({
  pending: pendingPhoneSchema,
  provider: smsProviderSchema,
  simulatedCode: z
    .string()
    .optional()
    .describe('only with the simulated provider, which sends nothing: the code to type'),
});
export type PhoneVerificationStarted = z.infer<typeof phoneVerificationStartedSchema>;

export const confirmPhoneRequestSchema = z.object({ code: storableText(20) });
