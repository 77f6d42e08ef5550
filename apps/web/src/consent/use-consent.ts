import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Consent } from './consent.ts';
import { consentStore } from './device-storage.ts';

export function useConsent(): Consent | null {
  return useSyncExternalStore(consentStore.subscribe, consentStore.get, () => null);
}

/** Opens the cookie settings (the footer's "Cookie settings"); the dialog lives in the page frame. */
export const ConsentSettingsContext = createContext<(() => void) | null>(null);

export function useOpenConsentSettings(): () => void {
  return useContext(ConsentSettingsContext) ?? (() => {});
}
