import {
  isValidDisplayName,
  isValidEmail,
  type MessageKey,
  normalizeEmail,
  type PasswordRule,
  passwordProblems,
} from '@spreadscope/core';
import { ApiError } from '../../http/errors.ts';

/** Spec §5 checks with their catalogue messages; each names the field at fault in `param`. */
const RULE_MESSAGES: Record<PasswordRule, MessageKey> = {
  length: 'auth.passwordLength',
  number: 'auth.passwordNumber',
  special: 'auth.passwordSpecial',
};

export function checkedEmail(raw: string): string {
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw new ApiError(400, 'invalid_email', 'auth.invalidEmail', {}, 'email');
  return email;
}

export function checkNewPassword(password: string, confirm: string): void {
  const [problem] = passwordProblems(password);
  if (problem) throw new ApiError(400, 'weak_password', RULE_MESSAGES[problem], {}, 'password');
  if (password !== confirm) {
    throw new ApiError(400, 'password_not_matched', 'auth.passwordNotMatched', {}, 'passwordConfirm');
  }
}

export function checkedDisplayName(raw: string): string {
  const name = raw.trim();
  if (!isValidDisplayName(name)) {
    throw new ApiError(400, 'invalid_display_name', 'auth.displayNameInvalid', {}, 'displayName');
  }
  return name;
}
