import { CONSENT_KEY, type Consent, parseConsent } from './consent.ts';

export interface ConsentStore {
  get(): Consent | null;
  set(choice: Omit<Consent, 'decidedAt'>): void;
  subscribe(listener: () => void): () => void;
}

/** The visitor's choice in localStorage (essential), followed across tabs. */
export function createConsentStore(storage: Storage | undefined, now: () => number = Date.now): ConsentStore {
  const read = () => {
    try {
      return parseConsent(storage?.getItem(CONSENT_KEY) ?? null);
    } catch {
      return null;
    }
  };
  let current = read();
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== CONSENT_KEY) return;
      current = read();
      emit();
    });
  }
  return {
    get: () => current,
    set(choice) {
      current = { ...choice, decidedAt: now() };
      try {
        storage?.setItem(CONSENT_KEY, JSON.stringify(current));
      } catch {
        // Storage refused (private mode, quota): the choice holds for this page only.
      }
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
