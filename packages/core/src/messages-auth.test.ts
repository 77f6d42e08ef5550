import { describe, expect, it } from 'vitest';
import { translate } from './messages.ts';

describe('auth messages (spec §8)', () => {
  it('reads word for word as the spec gives them in English', () => {
    const spec: Record<string, string> = {
      'auth.invalidCredentials': 'Invalid email or password.',
      'auth.userNotFound': 'User not found.',
      'auth.invalidToken': 'Invalid token.',
      'auth.emailExists': 'Email already exists.',
      'auth.wrongPassword': 'Wrong password.',
      'auth.passwordNotMatched': 'Password not matched.',
      'auth.accountNotActivated':
        'Account not activated. Please check your email to activate your account and try again.',
      'auth.samePassword': 'Same password.',
      'auth.emailSendFailed': 'Failed to send email.',
      'auth.emailNotVerified': 'Email not verified.',
      'auth.googleAccount': 'You have signed up with Google.',
      'auth.invalidEmail': 'Please enter a valid email address.',
      'auth.referralValid': 'Correct referral code entered.',
      'auth.referralInvalid': 'Invalid referral code. Please check again.',
      'error.internal': 'Unknown error. Please try again later.',
    };
    for (const [key, text] of Object.entries(spec)) {
      expect(translate('en', key as Parameters<typeof translate>[1])).toBe(text);
    }
    expect(translate('en', 'auth.verificationExpired')).toMatch(/^Verification token expired\./);
  });

  it('has Korean for each, not the English text', () => {
    expect(translate('ko', 'auth.invalidCredentials')).toBe('이메일 또는 비밀번호가 올바르지 않습니다.');
    expect(translate('ko', 'auth.googleAccount')).toBe('Google 계정으로 가입하셨습니다.');
    expect(translate('ko', 'limit.pinsFree', { max: 2, paidMax: 10 })).toContain('2개');
  });
});
