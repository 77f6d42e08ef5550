import type { KeyValueStorage } from './settings.ts';

/** localStorage when the browser allows it (private modes may throw on access), else nothing. */
export function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
