import { z } from 'zod';

/**
 * Environment variables of phone linking's text messages, merged into the server's config schema (README
 * lists them). Without SMS_PROVIDER, Twilio is used when its account is configured, else `simulated`.
 */
export const smsEnv = {
  SMS_PROVIDER: z.enum(['twilio', 'simulated']).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must look like AC followed by 32 hex digits (Twilio Console)')
    .optional(),
  /** Never printed. */
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** A Twilio number in E.164, an alphanumeric sender id, or a Messaging Service SID (MG…). */
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32}|[A-Za-z0-9 ]{1,11})$/,
      'a number in E.164 (+15551234567), a Messaging Service SID (MG…) or an alphanumeric sender id',
    )
    .optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
};

type SmsEnv = {
  SMS_PROVIDER?: 'twilio' | 'simulated' | undefined;
  TWILIO_ACCOUNT_SID?: string | undefined;
  TWILIO_AUTH_TOKEN?: string | undefined;
  TWILIO_FROM?: string | undefined;
};

export function smsProviderOf(env: SmsEnv): 'twilio' | 'simulated' {
  return env.SMS_PROVIDER ?? (env.TWILIO_ACCOUNT_SID ? 'twilio' : 'simulated');
}

/** What stops the server at start: Twilio chosen (or half configured) without everything it needs. */
export function smsConfigProblems(env: SmsEnv): string[] {
  const given = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter(
    (name) => env[name] !== undefined,
  );
  if (smsProviderOf(env) === 'simulated') {
    return env.SMS_PROVIDER === 'simulated' || given.length === 0
      ? []
      : [`  ${given.join(', ')} set without TWILIO_ACCOUNT_SID: set all three, or none (simulated SMS)`];
  }
  const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter(
    (name) => env[name] === undefined,
  );
  return missing.length === 0
    ? []
    : [`  SMS_PROVIDER=twilio needs ${missing.join(', ')} (or SMS_PROVIDER=simulated to send nothing)`];
}
