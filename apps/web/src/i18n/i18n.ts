import { DEFAULT_LANGUAGE, type Language, SERVER_MESSAGES_KO } from '@spreadscope/core';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ko } from './ko.ts';
import { rememberTranslations } from './remembered-translations.ts';
import { serverCatalogue } from './server-messages.ts';

const koResources = { translation: ko, server: serverCatalogue(SERVER_MESSAGES_KO) };
type LanguageResources = typeof koResources;

/** The default language's catalogue is in the main bundle; the others are fetched when a page needs them. */
const LOADERS: Record<Language, () => Promise<LanguageResources>> = {
  ko: async () => koResources,
  en: async () => (await import('./en-resources.ts')).enResources,
};

/**
 * Spec §8: a missing translation shows a "not yet translated" fallback rather than a raw key or the other
 * language's text. The fallback itself lives in the catalogue, so it reads in the current language.
 */
function notTranslated(instance: i18n): string {
  const text = instance.getResource(instance.language, 'translation', 'common.notTranslated');
  return typeof text === 'string' ? text : ko.common.notTranslated;
}

/** Fetches a language's catalogue into the instance once (before it is switched to or first rendered in). */
export async function loadLanguage(instance: i18n, language: Language): Promise<void> {
  if (instance.hasResourceBundle(language, 'translation')) return;
  const resources = await LOADERS[language]();
  instance.addResourceBundle(language, 'translation', resources.translation, true, true);
  instance.addResourceBundle(language, 'server', resources.server, true, true);
}

/** An instance in `language` with its catalogue loaded: what a first render needs. */
export async function createLoadedI18n(language: Language = DEFAULT_LANGUAGE): Promise<i18n> {
  const instance = createI18n(language);
  await loadLanguage(instance, language);
  return instance;
}

/**
 * An instance in `language`. Only the default language's catalogue comes with it: another renders as "not yet
 * translated" until loadLanguage (or createLoadedI18n) has fetched it.
 */
export function createI18n(language: Language = DEFAULT_LANGUAGE): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { ko: koResources },
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
      return notTranslated(instance);
    },
    react: { useSuspense: false },
  });
  rememberTranslations(instance);
  return instance;
}
