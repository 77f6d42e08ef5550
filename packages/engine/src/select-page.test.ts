import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectPage } from './select-page.ts';

/** The order a full sort gives: fresh first, then by key (NaN last), then by position. */
function fullSort(keys: number[], stale: number[] | null, direction: 1 | -1): number[] {
  return keys
    .map((_, i) => i)
    .sort((a, b) => {
      if (stale && stale[a] !== stale[b]) return (stale[a] ?? 0) - (stale[b] ?? 0);
      const [ka, kb] = [keys[a] as number, keys[b] as number];
      if (Number.isNaN(ka) !== Number.isNaN(kb)) return Number.isNaN(ka) ? 1 : -1;
      if (!Number.isNaN(ka) && ka !== kb) return (ka - kb) * direction;
      return a - b;
    });
}

describe('page selection', () => {
  it('returns exactly the page a full sort would, for any keys, ties, NaNs and page', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constant(Number.NaN)), { maxLength: 300 }),
        fc.option(fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 300, maxLength: 300 }), {
          nil: null,
        }),
        fc.constantFrom<1 | -1>(1, -1),
        fc.integer({ min: 0, max: 320 }),
        fc.integer({ min: 1, max: 60 }),
        (keys, stale, direction, start, limit) => {
          const flags = stale ? Uint8Array.from(stale) : null;
          const got = selectPage(keys.length, Float64Array.from(keys), flags, direction, start, limit);
          const want = fullSort(keys, stale, direction).slice(start, start + limit);
          expect(got).toEqual(want);
        },
      ),
      { numRuns: 500 },
    );
  });
});
