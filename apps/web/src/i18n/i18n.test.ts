import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n.ts';

describe('i18n runtime', () => {
  it('translates in the chosen language, Korean by default', () => {
    expect(createI18n().t('nav.premium')).toBe('김프 현황');
    expect(createI18n('en').t('nav.premium')).toBe('Kimchi premium');
  });

  it('shows the not-yet-translated fallback for a missing key, in the current language', () => {
    const ko = createI18n('ko');
    // biome-ignore lint/suspicious/noExplicitAny: deliberately asking for a key the catalogue lacks
    const t = ko.t as (key: string) => any;
    expect(t('nowhere.toBeFound')).toBe('번역 준비 중');
    const en = createI18n('en');
    expect((en.t as (key: string) => string)('nowhere.toBeFound')).toBe('Not yet translated');
  });

  it('serves the server messages as their own namespace', () => {
    expect(createI18n('en').t('server:error.internal')).toBe('Unknown error. Please try again later.');
  });

  it('interpolates without HTML escaping (React escapes)', () => {
    expect(createI18n('en').t('premium.count', { count: 3 })).toBe('3 tokens');
    expect(createI18n('en').t('landing.heroTitle', { base: 'BTC', source: 'A&B', target: 'C' })).toBe(
      'BTC on A&B vs C',
    );
  });
});
