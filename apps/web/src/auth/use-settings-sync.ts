import type { Preferences, SettingsResponse } from '@spreadscope/contracts';
import { useContext, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SettingsContext } from '../app/contexts.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { switchLanguageHref } from '../lib/locale-path.ts';
import { toast } from '../lib/toast.ts';
import { callApi } from './account-api.ts';
import { changedPreferences, isEmpty, preferencesOf, settingsPatchOf, unsaved } from './preferences.ts';
import { useSession } from './use-session.ts';

/**
 * Makes a signed-in user's settings follow them. On sign-in the account's saved preferences replace the
 * browser's (or, for an account that never saved any, the browser's choices are saved to it); after that
 * every change in the store is sent to the account. Visitors are untouched: localStorage only.
 */
export function useSettingsSync(): void {
  const store = useContext(SettingsContext);
  const session = useSession();
  const userId = session.data?.user?.id ?? null;
  const { language } = useLocale();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;
  const languageRef = useRef(language);
  languageRef.current = language;

  useEffect(() => {
    if (!store || userId === null) return;
    let cancelled = false;
    let applying = false;
    let ready = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: Preferences = {};
    let last = store.get();

    const push = () => {
      const body = pending;
      pending = {};
      if (isEmpty(body)) return;
      callApi<SettingsResponse>('PATCH', '/settings', languageRef.current, body).catch(() => {
        toast.error(t('auth.settingsSaveFailed'));
      });
    };

    const unsubscribe = store.subscribe(() => {
      const next = store.get();
      const diff = changedPreferences(last, next);
      last = next;
      if (applying || isEmpty(diff)) return;
      pending = { ...pending, ...diff };
      // A change made while the account's settings are still loading is kept, and sent once they are in.
      if (!ready) return;
      clearTimeout(timer);
      // Clicking through the interval choices sends one request, not one per click.
      timer = setTimeout(push, 300);
    });

    callApi<SettingsResponse>('GET', '/settings', languageRef.current)
      .then((saved) => {
        if (cancelled) return;
        // What the user changed while this request was on its way wins over what the account had saved. So
        // does an English address: /en/… is always chosen (a Korean address may be just the default), so a
        // signed-in user with Korean saved who opens an English link reads English, and English is saved.
        const early: Preferences = languageRef.current === 'en' ? { language: 'en', ...pending } : pending;
        if (isEmpty(saved.preferences)) {
          pending = preferencesOf(store.get());
          push();
        } else {
          applying = true;
          store.update(settingsPatchOf({ ...saved.preferences, ...early }));
          applying = false;
          last = store.get();
          pending = unsaved(early, saved.preferences);
          push();
          const wanted = early.language ?? saved.preferences.language;
          if (wanted && wanted !== languageRef.current) {
            navigate(switchLanguageHref(locationRef.current, wanted), { replace: true });
          }
        }
        ready = true;
      })
      .catch(() => {
        ready = true;
        if (!cancelled) push();
      });

    return () => {
      // Signed out (or another user): a change still waiting belongs to the session that ended.
      cancelled = true;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [store, userId, navigate, t]);
}
