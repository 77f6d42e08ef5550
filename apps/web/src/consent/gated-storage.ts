import type { KeyValueStorage } from '../lib/settings.ts';

export interface GatedStorage extends KeyValueStorage {
  /** Consent given: what was kept in memory meanwhile is written through. Withdrawn: the keys are removed. */
  setAllowed(allowed: boolean): void;
}

/**
 * localStorage for one consent category (functionality: display settings, pins, column choices). Until the
 * visitor allows it, writes stay in this page's memory, so nothing lands on the device; reads see memory
 * first, then what an earlier, consenting visit left. Withdrawing consent deletes the keys written here.
 */
export function createGatedStorage(
  backing: KeyValueStorage & { removeItem(key: string): void },
  allowed: boolean,
  keys: readonly string[],
): GatedStorage {
  const memory = new Map<string, string>();
  let open = allowed;
  return {
    getItem(key) {
      return memory.get(key) ?? backing.getItem(key);
    },
    setItem(key, value) {
      if (open) backing.setItem(key, value);
      else memory.set(key, value);
    },
    setAllowed(next) {
      if (next === open) return;
      open = next;
      if (next) {
        for (const [key, value] of memory) backing.setItem(key, value);
        memory.clear();
        return;
      }
      for (const key of keys) {
        const value = backing.getItem(key);
        if (value !== null) memory.set(key, value);
        backing.removeItem(key);
      }
    },
  };
}
