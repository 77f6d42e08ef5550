import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** `<page> · Spreadscope`, in the UI language; updates when the language switches. */
export function useDocumentTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const suffix = t('titles.suffix');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${suffix}` : suffix;
  }, [pageTitle, suffix]);
}
