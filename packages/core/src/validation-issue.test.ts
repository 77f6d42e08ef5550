import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssue } from './validation-issue.ts';

/** The first issue a real schema reports for a value, described in both languages. */
function reasons(schema: z.ZodType, value: unknown): { en: string; ko: string } {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the value to be refused');
  const [issue] = result.error.issues;
  if (!issue) throw new Error('no issue');
  return { en: describeIssue('en', issue), ko: describeIssue('ko', issue) };
}

describe('describeIssue', () => {
  it('says what was expected for a wrong type, and "required" for a missing field', () => {
    expect(reasons(z.object({ limit: z.number() }), { limit: 'x' })).toEqual({
      en: 'expected a number',
      ko: '숫자이어야 합니다',
    });
    expect(reasons(z.object({ name: z.string() }), {})).toEqual({ en: 'required', ko: '필수 항목입니다' });
  });

  it('names the bound of a number, a string and a list, inclusive or not', () => {
    expect(reasons(z.number().int().min(1), 0).ko).toBe('1 이상이어야 합니다');
    expect(reasons(z.number().max(500), 501).en).toBe('must be at most 500');
    expect(reasons(z.number().positive(), 0).en).toBe('must be greater than 0');
    expect(reasons(z.string().max(3), 'abcd')).toEqual({
      en: 'must be at most 3 characters',
      ko: '3자 이하여야 합니다',
    });
    expect(reasons(z.string().length(2), 'abc').en).toBe('must be exactly 2 characters');
    expect(reasons(z.array(z.string()).min(2), ['a']).en).toBe('must have at least 2 items');
  });

  it('lists the allowed values of an enum and names known formats', () => {
    expect(reasons(z.enum(['asc', 'desc']), 'up')).toEqual({
      en: 'must be one of "asc", "desc"',
      ko: '"asc", "desc" 중 하나여야 합니다',
    });
    expect(reasons(z.email(), 'nope').ko).toBe('이메일 주소여야 합니다');
    expect(reasons(z.strictObject({ a: z.string() }), { a: 'x', b: 1 }).en).toBe('unknown field b');
  });

  it('translates a refinement that names a catalogue key, with its params; hides an unkeyed English reason', () => {
    const keyed = z
      .string()
      .refine((v) => v.length < 3, { message: 'validation.tokensMax', params: { maximum: 2 } });
    expect(reasons(keyed, 'abc')).toEqual({
      en: 'at most 2 tokens',
      ko: '토큰은 2개까지 지정할 수 있습니다',
    });
    const unkeyed = z.string().refine(() => false, { message: 'some English sentence' });
    expect(reasons(unkeyed, 'x')).toEqual({ en: 'not a valid value', ko: '올바른 값이 아닙니다' });
  });
});
