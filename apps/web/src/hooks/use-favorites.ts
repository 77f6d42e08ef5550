import type { SettingsResponse } from '@spreadscope/contracts';
import { LIMITS } from '@spreadscope/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../auth/account-api.ts';
import { errorText } from '../auth/error-text.ts';
import { useAccountSettings } from '../auth/use-account-data.ts';
import { useSession } from '../auth/use-session.ts';
import { toggleOwned, VISITOR_LIMITS } from '../lib/local-favorites.ts';
import { toast } from '../lib/toast.ts';
import { useLocale } from './use-locale.ts';

const NONE = { pins: [] as string[], ownedTokens: [] as string[] };

export interface Favorites {
  readonly pins: ReadonlySet<string>;
  readonly owned: ReadonlySet<string>;
  readonly ownedList: readonly string[];
  readonly limits: { readonly pins: number; readonly ownedTokens: number };
  readonly signedIn: boolean;
  togglePin(key: string): void;
  toggleOwned(token: string): void;
}

/**
 * Pins and owned tokens live on the account (spec §6: favorites need sign-in). The server keeps them and
 * enforces the plan's limits, its refusal shown as a toast in the user's language; a visitor who pins a row or
 * marks a token as held is asked to sign in instead, with a link to the sign-in page.
 */
export function useFavorites(): Favorites {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const account = useAccountSettings(signedIn);
  const client = useQueryClient();
  const lists = signedIn ? (account.data ?? NONE) : NONE;
  const limits = signedIn && account.data ? account.data.limits : VISITOR_LIMITS;

  const askToSignIn = useCallback(() => {
    toast(t('favorites.signInNeeded'), {
      id: 'favorites-sign-in',
      description: t('favorites.signInHint', { max: LIMITS.pinsFree, paidMax: LIMITS.pins }),
      action: { label: t('favorites.signIn'), onClick: () => navigate(to('/login')) },
    });
  }, [t, navigate, to]);

  const remote = useCallback(
    async (call: () => Promise<SettingsResponse>) => {
      try {
        client.setQueryData(['account', 'settings'], await call());
      } catch (failure) {
        toast.error(errorText(failure, t));
      }
    },
    [client, t],
  );

  const pin = useCallback(
    (key: string) => {
      if (signedIn) {
        const pinned = account.data?.pins.includes(key) ?? false;
        void remote(() =>
          pinned
            ? callApi<SettingsResponse>('DELETE', `/settings/pins/${encodeURIComponent(key)}`, language)
            : callApi<SettingsResponse>('POST', '/settings/pins', language, { key }),
        );
        return;
      }
      askToSignIn();
    },
    [signedIn, account.data, remote, language, askToSignIn],
  );

  const own = useCallback(
    (token: string) => {
      if (signedIn) {
        const current = account.data?.ownedTokens ?? [];
        const change = toggleOwned({ pins: [], ownedTokens: current }, token, Number.POSITIVE_INFINITY);
        if (change.ok) {
          void remote(() =>
            callApi<SettingsResponse>('PUT', '/settings/owned-tokens', language, {
              tokens: change.lists.ownedTokens,
            }),
          );
        }
        return;
      }
      askToSignIn();
    },
    [signedIn, account.data, remote, language, askToSignIn],
  );

  const pins = useMemo(() => new Set(lists.pins), [lists.pins]);
  const owned = useMemo(() => new Set(lists.ownedTokens), [lists.ownedTokens]);
  return { pins, owned, ownedList: lists.ownedTokens, limits, signedIn, togglePin: pin, toggleOwned: own };
}
