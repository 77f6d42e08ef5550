import type { Language } from '@spreadscope/core';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppHeader } from '../components/app-header.tsx';
import { DataSourceBanner } from '../components/data-source-banner.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { StatusBar } from '../components/status-bar.tsx';
import { ConsentBanner } from '../consent/consent-banner.tsx';
import { ConsentSettingsDialog, type ConsentSettingsHandle } from '../consent/consent-settings-dialog.tsx';
import { ConsentSettingsContext } from '../consent/use-consent.ts';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { useSettings } from '../hooks/use-settings.ts';
import { useVenueConnections } from '../hooks/use-venue-connections.ts';
import { loadLanguage } from '../i18n/i18n.ts';
import { resolveTheme, resolveUpColor } from '../lib/settings.ts';
import './app-shell.css';

/**
 * The frame of every page in one language: the route prefix decides the language (spec §2), and the user's
 * settings decide theme and up/down colours, applied to <html> before paint.
 */
export function LocaleLayout({ language }: { language: Language }) {
  const { t, i18n } = useTranslation();
  const [settings, update] = useSettings();
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  const venues = useVenueConnections();
  const consentDialog = useRef<ConsentSettingsHandle>(null);
  const openConsentSettings = useCallback(() => consentDialog.current?.open(), []);

  useLayoutEffect(() => {
    if (i18n.language === language) {
      document.documentElement.lang = language;
      return;
    }
    // The other language's catalogue may still be on its way: the page stays in the current one until it is in.
    let current = true;
    void loadLanguage(i18n, language).then(async () => {
      if (!current) return;
      await i18n.changeLanguage(language);
      document.documentElement.lang = language;
    });
    return () => {
      current = false;
    };
  }, [i18n, language]);

  // Remember the last language chosen, so the next visit to an unprefixed link can open in it.
  useLayoutEffect(() => {
    update({ language });
  }, [language, update]);

  const theme = resolveTheme(settings.theme, systemDark);
  const upColor = resolveUpColor(settings.colorConvention, language);
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.dataset.up = upColor;
  }, [theme, upColor]);

  return (
    <ConsentSettingsContext value={openConsentSettings}>
      <div className="app-shell">
        <a className="skip-link" href="#main">
          {t('app.skipToContent')}
        </a>
        <ConsentBanner />
        <AppHeader />
        <DataSourceBanner />
        <main id="main" className="app-shell__main" tabIndex={-1}>
          <Outlet />
          <SiteFooter />
        </main>
        <StatusBar venues={venues.data?.venues} />
        <ConsentSettingsDialog ref={consentDialog} />
      </div>
    </ConsentSettingsContext>
  );
}
