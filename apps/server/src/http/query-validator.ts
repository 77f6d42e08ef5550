import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * Distinct queries remembered, all routes together (the oldest forgotten first): a table's callers ask the same
 * few over and over, and a client cycling through valid queries can hold no more than this (≤ ~10 MB).
 */
const QUERIES_REMEMBERED = 4_096;
/** Validated queries by route and query text. */
const known = new Map<string, { value: unknown }>();
let compiled = 0;
/** Longer queries (long token lists) are validated every time: they are rare, and each would pin its text. */
const MAX_KEY_CHARS = 1_024;

/**
 * The zod validator, with each route's queries remembered once they validated: a busy table route
 * is asked the same query thousands of times a second, and parsing it again was ~4 % of the server's main
 * thread under the paid API's bench. Safe because every query schema is a pure function of its input (no
 * clock, no randomness: defaults and transforms are constants and lookups). The remembered value is frozen,
 * so a handler that changed it in place would throw instead of changing the next caller's query. Bodies,
 * params and headers, and queries that failed, are validated every time.
 */
export const memoValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'querystring') return validate;
  // Its own prefix per compiled validator: two servers in one process (tests) never share a route's answers.
  const routeId = `${++compiled}\n`;
  return (data: unknown) => {
    const text = JSON.stringify(data);
    if (text === undefined || text.length > MAX_KEY_CHARS) return validate(data);
    const key = routeId + text;
    const found = known.get(key);
    if (found) return found;
    const result = validate(data) as { value?: unknown; error?: Error };
    if (result.error === undefined && plainFrozen(result.value)) {
      if (known.size >= QUERIES_REMEMBERED) known.delete(known.keys().next().value as string);
      const kept = { value: result.value };
      known.set(key, kept);
      return kept;
    }
    return result;
  };
};

/** Freezes a value made of plain objects, arrays and primitives; false (and left as is) for anything else. */
function plainFrozen(value: unknown): boolean {
  if (!isPlain(value)) return false;
  deepFreeze(value);
  return true;
}

function isPlain(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return typeof value !== 'function';
  if (Array.isArray(value)) return value.every(isPlain);
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every(isPlain);
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  for (const inner of Object.values(value)) deepFreeze(inner);
  Object.freeze(value);
}
