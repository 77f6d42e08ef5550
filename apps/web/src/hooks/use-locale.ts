import type { Language } from '@spreadscope/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { localizePath } from '../lib/locale-path.ts';

/** The UI language and a helper that writes a route with the right locale prefix. */
export function useLocale(): { language: Language; to: (path: string) => string } {
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'ko';
  const to = useCallback((path: string) => localizePath(path, language), [language]);
  return { language, to };
}
