import {
  type KeyValueStorage,
  loadSettings,
  SETTINGS_STORAGE_KEY,
  type Settings,
  saveSettings,
} from './settings.ts';

/** An external store for useSyncExternalStore: one source of truth, persisted, synced across tabs. */
export interface SettingsStore {
  get(): Settings;
  update(patch: Partial<Settings>): void;
  subscribe(listener: () => void): () => void;
}

export function createSettingsStore(storage: KeyValueStorage | undefined): SettingsStore {
  let current = loadSettings(storage);
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  if (typeof window !== 'undefined') {
    // Another tab changed a setting: follow it, so two open tabs never disagree on currency or theme.
    window.addEventListener('storage', (event) => {
      if (event.key !== SETTINGS_STORAGE_KEY) return;
      current = loadSettings(storage);
      emit();
    });
  }
  return {
    get: () => current,
    update(patch) {
      const next = { ...current, ...patch };
      if ((Object.keys(patch) as (keyof Settings)[]).every((key) => next[key] === current[key])) return;
      current = next;
      saveSettings(storage, current);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
