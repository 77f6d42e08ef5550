import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../lib/settings.ts';
import { changedPreferences, isEmpty, preferencesOf, settingsPatchOf, unsaved } from './preferences.ts';

describe('settings ↔ account preferences', () => {
  it('sends only what changed', () => {
    const after = { ...DEFAULT_SETTINGS, currency: 'USD' as const, theme: 'light' as const };
    expect(changedPreferences(DEFAULT_SETTINGS, after)).toEqual({ currency: 'USD', theme: 'light' });
    expect(changedPreferences(after, after)).toEqual({});
  });

  it('applies saved fields and leaves the rest to the browser', () => {
    expect(settingsPatchOf({ interval: '30s' })).toEqual({ interval: '30s' });
    expect(settingsPatchOf({ theme: null })).toEqual({ theme: null });
    expect(isEmpty({})).toBe(true);
    expect(isEmpty(preferencesOf(DEFAULT_SETTINGS))).toBe(false);
  });

  it('saves only the choices the account does not hold yet', () => {
    expect(unsaved({ language: 'en', theme: 'dark' }, { language: 'ko', theme: 'dark' })).toEqual({
      language: 'en',
    });
    expect(unsaved({ language: 'ko' }, { language: 'ko' })).toEqual({});
  });
});
