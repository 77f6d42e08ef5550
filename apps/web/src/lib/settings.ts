import {
  CURRENCIES,
  type Currency,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
  UPDATE_INTERVALS,
  type UpdateInterval,
} from '@spreadscope/core';

/**
 * The user's display choices. Kept in localStorage under one versioned key so that a future shape change can
 * migrate or drop old values instead of misreading them.
 */
export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

/** Which colour means "up": the language's convention (UI.md), or the user's explicit override. */
export const COLOR_CONVENTIONS = ['auto', 'red-up', 'green-up'] as const;
export type ColorConvention = (typeof COLOR_CONVENTIONS)[number];

export interface Settings {
  readonly language: Language;
  readonly currency: Currency;
  /** null follows the operating system's preference until the user picks one. */
  readonly theme: Theme | null;
  readonly interval: UpdateInterval;
  readonly colorConvention: ColorConvention;
}

export const SETTINGS_STORAGE_KEY = 'spreadscope.settings.v1';

export const DEFAULT_SETTINGS: Settings = {
  language: DEFAULT_LANGUAGE,
  currency: 'KRW',
  theme: null,
  interval: 'realtime',
  colorConvention: 'auto',
};

function pick<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

/** Reads stored settings; anything unreadable or out of range falls back to the default, field by field. */
export function parseSettings(raw: string | null | undefined): Settings {
  if (!raw) return DEFAULT_SETTINGS;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return DEFAULT_SETTINGS;
  }
  if (typeof stored !== 'object' || stored === null) return DEFAULT_SETTINGS;
  const s = stored as Record<string, unknown>;
  return {
    language: pick(LANGUAGES, s.language, DEFAULT_SETTINGS.language),
    currency: pick(CURRENCIES, s.currency, DEFAULT_SETTINGS.currency),
    theme: THEMES.find((theme) => theme === s.theme) ?? null,
    interval: pick(UPDATE_INTERVALS, s.interval, DEFAULT_SETTINGS.interval),
    colorConvention: pick(COLOR_CONVENTIONS, s.colorConvention, DEFAULT_SETTINGS.colorConvention),
  };
}

export function serializeSettings(settings: Settings): string {
  return JSON.stringify(settings);
}

/** The minimal slice of the Web Storage API the store needs, so tests can pass a Map-backed fake. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function loadSettings(storage: KeyValueStorage | undefined): Settings {
  if (!storage) return DEFAULT_SETTINGS;
  try {
    return parseSettings(storage.getItem(SETTINGS_STORAGE_KEY));
  } catch {
    // Private browsing modes may throw on access; the product still works with defaults.
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(storage: KeyValueStorage | undefined, settings: Settings): void {
  if (!storage) return;
  try {
    storage.setItem(SETTINGS_STORAGE_KEY, serializeSettings(settings));
  } catch {
    // Quota or privacy errors: the choice still applies for this visit.
  }
}

export function resolveTheme(theme: Theme | null, systemPrefersDark: boolean): Theme {
  return theme ?? (systemPrefersDark ? 'dark' : 'light');
}

/** Korean traders read red as up (Upbit, Bithumb, brokers); English readers expect green. */
export function resolveUpColor(convention: ColorConvention, language: Language): 'red' | 'green' {
  if (convention === 'red-up') return 'red';
  if (convention === 'green-up') return 'green';
  return language === 'ko' ? 'red' : 'green';
}
