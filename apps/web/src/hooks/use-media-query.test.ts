import { describe, expect, it } from 'vitest';
import { matchesAssumed } from './use-media-query.ts';

describe('media queries on the server', () => {
  it('answers width queries against the width the first paint is laid out for, and nothing else', () => {
    expect(matchesAssumed('(min-width: 700px)', 1280)).toBe(true);
    expect(matchesAssumed('(min-width: 1280px)', 1280)).toBe(true);
    expect(matchesAssumed('(min-width: 1921px)', 1280)).toBe(false);
    expect(matchesAssumed('(min-width: 700px)', 360)).toBe(false);
    // Without a width (the browser's 0) and for other features: false, as a screen-less server must say.
    expect(matchesAssumed('(min-width: 700px)', 0)).toBe(false);
    expect(matchesAssumed('(prefers-color-scheme: dark)', 1280)).toBe(false);
    expect(matchesAssumed('(max-width: 699px)', 360)).toBe(true);
    expect(matchesAssumed('(max-width: 699px)', 1280)).toBe(false);
    expect(matchesAssumed('(max-width: 699px)', 0)).toBe(false);
  });
});
