import { describe, expect, it } from 'vitest';
import { allows, parseConsent } from './consent.ts';
import { createConsentStore } from './consent-store.ts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe('cookie consent', () => {
  it('asks again when nothing readable is stored, and allows essential storage always', () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent('{not json')).toBeNull();
    expect(parseConsent('{"functionality":true}')).toBeNull();
    expect(allows(null, 'essential')).toBe(true);
    expect(allows(null, 'functionality')).toBe(false);
  });

  it('keeps a choice with its time and reads only true as allowed', () => {
    const storage = memoryStorage();
    const store = createConsentStore(storage, () => 1_700_000_000_000);
    store.set({ functionality: true, performance: false, targeting: false });
    expect(parseConsent(storage.getItem('spreadscope.consent.v1'))).toEqual({
      functionality: true,
      performance: false,
      targeting: false,
      decidedAt: 1_700_000_000_000,
    });
    expect(parseConsent('{"functionality":"yes","targeting":1,"decidedAt":5}')).toEqual({
      functionality: false,
      performance: false,
      targeting: false,
      decidedAt: 5,
    });
  });
});
