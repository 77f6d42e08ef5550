import { describe, expect, it } from 'vitest';
import { EMPTY_REFRESH_MS, refreshFor } from './use-market-query.ts';

describe('market query refresh', () => {
  it('asks again soon while an answer has no rows yet (history still landing), then at its own pace', () => {
    expect(refreshFor({ data: [] }, 60_000)).toBe(EMPTY_REFRESH_MS);
    expect(refreshFor({ data: [{ t: 1 }] }, 60_000)).toBe(60_000);
    // Before the first answer and for answers that are not lists: the route's own period.
    expect(refreshFor(undefined, 60_000)).toBe(60_000);
    expect(refreshFor({ value: 3 }, 60_000)).toBe(60_000);
  });

  it('never refreshes a read that does not refresh, nor slows one that refreshes faster', () => {
    expect(refreshFor({ data: [] }, false)).toBe(false);
    expect(refreshFor({ data: [] }, 2_000)).toBe(2_000);
  });
});
