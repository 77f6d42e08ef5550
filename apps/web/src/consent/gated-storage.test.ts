import { describe, expect, it } from 'vitest';
import { createGatedStorage } from './gated-storage.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('consent-gated storage', () => {
  it('writes nothing to the device before consent, then writes what was kept', () => {
    const device = memoryStorage();
    const gated = createGatedStorage(device, false, ['a']);
    gated.setItem('a', '1');
    expect(gated.getItem('a')).toBe('1');
    expect(device.map.size).toBe(0);
    gated.setAllowed(true);
    expect(device.map.get('a')).toBe('1');
    gated.setItem('a', '2');
    expect(device.map.get('a')).toBe('2');
  });

  it('removes its keys from the device when consent is withdrawn, keeping them for this page', () => {
    const device = memoryStorage();
    device.setItem('a', 'old');
    device.setItem('other', 'x');
    const gated = createGatedStorage(device, true, ['a']);
    gated.setAllowed(false);
    expect([...device.map.keys()]).toEqual(['other']);
    expect(gated.getItem('a')).toBe('old');
    gated.setItem('a', 'new');
    expect(device.map.has('a')).toBe(false);
  });
});
