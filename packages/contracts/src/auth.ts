import { FEATURES, LANGUAGES, LIMIT_NAMES, PLANS, ROLES } from '@spreadscope/core';
import { z } from 'zod';
import { storableText } from './common.ts';

/**
 * Account and sign-in calls under /api/v1/auth. Field rules of spec §5 (valid email, password strength,
 * confirmation, terms) are checked by the server with catalogue messages, so the schemas here only bound
 * sizes and types; a rule broken is answered 400 with `param` naming the field.
 */
const text = storableText;
const password = text(1024);

export const planSchema = z.enum(PLANS);
export const roleSchema = z.enum(ROLES);
export const languageSchema = z.enum(LANGUAGES);

export const entitlementsSchema = z.object({
  features: z.object(
    Object.fromEntries(FEATURES.map((f) => [f, z.boolean()])) as Record<
      (typeof FEATURES)[number],
      z.ZodBoolean
    >,
  ),
  limits: z.object(
    Object.fromEntries(LIMIT_NAMES.map((l) => [l, z.number().int()])) as Record<
      (typeof LIMIT_NAMES)[number],
      z.ZodNumber
    >,
  ),
  apiCreditsPerMonth: z.number().int().nullable(),
  paid: z.boolean(),
});

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  /** Spec §3 login type: how the account was created; `hasPassword` tells whether a password also works. */
  loginType: z.enum(['email', 'google']),
  hasPassword: z.boolean(),
  googleLinked: z.boolean(),
  plan: planSchema,
  emailVerified: z.boolean(),
  referralCode: z.string(),
  language: languageSchema,
  createdAt: z.number().describe('epoch ms'),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
  role: roleSchema,
  entitlements: entitlementsSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const signupRequestSchema = z.object({
  email: text(320),
  password,
  passwordConfirm: password,
  displayName: text(200).optional(),
  // Left out counts as not accepted, so the refusal carries the spec's wording rather than a schema message.
  acceptTerms: z.boolean().default(false),
  acceptPrivacy: z.boolean().default(false),
  referralCode: text(64).optional(),
  language: languageSchema.optional().describe('language of the activation email; default the request’s'),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const signupResponseSchema = z.object({
  email: z.string(),
  verificationSent: z.literal(true),
});

export const loginRequestSchema = z.object({ email: text(320), password });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenRequestSchema = z.object({ token: text(200) });
export const emailRequestSchema = z.object({ email: text(320) });
/** The account's own password is asked for, so nobody but its maker can have its activation mail re-sent. */
export const resendVerificationRequestSchema = z.object({ email: text(320), password });

export const verifyResponseSchema = z.object({ email: z.string(), message: z.string() });

export const resetPasswordRequestSchema = z.object({ token: text(200), password, passwordConfirm: password });
export const changePasswordRequestSchema = z.object({
  currentPassword: password,
  password,
  passwordConfirm: password,
});

export const acceptedResponseSchema = z.object({ accepted: z.literal(true) });

export const referralCheckResponseSchema = z.object({ valid: z.boolean(), message: z.string() });

export const providersResponseSchema = z.object({ google: z.boolean() });

export const googleStartRequestSchema = z.object({
  intent: z.enum(['login', 'signup']),
  acceptTerms: z.boolean().optional(),
  acceptPrivacy: z.boolean().optional(),
  referralCode: text(64).optional(),
});
export const googleStartResponseSchema = z.object({ url: z.string() });
export const googleCallbackRequestSchema = z.object({ code: text(2048), state: text(200) });
