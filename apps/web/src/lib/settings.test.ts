import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  type KeyValueStorage,
  loadSettings,
  parseSettings,
  resolveTheme,
  resolveUpColor,
  SETTINGS_STORAGE_KEY,
  saveSettings,
  serializeSettings,
} from './settings.ts';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}

describe('settings persistence', () => {
  it('round-trips every field', () => {
    const settings = {
      language: 'en',
      currency: 'USD',
      theme: 'light',
      interval: '10s',
      colorConvention: 'green-up',
    } as const;
    expect(parseSettings(serializeSettings(settings))).toEqual(settings);
  });

  it('falls back to defaults for missing, corrupt or foreign values', () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('42')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(JSON.stringify({ currency: 'EUR', interval: '1s', theme: 'sepia' }))).toEqual(
      DEFAULT_SETTINGS,
    );
  });

  it('keeps the valid fields when others are invalid', () => {
    expect(parseSettings(JSON.stringify({ currency: 'USD', interval: 'nope' }))).toEqual({
      ...DEFAULT_SETTINGS,
      currency: 'USD',
    });
  });

  it('saves to and loads from storage under the versioned key', () => {
    const storage = memoryStorage();
    saveSettings(storage, { ...DEFAULT_SETTINGS, interval: '30s' });
    expect(storage.data.has(SETTINGS_STORAGE_KEY)).toBe(true);
    expect(loadSettings(storage).interval).toBe('30s');
  });

  it('survives storage that throws', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(loadSettings(broken)).toEqual(DEFAULT_SETTINGS);
    expect(() => saveSettings(broken, DEFAULT_SETTINGS)).not.toThrow();
    expect(loadSettings(undefined)).toEqual(DEFAULT_SETTINGS);
  });
});

describe('derived display choices', () => {
  it('follows the system theme until the user picks one', () => {
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme(null, false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('uses red for up in Korean and green in English unless overridden', () => {
    expect(resolveUpColor('auto', 'ko')).toBe('red');
    expect(resolveUpColor('auto', 'en')).toBe('green');
    expect(resolveUpColor('green-up', 'ko')).toBe('green');
    expect(resolveUpColor('red-up', 'en')).toBe('red');
  });
});
