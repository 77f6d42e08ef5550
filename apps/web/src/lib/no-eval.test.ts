import { describe, expect, it } from 'vitest';

describe('the browser build turns zod eval off', () => {
  it('holds for zod loaded after it, as the pages load it (in a later chunk)', async () => {
    await import('./no-eval.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // And parses still work without compiled parsers.
    expect(z.object({ a: z.number() }).safeParse({ a: 1 }).success).toBe(true);
  });
});
