/**
 * Spec §5 sign-up and password rules, shared by the forms (instant feedback) and the server (the rule that
 * counts).
 */

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase; bounded so one request cannot make argon2 hash megabytes. */
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 40;
export const EMAIL_MAX_LENGTH = 254;

export const PASSWORD_RULES = ['length', 'number', 'special'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** The rules a password breaks, in the order a form lists them; empty when it meets all of spec §5. */
export function passwordProblems(password: string): PasswordRule[] {
  const problems: PasswordRule[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) problems.push('length');
  if (!/[0-9]/.test(password)) problems.push('number');
  // Anything that is not a letter, a digit or white space counts as special, in any script.
  if (!/[^\p{L}\p{N}\s]/u.test(password)) problems.push('special');
  return problems;
}

/**
 * A pragmatic address check: one @, a local part and a dotted domain, no spaces, within the SMTP length
 * limit. Deliverability is proven by the activation email, not by a regular expression.
 */
export function isValidEmail(email: string): boolean {
  if (email.length === 0 || email.length > EMAIL_MAX_LENGTH) return false;
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);
}

/** Addresses compare case-insensitively and without surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The person behind an address, for the referral rules (self-referral, one person signing up again): the
 * `+tag` of the local part dropped everywhere, and Gmail's dots too (Gmail delivers a.b+x@gmail.com to ab).
 */
export function emailPerson(email: string): string {
  const normalized = normalizeEmail(email);
  const at = normalized.lastIndexOf('@');
  if (at < 0) return normalized;
  let local = normalized.slice(0, at).split('+')[0] ?? '';
  let domain = normalized.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/** Display names: trimmed, 1 to 40 characters, no control characters. */
export function isValidDisplayName(name: string): boolean {
  const trimmed = name.trim();
  const length = [...trimmed].length;
  return length >= 1 && length <= DISPLAY_NAME_MAX_LENGTH && !/\p{Cc}/u.test(trimmed);
}

/** Referral codes are 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

export function normalizeReferralCode(code: string): string {
  return code.trim().toUpperCase();
}

export function isWellFormedReferralCode(code: string): boolean {
  if (code.length !== REFERRAL_CODE_LENGTH) return false;
  return [...code].every((c) => REFERRAL_CODE_ALPHABET.includes(c));
}

/** Pins and owned tokens are short keys chosen by the screens (a token symbol, a pair id). */
export function isValidFavoriteKey(key: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}$/.test(key);
}
