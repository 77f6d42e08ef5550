/**
 * The limits of phone linking. A 6-digit code with 5 tries has a 1 in 200,000 chance per code; the send
 * limits keep both the guessing and the SMS bill (and anyone's phone being flooded) small.
 */
export interface PhoneRules {
  readonly codeLength: number;
  readonly codeTtlMs: number;
  readonly maxAttempts: number;
  /** Between two codes to the same account. */
  readonly resendCooldownMs: number;
  /** The windows below are per hour. */
  readonly sendsPerAccount: number;
  readonly sendsPerIp: number;
  /** To one number, from every account together: nobody floods a stranger's phone with codes. */
  readonly sendsPerNumber: number;
  /** Codes tried from one address, over every account. */
  readonly confirmsPerIp: number;
  readonly windowMs: number;
}

export const PHONE_RULES: PhoneRules = {
  codeLength: 6,
  codeTtlMs: 5 * 60_000,
  maxAttempts: 5,
  resendCooldownMs: 60_000,
  sendsPerAccount: 5,
  sendsPerIp: 10,
  sendsPerNumber: 5,
  confirmsPerIp: 60,
  windowMs: 60 * 60_000,
};
