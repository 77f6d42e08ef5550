import {
  type FilterPreset,
  SAVED_VIEW_LIMITS,
  SAVED_VIEW_TABLES,
  type SavedViewTable,
} from '@spreadscope/contracts';
import type { KeyValueStorage } from './settings.ts';

/**
 * A visitor's saved table views, kept in the browser in the shapes the server uses for a signed-in user
 * (same limits, same replace-by-name), so signing in changes where they live, not how they behave.
 */
export const VIEWS_STORAGE_KEY = 'spreadscope.views.v1';

export type LocalViews = Partial<Record<SavedViewTable, FilterPreset[]>>;
export type ViewChange =
  | { ok: true; views: LocalViews; created?: boolean }
  | { ok: false; reason: 'presets' | 'shortcuts' };

export function loadLocalViews(storage: KeyValueStorage | undefined): LocalViews {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(VIEWS_STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const out: LocalViews = {};
    for (const table of SAVED_VIEW_TABLES) {
      const list = (parsed as Record<string, unknown>)[table];
      if (Array.isArray(list)) out[table] = list.filter(isPreset);
    }
    return out;
  } catch {
    return {};
  }
}

export function storeLocalViews(storage: KeyValueStorage | undefined, views: LocalViews): void {
  try {
    storage?.setItem(VIEWS_STORAGE_KEY, JSON.stringify(views));
  } catch {
    // A full or refused storage keeps the views for this page only.
  }
}

function isPreset(value: unknown): value is FilterPreset {
  const p = value as FilterPreset;
  return typeof p === 'object' && p !== null && typeof p.id === 'string' && typeof p.name === 'string';
}

const byName = (a: FilterPreset, b: FilterPreset) => a.name.localeCompare(b.name);

export function savePreset(
  views: LocalViews,
  table: SavedViewTable,
  name: string,
  filters: Record<string, string>,
  now: number,
  newId: () => string,
): ViewChange {
  const list = views[table] ?? [];
  const same = list.find((p) => p.name === name);
  if (same) {
    const next = list.map((p) => (p === same ? { ...p, filters, updatedAt: now } : p));
    return { ok: true, views: { ...views, [table]: next }, created: false };
  }
  if (list.length >= SAVED_VIEW_LIMITS.presets) return { ok: false, reason: 'presets' };
  const added: FilterPreset = { id: newId(), name, filters, shortcut: null, updatedAt: now };
  return { ok: true, views: { ...views, [table]: [...list, added].sort(byName) }, created: true };
}

export function deletePreset(views: LocalViews, table: SavedViewTable, id: string): LocalViews {
  const left = (views[table] ?? []).filter((p) => p.id !== id);
  return { ...views, [table]: renumber(left) };
}

/** Adds the preset to the end of the shortcut row, or takes it out. */
export function toggleShortcut(views: LocalViews, table: SavedViewTable, id: string): ViewChange {
  const list = views[table] ?? [];
  const target = list.find((p) => p.id === id);
  if (!target) return { ok: true, views };
  const count = list.filter((p) => p.shortcut !== null).length;
  if (target.shortcut === null && count >= SAVED_VIEW_LIMITS.shortcuts)
    return { ok: false, reason: 'shortcuts' };
  const next = list.map((p) => (p.id !== id ? p : { ...p, shortcut: p.shortcut === null ? count : null }));
  return { ok: true, views: { ...views, [table]: renumber(next) } };
}

/** Shortcut places stay 0..n-1 in their order after one leaves. */
function renumber(list: FilterPreset[]): FilterPreset[] {
  const order = shortcutsOf(list).map((p) => p.id);
  return list.map((p) => (p.shortcut === null ? p : { ...p, shortcut: order.indexOf(p.id) }));
}

export function shortcutsOf(list: readonly FilterPreset[]): FilterPreset[] {
  return list.filter((p) => p.shortcut !== null).sort((a, b) => (a.shortcut ?? 0) - (b.shortcut ?? 0));
}
