import { describe, expect, it } from 'vitest';
import { nextValueFlashes } from './value-flash.ts';

describe('value flashes', () => {
  it('flashes rows whose value moved, in its direction, and not new rows', () => {
    const before = new Map([
      ['a', 0.01],
      ['b', 0.02],
    ]);
    const after = new Map([
      ['a', 0.015],
      ['b', 0.02],
      ['c', 0.5],
    ]);
    const flashes = nextValueFlashes(before, new Map(), after, 1_000);
    expect([...flashes.keys()]).toEqual(['a']);
    expect(flashes.get('a')).toMatchObject({ dir: 'up', at: 1_000, parity: 0 });
  });

  it('restarts a running flash with the other parity and drops finished ones', () => {
    const first = nextValueFlashes(new Map([['a', 1]]), new Map(), new Map([['a', 2]]), 0);
    const again = nextValueFlashes(new Map([['a', 2]]), first, new Map([['a', 1]]), 100);
    expect(again.get('a')).toMatchObject({ dir: 'down', parity: 1 });
    expect(nextValueFlashes(new Map([['a', 1]]), first, new Map([['a', 1]]), 10_000).size).toBe(0);
  });
});
