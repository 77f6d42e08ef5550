import type { SearchGroup } from '@spreadscope/contracts';
import { describe, expect, it } from 'vitest';
import { isSearchShortcut, moveActive, offReason, placeHits } from './search-hits.ts';

const hit = (id: string) => ({ id, title: id, subtitle: null, path: `/${id}`, url: null, score: 0 });

describe('search palette keyboard order', () => {
  it('places hits group by group and skips empty groups', () => {
    const groups: SearchGroup[] = [
      { type: 'premium', available: true, hits: [hit('a'), hit('b')] },
      { type: 'telegram-post', available: false, hits: [] },
      { type: 'exchanges', available: true, hits: [hit('c')] },
    ];
    expect(placeHits(groups).map((p) => [p.group, p.hit.id, p.index])).toEqual([
      ['premium', 'a', 0],
      ['premium', 'b', 1],
      ['exchanges', 'c', 2],
    ]);
  });

  it('moves with the arrows and wraps around', () => {
    expect(moveActive(-1, 3, 1)).toBe(0);
    expect(moveActive(-1, 3, -1)).toBe(2);
    expect(moveActive(2, 3, 1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(2);
    expect(moveActive(-1, 0, 1)).toBe(-1);
  });

  it('opens on / outside text fields and on Ctrl or ⌘ K anywhere', () => {
    const base = { ctrlKey: false, metaKey: false, altKey: false };
    const body = { tagName: 'BODY' } as unknown as EventTarget;
    const input = { tagName: 'INPUT' } as unknown as EventTarget;
    expect(isSearchShortcut({ ...base, key: '/', target: body })).toBe(true);
    expect(isSearchShortcut({ ...base, key: '/', target: input })).toBe(false);
    expect(isSearchShortcut({ ...base, key: 'k', ctrlKey: true, target: input })).toBe(true);
    expect(isSearchShortcut({ ...base, key: 'K', metaKey: true, target: body })).toBe(true);
    expect(isSearchShortcut({ ...base, key: 'k', target: body })).toBe(false);
  });
});

describe('a group whose source is off', () => {
  it('words the reasons the trend sources give and falls back to "no details"', () => {
    expect(offReason('needs_key')).toBe('needs_key');
    expect(offReason('rate_limited')).toBe('rate_limited');
    expect(offReason('something_new')).toBe('none');
    expect(offReason(undefined)).toBe('none');
  });
});
