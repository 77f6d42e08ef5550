import { useCallback, useContext, useSyncExternalStore } from 'react';
import { SettingsContext } from '../app/contexts.ts';
import type { Settings } from '../lib/settings.ts';

export function useSettings(): [Settings, (patch: Partial<Settings>) => void] {
  const store = useContext(SettingsContext);
  if (!store) throw new Error('useSettings needs a SettingsContext provider');
  const settings = useSyncExternalStore(store.subscribe, store.get, store.get);
  const update = useCallback((patch: Partial<Settings>) => store.update(patch), [store]);
  return [settings, update];
}
