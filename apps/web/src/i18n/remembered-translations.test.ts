import { describe, expect, it, vi } from 'vitest';
import { createI18n, createLoadedI18n } from './i18n.ts';
import { callId } from './remembered-translations.ts';

/** i18next's own translator, counted: how often a text was really worked out. */
function countTranslations(instance: ReturnType<typeof createI18n>) {
  const translator = (instance as unknown as { translator: { translate: (...args: unknown[]) => unknown } })
    .translator;
  return vi.spyOn(translator, 'translate');
}

describe('remembered translations', () => {
  it('works a repeated call out once, through t and through the fixed t a component gets', async () => {
    const en = await createLoadedI18n('en');
    const translate = countTranslations(en);
    const fixed = en.getFixedT(null, 'translation');
    const texts = [
      en.t('duration.hours', { h: 4, m: 12 }),
      en.t('duration.hours', { h: 4, m: 12 }),
      fixed('duration.hours', { h: 4, m: 12 }),
      fixed('duration.hours', { h: 4, m: 12 }),
    ];
    expect(new Set(texts)).toEqual(new Set([en.t('duration.hours', { h: 4, m: 12 })]));
    expect(texts[0]).toMatch(/4.*12/);
    // Once for t, once for the fixed function (its namespace is part of what it is fixed to).
    expect(translate).toHaveBeenCalledTimes(2);
    expect(en.t('duration.hours', { h: 5, m: 12 })).not.toBe(texts[0]);
  });

  it('answers in the new language after a switch, and with the new text after the catalogue changes', async () => {
    const i18n = await createLoadedI18n('ko');
    const fixed = () => i18n.getFixedT(null, 'translation');
    expect(fixed()('nav.premium')).toBe('김프 현황');
    await i18n.changeLanguage('en');
    const { loadLanguage } = await import('./i18n.ts');
    await loadLanguage(i18n, 'en');
    expect(fixed()('nav.premium')).toBe('Kimchi premium');
    expect(i18n.t('nav.premium')).toBe('Kimchi premium');
    i18n.addResource('en', 'translation', 'nav.premium', 'Premium (renamed)');
    expect(i18n.t('nav.premium')).toBe('Premium (renamed)');
    expect(fixed()('nav.premium')).toBe('Premium (renamed)');
  });

  it('pluralises a count as a number and as text alike, each remembered apart', async () => {
    const en = await createLoadedI18n('en');
    expect(en.t('premium.count', { count: 1 })).toBe(en.t('premium.count', { count: 1 }));
    expect(en.t('premium.count', { count: 3 })).toBe('3 tokens');
    expect(callId('premium.count', { count: 1 })).not.toBe(callId('premium.count', { count: '1' }));
  });

  it('leaves calls with more than plain values to i18next every time', () => {
    expect(callId('a.b', { value: { nested: 1 } })).toBeUndefined();
    expect(callId('a.b', { format: () => 'x' })).toBeUndefined();
    expect(callId(['a.b', 'c.d'], undefined)).toBeUndefined();
    expect(callId('a.b', { lngs: ['ko', 'en'], ns: 'translation' })).toBeDefined();
    const ko = createI18n('ko');
    const translate = countTranslations(ko);
    const objects = ko.t('duration.count', { returnObjects: true });
    expect(objects).toMatchObject({ m: '{{n}}분' });
    const once = translate.mock.calls.length;
    ko.t('duration.count', { returnObjects: true });
    // Not text: never remembered, worked out again as the first time.
    expect(once).toBeGreaterThan(0);
    expect(translate).toHaveBeenCalledTimes(2 * once);
  });
});
