import { describe, expect, it } from 'vitest';
import { en as enCatalogue } from './en.ts';
import { createI18n, createLoadedI18n, loadLanguage } from './i18n.ts';
import { ko as koCatalogue } from './ko.ts';

describe('i18n runtime', () => {
  it('translates in the chosen language, Korean by default', async () => {
    expect(createI18n().t('nav.premium')).toBe('김프 현황');
    expect((await createLoadedI18n('en')).t('nav.premium')).toBe('Kimchi premium');
  });

  it('shows the not-yet-translated fallback for a missing key, in the current language', async () => {
    const ko = createI18n('ko');
    // biome-ignore lint/suspicious/noExplicitAny: deliberately asking for a key the catalogue lacks
    const t = ko.t as (key: string) => any;
    expect(t('nowhere.toBeFound')).toBe('번역 준비 중');
    const en = await createLoadedI18n('en');
    expect((en.t as (key: string) => string)('nowhere.toBeFound')).toBe('Not yet translated');
  });

  it('serves the server messages as their own namespace', async () => {
    expect((await createLoadedI18n('en')).t('server:error.internal')).toBe(
      'Unknown error. Please try again later.',
    );
  });

  it('interpolates without HTML escaping (React escapes)', async () => {
    const en = await createLoadedI18n('en');
    expect(en.t('premium.count', { count: 3 })).toBe('3 tokens');
    expect(en.t('landing.heroTitle', { base: 'BTC', source: 'A&B', target: 'C' })).toBe('BTC on A&B vs C');
  });

  it('fetches English only when asked: until then an English instance shows only the not-yet-translated placeholder', async () => {
    const english = createI18n('en');
    expect(english.t('app.skipToContent')).toBe(koCatalogue.common.notTranslated);
    await loadLanguage(english, 'en');
    expect(english.t('app.skipToContent')).toBe(enCatalogue.app.skipToContent);
    // A Korean page switched to English after the fetch.
    const korean = createI18n('ko');
    await loadLanguage(korean, 'en');
    await korean.changeLanguage('en');
    expect(korean.t('app.skipToContent')).toBe(enCatalogue.app.skipToContent);
  });
});
