import type { Language } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocale } from '../hooks/use-locale.ts';
import { switchLanguageHref } from '../lib/locale-path.ts';

/** Links to the same page in the other language: the language lives in the URL prefix (spec §2). */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const location = useLocation();
  const other: Language = language === 'ko' ? 'en' : 'ko';
  const name = t(`settings.languageNames.${other}`);
  return (
    <Link
      to={switchLanguageHref(location, other)}
      className={`button language-switch${className ? ` ${className}` : ''}`}
      hrefLang={other}
      lang={other}
      aria-label={t('settings.switchLanguage', { language: name })}
      data-testid="language-switch"
    >
      {name}
    </Link>
  );
}

/** Both languages side by side, the current one marked, for the settings dialog. */
export function LanguageChoice() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const location = useLocation();
  return (
    <fieldset className="segmented segmented--md">
      <legend className="visually-hidden">{t('settings.language')}</legend>
      {(['ko', 'en'] as const).map((lang) => (
        <Link
          key={lang}
          to={switchLanguageHref(location, lang)}
          className="segmented__option segmented__option--link"
          aria-current={lang === language ? 'true' : undefined}
          hrefLang={lang}
          lang={lang}
        >
          {t(`settings.languageNames.${lang}`)}
        </Link>
      ))}
    </fieldset>
  );
}
