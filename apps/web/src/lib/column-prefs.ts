import type { KeyValueStorage } from './settings.ts';

/**
 * Column choice and order per table group, remembered in the browser; for a signed-in user the account keeps
 * them too (preferences.columns, hooks/use-column-prefs.ts), so they follow the user to another device.
 */
export const COLUMN_PREFS_KEY = 'spreadscope.columns.v1';
export type ColumnGroup = 'premium' | 'arbitrage';
export type ColumnPrefs = Readonly<Partial<Record<ColumnGroup, readonly string[]>>>;

export function parseColumnPrefs(raw: string | null): ColumnPrefs {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null) return {};
    const out: Partial<Record<ColumnGroup, string[]>> = {};
    for (const group of ['premium', 'arbitrage'] as const) {
      const list = (value as Record<string, unknown>)[group];
      if (Array.isArray(list))
        out[group] = list.filter((id): id is string => typeof id === 'string').slice(0, 64);
    }
    return out;
  } catch {
    return {};
  }
}

export interface ColumnPrefsStore {
  get(): ColumnPrefs;
  set(group: ColumnGroup, columns: readonly string[] | null): void;
  /** Every group at once: what the account saved replaces what this browser had. */
  replace(prefs: ColumnPrefs): void;
  subscribe(listener: () => void): () => void;
}

/** The account's wire form (contracts columnPrefsSchema): both groups, null for the table's default. */
export function columnPrefsToWire(prefs: ColumnPrefs): Record<ColumnGroup, string[] | null> {
  return {
    premium: prefs.premium ? [...prefs.premium] : null,
    arbitrage: prefs.arbitrage ? [...prefs.arbitrage] : null,
  };
}

/** What an account saved, as the store keeps it (unknown groups and malformed lists dropped). */
export function columnPrefsFromWire(wire: unknown): ColumnPrefs {
  return parseColumnPrefs(wire === undefined ? null : JSON.stringify(wire));
}

export function createColumnPrefsStore(storage: KeyValueStorage | undefined): ColumnPrefsStore {
  const read = () => {
    try {
      return parseColumnPrefs(storage?.getItem(COLUMN_PREFS_KEY) ?? null);
    } catch {
      return {};
    }
  };
  let current = read();
  const listeners = new Set<() => void>();
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== COLUMN_PREFS_KEY) return;
      current = read();
      for (const listener of listeners) listener();
    });
  }
  const save = (next: ColumnPrefs) => {
    current = next;
    try {
      storage?.setItem(COLUMN_PREFS_KEY, JSON.stringify(current));
    } catch {
      // Quota or privacy mode: the choice still applies for this visit.
    }
    for (const listener of listeners) listener();
  };
  return {
    get: () => current,
    set(group, columns) {
      const next: Partial<Record<ColumnGroup, readonly string[]>> = { ...current };
      if (columns === null) delete next[group];
      else next[group] = [...columns];
      save(next);
    },
    replace(prefs) {
      if (JSON.stringify(prefs) !== JSON.stringify(current)) save({ ...prefs });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
