import { describe, expect, it } from 'vitest';
import { languageFromPath, localizePath, stripLocale, switchLanguageHref } from './locale-path.ts';

describe('locale prefix', () => {
  it('reads the language from the path, Korean by default', () => {
    expect(languageFromPath('/')).toBe('ko');
    expect(languageFromPath('/premium')).toBe('ko');
    expect(languageFromPath('/en')).toBe('en');
    expect(languageFromPath('/en/premium')).toBe('en');
    // A route that merely starts with the letters is not the English prefix.
    expect(languageFromPath('/engine')).toBe('ko');
  });

  it('strips and adds the prefix', () => {
    expect(stripLocale('/en/premium')).toBe('/premium');
    expect(stripLocale('/en')).toBe('/');
    expect(stripLocale('/premium')).toBe('/premium');
    expect(localizePath('/premium', 'en')).toBe('/en/premium');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('premium', 'ko')).toBe('/premium');
    expect(localizePath('/', 'ko')).toBe('/');
  });

  it('switches language keeping the query and hash', () => {
    const location = { pathname: '/premium', search: '?source=bithumb&minPremium=2', hash: '#top' };
    expect(switchLanguageHref(location, 'en')).toBe('/en/premium?source=bithumb&minPremium=2#top');
    expect(switchLanguageHref({ pathname: '/en/premium', search: '', hash: '' }, 'ko')).toBe('/premium');
    expect(switchLanguageHref({ pathname: '/en', search: '', hash: '' }, 'ko')).toBe('/');
  });
});
