import type { SettingsResponse } from '@spreadscope/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/use-locale.ts';
import { toast } from '../lib/toast.ts';
import { callApi } from './account-api.ts';
import { errorText } from './error-text.ts';
import { useAccountSettings } from './use-account-data.ts';
import { useSession } from './use-session.ts';

export interface Pins {
  /** Pinned keys, in the order pinned; empty for visitors. */
  readonly pins: readonly string[];
  readonly isPinned: (key: string) => boolean;
  /**
   * Pins or unpins. The server counts against the plan (10, Free 2); a refusal — the limit, or a visitor who
   * must sign in — shows as a toast in the user's language.
   */
  readonly toggle: (key: string) => Promise<void>;
}

/** Pins for any table (a row's pin button calls `toggle(base)`); kept on the account, so on every device. */
export function usePins(): Pins {
  const { t } = useTranslation();
  const { language } = useLocale();
  const client = useQueryClient();
  const signedIn = Boolean(useSession().data?.user);
  const settings = useAccountSettings(signedIn);
  const pins = signedIn ? (settings.data?.pins ?? []) : [];

  const toggle = useCallback(
    async (key: string) => {
      try {
        const next = pins.includes(key)
          ? await callApi<SettingsResponse>('DELETE', `/settings/pins/${encodeURIComponent(key)}`, language)
          : await callApi<SettingsResponse>('POST', '/settings/pins', language, { key });
        client.setQueryData(['account', 'settings'], next);
      } catch (failure) {
        toast.error(errorText(failure, t));
      }
    },
    [pins, language, client, t],
  );

  return { pins, isPinned: (key) => pins.includes(key), toggle };
}
