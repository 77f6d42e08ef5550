import { functionalityStorage } from '../consent/device-storage.ts';
import type { KeyValueStorage } from './settings.ts';

/**
 * Where preferences are kept: localStorage once the visitor allowed functionality storage (the consent
 * dialog), this page's memory until then; nothing when the browser refuses storage.
 */
export function browserStorage(): KeyValueStorage | undefined {
  return functionalityStorage;
}
