import type { Preferences } from '@spreadscope/contracts';
import type { Settings } from '../lib/settings.ts';

/**
 * The bridge between the browser's settings store and the account's saved preferences: same fields, so a
 * signed-in user's choices follow them and a visitor's stay in localStorage.
 */
const FIELDS = ['language', 'currency', 'theme', 'interval', 'colorConvention'] as const;

export function preferencesOf(settings: Settings): Preferences {
  return {
    language: settings.language,
    currency: settings.currency,
    theme: settings.theme,
    interval: settings.interval,
    colorConvention: settings.colorConvention,
  };
}

/** The fields that differ between two states of the store, as a PATCH body. */
export function changedPreferences(before: Settings, after: Settings): Preferences {
  const patch: Record<string, unknown> = {};
  for (const field of FIELDS) {
    if (before[field] !== after[field]) patch[field] = after[field];
  }
  return patch as Preferences;
}

/** Saved preferences as a store update; fields never saved are left to the browser. */
export function settingsPatchOf(preferences: Preferences): Partial<Settings> {
  const patch: Record<string, unknown> = {};
  for (const field of FIELDS) {
    if (preferences[field] !== undefined) patch[field] = preferences[field];
  }
  return patch as Partial<Settings>;
}

/** The fields of `chosen` the account does not hold yet, as a PATCH body. */
export function unsaved(chosen: Preferences, saved: Preferences): Preferences {
  const patch: Record<string, unknown> = {};
  for (const field of FIELDS) {
    if (chosen[field] !== undefined && chosen[field] !== saved[field]) patch[field] = chosen[field];
  }
  return patch as Preferences;
}

export function isEmpty(preferences: Preferences): boolean {
  return FIELDS.every((field) => preferences[field] === undefined);
}
