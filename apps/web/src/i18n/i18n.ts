import { DEFAULT_LANGUAGE, type Language } from '@spreadscope/core';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { ko } from './ko.ts';
import { serverCatalogue } from './server-messages.ts';

export const resources = {
  ko: { translation: ko, server: serverCatalogue('ko') },
  en: { translation: en, server: serverCatalogue('en') },
} as const;

/**
 * Spec §8: a missing translation shows a "not yet translated" fallback rather than a raw key or the other
 * language's text. The fallback itself lives in the catalogue, so it reads in the current language.
 */
export function notTranslated(language: string): string {
  return (language === 'en' ? en : ko).common.notTranslated;
}

export function createI18n(language: Language = DEFAULT_LANGUAGE): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    supportedLngs: ['ko', 'en'],
    // No cross-language fallback: an untranslated English key must not silently show Korean, or vice versa.
    fallbackLng: false,
    defaultNS: 'translation',
    ns: ['translation', 'server'],
    // Resources are bundled, so initialisation finishes synchronously and the first render is translated.
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    parseMissingKeyHandler: (key) => {
      if (import.meta.env.DEV) console.warn(`[i18n] missing key "${key}" in ${instance.language}`);
      return notTranslated(instance.language);
    },
    react: { useSuspense: false },
  });
  return instance;
}
