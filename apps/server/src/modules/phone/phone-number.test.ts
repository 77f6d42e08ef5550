import { describe, expect, it } from 'vitest';
import { maskPhoneNumber, parsePhoneNumber } from './phone-number.ts';

describe('parsePhoneNumber', () => {
  it('reads Korean mobile numbers however they are written', () => {
    for (const typed of [
      '010-1234-5678',
      '01012345678',
      '010 1234 5678',
      '010.1234.5678',
      '(010) 1234-5678',
      '+82 10-1234-5678',
      '+82 010-1234-5678',
      '+821012345678',
      '0082 10 1234 5678',
      '821012345678',
      ' 010\u00a01234\u20115678 ',
    ]) {
      expect(parsePhoneNumber(typed), typed).toEqual({ ok: true, e164: '+821012345678' });
    }
    expect(parsePhoneNumber('011-234-5678')).toEqual({ ok: true, e164: '+82112345678' });
    expect(parsePhoneNumber('016-1234-5678')).toEqual({ ok: true, e164: '+821612345678' });
  });

  it('refuses Korean numbers that cannot receive a text message, saying so', () => {
    for (const typed of [
      '02-123-4567',
      '031-123-4567',
      '070-1234-5678',
      '+82 2 1234 5678',
      '+82 1588-1234',
    ]) {
      expect(parsePhoneNumber(typed), typed).toEqual({ ok: false, reason: 'notMobile' });
    }
  });

  it('refuses what is no phone number', () => {
    for (const typed of [
      '',
      '   ',
      '010-1234-567',
      '010-1234-56789',
      '010-12a4-5678',
      '+',
      '++821012345678',
      '010+12345678',
      '12345',
      'call me',
      '+0 123 456 789',
      '+82 10 1234 5678 9',
      '+1234567890123456',
      '010-1234-5678 ext 2',
    ]) {
      expect(parsePhoneNumber(typed).ok, typed).toBe(false);
    }
  });

  it('checks North American numbers against the numbering plan', () => {
    expect(parsePhoneNumber('+1 (415) 555-2671')).toEqual({ ok: true, e164: '+14155552671' });
    expect(parsePhoneNumber('+1 015 555 2671')).toEqual({ ok: false, reason: 'invalid' });
    expect(parsePhoneNumber('+1 415 155 2671')).toEqual({ ok: false, reason: 'invalid' });
    expect(parsePhoneNumber('+1 415 555 267')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('takes other countries within E.164 limits', () => {
    expect(parsePhoneNumber('+44 7911 123456')).toEqual({ ok: true, e164: '+447911123456' });
    expect(parsePhoneNumber('+81 90-1234-5678')).toEqual({ ok: true, e164: '+819012345678' });
    expect(parsePhoneNumber('0044 7911 123456')).toEqual({ ok: true, e164: '+447911123456' });
    expect(parsePhoneNumber('+44 12345').ok).toBe(false);
  });
});

describe('maskPhoneNumber', () => {
  it('keeps the prefix and the last four digits', () => {
    expect(maskPhoneNumber('+821012345678')).toBe('+82 10-****-5678');
    expect(maskPhoneNumber('+82112345678')).toBe('+82 11-***-5678');
    expect(maskPhoneNumber('+14155552671')).toBe('+1 ***-***-2671');
    expect(maskPhoneNumber('+447911123456')).toBe('+44 ******3456');
  });
});
