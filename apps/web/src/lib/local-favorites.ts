import { LIMITS } from '@spreadscope/core';
import type { KeyValueStorage } from './settings.ts';

/**
 * A visitor's pins and owned tokens, kept in this browser. Signing in moves the lists to the account (the
 * server keeps them and enforces the plan's limits); a visitor gets the Free plan's limits here.
 */
export const FAVORITES_KEY = 'spreadscope.favorites.v1';
export const VISITOR_LIMITS = { pins: LIMITS.pinsFree, ownedTokens: LIMITS.ownedTokens } as const;

export interface FavoriteLists {
  readonly pins: readonly string[];
  readonly ownedTokens: readonly string[];
}

export type FavoriteChange = { ok: true; lists: FavoriteLists } | { ok: false; reason: 'limit'; max: number };

const EMPTY: FavoriteLists = { pins: [], ownedTokens: [] };
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}$/;

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string' && KEY_PATTERN.test(v))
    : [];
}

export function parseFavorites(raw: string | null): FavoriteLists {
  if (!raw) return EMPTY;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    return { pins: strings(value.pins), ownedTokens: strings(value.ownedTokens) };
  } catch {
    return EMPTY;
  }
}

/** Pin or unpin a row; pinning past the limit is refused and says the limit. */
export function togglePin(lists: FavoriteLists, key: string, max: number): FavoriteChange {
  if (lists.pins.includes(key))
    return { ok: true, lists: { ...lists, pins: lists.pins.filter((k) => k !== key) } };
  if (lists.pins.length >= max) return { ok: false, reason: 'limit', max };
  return { ok: true, lists: { ...lists, pins: [...lists.pins, key] } };
}

/** Add or remove an owned token (upper case); adding past the limit is refused. */
export function toggleOwned(lists: FavoriteLists, token: string, max: number): FavoriteChange {
  const key = token.trim().toUpperCase();
  if (lists.ownedTokens.includes(key)) {
    return { ok: true, lists: { ...lists, ownedTokens: lists.ownedTokens.filter((k) => k !== key) } };
  }
  if (lists.ownedTokens.length >= max) return { ok: false, reason: 'limit', max };
  return { ok: true, lists: { ...lists, ownedTokens: [...lists.ownedTokens, key] } };
}

export interface LocalFavoritesStore {
  get(): FavoriteLists;
  set(lists: FavoriteLists): void;
  subscribe(listener: () => void): () => void;
}

export function createLocalFavoritesStore(storage: KeyValueStorage | undefined): LocalFavoritesStore {
  const read = () => {
    try {
      return parseFavorites(storage?.getItem(FAVORITES_KEY) ?? null);
    } catch {
      return EMPTY;
    }
  };
  let current = read();
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== FAVORITES_KEY) return;
      current = read();
      emit();
    });
  }
  return {
    get: () => current,
    set(lists) {
      current = lists;
      try {
        storage?.setItem(FAVORITES_KEY, JSON.stringify(lists));
      } catch {
        // Quota or privacy mode: the change still applies for this visit.
      }
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
