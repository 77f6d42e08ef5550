import { describe, expect, it } from 'vitest';
import { languageFromHeader, SERVER_MESSAGES, translate } from './messages.ts';

describe('server messages', () => {
  it('has every message in both languages, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, english] of Object.entries(SERVER_MESSAGES.en)) {
      const korean = SERVER_MESSAGES.ko[key as keyof typeof SERVER_MESSAGES.ko];
      expect(korean, key).toBeTruthy();
      expect(korean).not.toBe(english);
      expect(placeholders(korean)).toEqual(placeholders(english));
    }
  });

  it('fills placeholders', () => {
    expect(translate('en', 'error.invalidParameter', { param: 'limit', detail: 'too big' })).toBe(
      'Invalid value for "limit": too big',
    );
  });

  it('uses the spec wording for the unknown error', () => {
    expect(translate('en', 'error.internal')).toBe('Unknown error. Please try again later.');
  });

  it('reads the language from Accept-Language, Korean by default', () => {
    expect(languageFromHeader(undefined)).toBe('ko');
    expect(languageFromHeader('en-US,en;q=0.9')).toBe('en');
    expect(languageFromHeader('ko-KR,ko;q=0.9,en;q=0.8')).toBe('ko');
    expect(languageFromHeader('fr-FR,en;q=0.5')).toBe('en');
    expect(languageFromHeader('de-DE')).toBe('ko');
    expect(languageFromHeader('en;q=0.3,ko;q=0.9')).toBe('ko');
  });
});
