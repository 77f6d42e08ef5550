import { COLUMN_PREFS_KEY } from '../lib/column-prefs.ts';
import { FAVORITES_KEY } from '../lib/local-favorites.ts';
import { VIEWS_STORAGE_KEY } from '../lib/local-views.ts';
import { SETTINGS_STORAGE_KEY } from '../lib/settings.ts';
import { allows } from './consent.ts';
import { type ConsentStore, createConsentStore } from './consent-store.ts';
import { createGatedStorage, type GatedStorage } from './gated-storage.ts';

/**
 * What this app keeps on the device, by consent category (spec §9):
 * - essential: the consent choice (localStorage) and the HttpOnly session cookie the server sets on sign-in;
 * - functionality: display settings, column choices, saved filter views and a visitor's pins (localStorage), and the service
 *   worker that shows alert notifications and makes the app installable;
 * - performance and targeting: nothing today.
 * A signed-in user's settings and pins also live in the account, so refusing functionality storage costs
 * them nothing across devices.
 */
export const FUNCTIONALITY_KEYS = [
  SETTINGS_STORAGE_KEY,
  COLUMN_PREFS_KEY,
  FAVORITES_KEY,
  VIEWS_STORAGE_KEY,
] as const;

function localStorageOrNothing(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

const device = localStorageOrNothing();

export const consentStore: ConsentStore = createConsentStore(device);

/** localStorage for functionality storage, written only with the visitor's consent. */
export const functionalityStorage: GatedStorage | undefined = device
  ? createGatedStorage(device, allows(consentStore.get(), 'functionality'), FUNCTIONALITY_KEYS)
  : undefined;

consentStore.subscribe(() => functionalityStorage?.setAllowed(allows(consentStore.get(), 'functionality')));
