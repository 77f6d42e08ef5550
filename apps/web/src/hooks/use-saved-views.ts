import {
  type FilterPreset,
  type FilterPresetsResponse,
  SAVED_VIEW_LIMITS,
  type SavedViewTable,
  type ShortcutsResponse,
} from '@spreadscope/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../auth/account-api.ts';
import { errorText } from '../auth/error-text.ts';
import { useSession } from '../auth/use-session.ts';
import { browserStorage } from '../lib/browser-storage.ts';
import {
  deletePreset,
  type LocalViews,
  loadLocalViews,
  savePreset,
  shortcutsOf,
  storeLocalViews,
  toggleShortcut,
  type ViewChange,
} from '../lib/local-views.ts';
import { toast } from '../lib/toast.ts';
import { useLocale } from './use-locale.ts';

export interface SavedViews {
  readonly presets: readonly FilterPreset[];
  readonly shortcuts: readonly FilterPreset[];
  readonly limits: { readonly presets: number; readonly shortcuts: number };
  readonly signedIn: boolean;
  save(name: string, filters: Record<string, string>): Promise<boolean>;
  remove(preset: FilterPreset): Promise<void>;
  toggleShortcut(preset: FilterPreset): Promise<void>;
}

const FILTERS = '/front/option/premium-filters';
const SHORTCUTS = '/front/option/premium-shortcuts';

/**
 * Named filter presets and one-click shortcuts of one table: on the account for a signed-in user (the server
 * enforces the limits and says why in the user's language), in this browser for a visitor.
 */
export function useSavedViews(table: SavedViewTable): SavedViews {
  const { t } = useTranslation();
  const { language } = useLocale();
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const client = useQueryClient();
  const key = useMemo(() => ['account', 'views', table] as const, [table]);
  const remote = useQuery({
    queryKey: key,
    queryFn: () => callApi<FilterPresetsResponse>('GET', `${FILTERS}?table=${table}`, language),
    enabled: signedIn,
  });
  const [local, setLocal] = useState<LocalViews>(() => loadLocalViews(browserStorage()));

  const presets = signedIn ? (remote.data?.presets ?? []) : (local[table] ?? []);
  const shortcuts = useMemo(() => shortcutsOf(presets), [presets]);

  const applyLocal = useCallback(
    (change: ViewChange): boolean => {
      if (!change.ok) {
        const max = SAVED_VIEW_LIMITS[change.reason];
        toast.error(t(change.reason === 'presets' ? 'views.presetsFull' : 'views.shortcutsFull', { max }));
        return false;
      }
      setLocal(change.views);
      storeLocalViews(browserStorage(), change.views);
      return true;
    },
    [t],
  );

  const call = useCallback(
    async <T>(run: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await run();
      } catch (failure) {
        toast.error(errorText(failure, t));
        return undefined;
      }
    },
    [t],
  );

  const save = useCallback(
    async (name: string, filters: Record<string, string>): Promise<boolean> => {
      const trimmed = name.trim();
      if (!signedIn) {
        const change = savePreset(local, table, trimmed, filters, Date.now(), () => crypto.randomUUID());
        if (!applyLocal(change)) return false;
        toast.success(
          t(change.ok && change.created === false ? 'views.replaced' : 'views.saved', { name: trimmed }),
        );
        return true;
      }
      const before = new Set(presets.map((p) => p.name));
      const answer = await call(() =>
        callApi<FilterPresetsResponse>('POST', FILTERS, language, { table, name: trimmed, filters }),
      );
      if (!answer) return false;
      client.setQueryData(key, answer);
      toast.success(t(before.has(trimmed) ? 'views.replaced' : 'views.saved', { name: trimmed }));
      return true;
    },
    [signedIn, local, table, applyLocal, t, presets, call, language, client, key],
  );

  const remove = useCallback(
    async (preset: FilterPreset) => {
      if (!signedIn) {
        applyLocal({ ok: true, views: deletePreset(local, table, preset.id) });
      } else {
        const answer = await call(() =>
          callApi<FilterPresetsResponse>(
            'DELETE',
            `${FILTERS}/${encodeURIComponent(preset.id)}?table=${table}`,
            language,
          ),
        );
        if (!answer) return;
        client.setQueryData(key, answer);
      }
      toast(t('views.removed', { name: preset.name }));
    },
    [signedIn, applyLocal, local, table, call, language, client, key, t],
  );

  const toggle = useCallback(
    async (preset: FilterPreset) => {
      if (!signedIn) {
        applyLocal(toggleShortcut(local, table, preset.id));
        return;
      }
      const ids = shortcuts.map((p) => p.id);
      const next = preset.shortcut === null ? [...ids, preset.id] : ids.filter((id) => id !== preset.id);
      const answer = await call(() =>
        callApi<ShortcutsResponse>('PUT', SHORTCUTS, language, { table, presetIds: next }),
      );
      if (answer) await client.invalidateQueries({ queryKey: key });
    },
    [signedIn, applyLocal, local, table, shortcuts, call, language, client, key],
  );

  return {
    presets,
    shortcuts,
    limits: SAVED_VIEW_LIMITS,
    signedIn,
    save,
    remove,
    toggleShortcut: toggle,
  };
}
