import { describe, expect, it } from 'vitest';
import {
  isValidDisplayName,
  isValidEmail,
  isWellFormedReferralCode,
  normalizeEmail,
  passwordProblems,
} from './auth-rules.ts';

describe('password rules (spec §5)', () => {
  it('accepts 8+ characters with a number and a special character', () => {
    expect(passwordProblems('abcdef1!')).toEqual([]);
    expect(passwordProblems('비밀번호는길게1!')).toEqual([]);
  });

  it('names each rule a password breaks', () => {
    expect(passwordProblems('ab1!')).toEqual(['length']);
    expect(passwordProblems('abcdefgh!')).toEqual(['number']);
    expect(passwordProblems('abcdefgh1')).toEqual(['special']);
    expect(passwordProblems('')).toEqual(['length', 'number', 'special']);
    expect(passwordProblems('with space 1')).toEqual(['special']);
  });

  it('bounds the length so hashing stays cheap', () => {
    expect(passwordProblems(`${'a'.repeat(126)}1!`)).toEqual([]);
    expect(passwordProblems(`${'a'.repeat(127)}1!`)).toEqual(['length']);
  });
});

describe('email, display name and referral code', () => {
  it('accepts ordinary addresses and rejects malformed ones', () => {
    for (const ok of ['a@b.co', 'first.last+tag@mail.example.kr']) expect(isValidEmail(ok), ok).toBe(true);
    for (const bad of ['', 'a', 'a@b', '@b.co', 'a@.co', 'a b@c.co', 'a@b..co', `${'x'.repeat(250)}@b.co`]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });

  it('compares addresses case-insensitively', () => {
    expect(normalizeEmail('  Trader@Example.COM ')).toBe('trader@example.com');
  });

  it('takes display names of 1 to 40 characters', () => {
    expect(isValidDisplayName('김프헌터')).toBe(true);
    expect(isValidDisplayName('   ')).toBe(false);
    expect(isValidDisplayName('x'.repeat(41))).toBe(false);
    expect(isValidDisplayName('a\u0000b')).toBe(false);
  });

  it('knows a referral code by its shape', () => {
    expect(isWellFormedReferralCode('ABCD2345')).toBe(true);
    expect(isWellFormedReferralCode('ABCD0123')).toBe(false);
    expect(isWellFormedReferralCode('ABC')).toBe(false);
  });
});
