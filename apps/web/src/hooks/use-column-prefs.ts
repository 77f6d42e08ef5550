import type { SettingsResponse } from '@spreadscope/contracts';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../auth/account-api.ts';
import { useSession } from '../auth/use-session.ts';
import { browserStorage } from '../lib/browser-storage.ts';
import {
  type ColumnGroup,
  type ColumnPrefsStore,
  columnPrefsFromWire,
  columnPrefsToWire,
  createColumnPrefsStore,
} from '../lib/column-prefs.ts';
import { toast } from '../lib/toast.ts';
import { useLocale } from './use-locale.ts';

let store: ColumnPrefsStore | null = null;
function prefs(): ColumnPrefsStore {
  store ??= createColumnPrefsStore(browserStorage());
  return store;
}

/** The user's column choice for a table group (null: the table's default for the screen width). */
export function useColumnPrefs(
  group: ColumnGroup,
): [readonly string[] | null, (next: readonly string[] | null) => void] {
  const s = prefs();
  const all = useSyncExternalStore(s.subscribe, s.get, s.get);
  const set = useCallback((next: readonly string[] | null) => s.set(group, next), [s, group]);
  return [all[group] ?? null, set];
}

/** Waits this long after the last change: reordering columns with the arrows sends one request. */
const SAVE_DELAY_MS = 400;

/**
 * Keeps a signed-in user's column choice on the account (preferences.columns), so it follows them to another
 * device; visitors keep it in this browser only. On sign-in the account's choice replaces the browser's, or,
 * for an account that never saved one, the browser's is saved to it. A change made while the account's choice
 * is still loading wins over it.
 */
export function useColumnPrefsSync(): void {
  const session = useSession();
  const userId = session.data?.user?.id ?? null;
  const { language } = useLocale();
  const { t } = useTranslation();
  const languageRef = useRef(language);
  languageRef.current = language;
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    if (userId === null) return;
    const store = prefs();
    let cancelled = false;
    let ready = false;
    let applying = false;
    let changedEarly = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const push = () => {
      callApi<SettingsResponse>('PATCH', '/settings', languageRef.current, {
        columns: columnPrefsToWire(store.get()),
      }).catch(() => {
        if (!cancelled) toast.error(tRef.current('auth.settingsSaveFailed'));
      });
    };
    const unsubscribe = store.subscribe(() => {
      if (applying) return;
      if (!ready) {
        changedEarly = true;
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(push, SAVE_DELAY_MS);
    });
    callApi<SettingsResponse>('GET', '/settings', languageRef.current)
      .then((saved) => {
        if (cancelled) return;
        ready = true;
        const columns = saved.preferences.columns;
        if (changedEarly || columns === undefined) {
          if (Object.keys(store.get()).length > 0 || columns !== undefined) push();
          return;
        }
        applying = true;
        store.replace(columnPrefsFromWire(columns));
        applying = false;
      })
      .catch(() => {
        ready = true;
      });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [userId]);
}
