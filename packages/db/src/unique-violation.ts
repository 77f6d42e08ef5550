/**
 * The constraint a unique violation (SQLSTATE 23505) hit, or null for any other error. Drizzle wraps driver
 * errors, and pg and PGlite both carry `code` and `constraint`, so the chain of causes is searched.
 */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return typeof candidate.constraint === 'string' ? candidate.constraint : 'unknown';
    }
    current = candidate.cause;
  }
  return null;
}
