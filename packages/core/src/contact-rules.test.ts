import { describe, expect, it } from 'vitest';
import { checkedContact, contactProblems, INQUIRY_MAX_LENGTH, telegramHandle } from './contact-rules.ts';

describe('contact form rules (spec §5)', () => {
  it('needs a valid email and an inquiry; the Telegram handle is optional', () => {
    expect(contactProblems({})).toEqual([
      { field: 'email', key: 'auth.invalidEmail' },
      { field: 'inquiry', key: 'contact.inquiryRequired' },
    ]);
    expect(contactProblems({ email: 'kim@example', inquiry: 'hi' })).toEqual([
      { field: 'email', key: 'auth.invalidEmail' },
    ]);
    expect(contactProblems({ email: 'kim@example.com', inquiry: '   ' })).toEqual([
      { field: 'inquiry', key: 'contact.inquiryRequired' },
    ]);
    expect(contactProblems({ email: ' Kim@Example.com ', inquiry: ' API 문의 ' })).toEqual([]);
    expect(checkedContact({ email: ' Kim@Example.com ', inquiry: ' API 문의 ' })).toEqual({
      email: 'kim@example.com',
      telegram: null,
      inquiry: 'API 문의',
    });
  });

  it('takes a handle as @name, name or a t.me link, and refuses anything else', () => {
    expect(telegramHandle('@kim_trader')).toBe('kim_trader');
    expect(telegramHandle('https://t.me/kim_trader')).toBe('kim_trader');
    expect(telegramHandle('  ')).toBeNull();
    expect(telegramHandle('@ab')).toBeUndefined();
    expect(telegramHandle('kim trader')).toBeUndefined();
    expect(contactProblems({ email: 'a@b.co', telegram: '@no', inquiry: 'x' })).toEqual([
      { field: 'telegram', key: 'contact.telegramInvalid' },
    ]);
  });

  it('bounds the inquiry', () => {
    const long = 'x'.repeat(INQUIRY_MAX_LENGTH + 1);
    expect(contactProblems({ email: 'a@b.co', inquiry: long })[0]?.key).toBe('contact.inquiryTooLong');
  });
});
