import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.ts';

/** Every exported object schema whose fields include a coerced, bounded number (a query's `limit`, `page`…). */
function boundedQueryFields(): Array<{ schema: string; field: string; max: number }> {
  const found: Array<{ schema: string; field: string; max: number }> = [];
  for (const [name, value] of Object.entries(contracts)) {
    if (!(value instanceof z.ZodObject)) continue;
    for (const [field, fieldSchema] of Object.entries(value.shape as Record<string, z.ZodType>)) {
      let inner: z.ZodType = fieldSchema;
      while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional)
        inner = inner.unwrap() as z.ZodType;
      // Only query fields: coerced from the URL's strings (answer schemas hold numbers, never strings).
      if (!(inner instanceof z.ZodNumber) || !inner.isInt || !inner._zod.def.coerce) continue;
      const max = inner.maxValue;
      if (max === null || max >= Number.MAX_SAFE_INTEGER) continue;
      found.push({ schema: name, field, max });
    }
  }
  return found;
}

describe('bounded query numbers', () => {
  const fields = boundedQueryFields();

  it('finds the web API query schemas it checks', () => {
    const names = new Set(fields.map((f) => `${f.schema}.${f.field}`));
    expect(names).toContain('premiumQuerySchema.limit');
    expect(fields.length).toBeGreaterThan(20);
  });

  it('tells a caller with a huge value the field’s own maximum, not the safe-integer range', () => {
    for (const { schema, field, max } of fields) {
      const object = (contracts as unknown as Record<string, z.ZodObject>)[schema];
      const parsed = object?.safeParse({ [field]: '99999999999999999999' });
      expect(parsed?.success, `${schema}.${field}`).toBe(false);
      const issue = parsed?.error?.issues.find((i) => i.path[0] === field);
      expect(issue, `${schema}.${field}`).toMatchObject({ code: 'too_big', maximum: max });
    }
  });
});
