import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../hooks/use-locale.ts';
import { ALL_ALLOWED, ESSENTIAL_ONLY } from './consent.ts';
import { consentStore } from './device-storage.ts';
import { useConsent, useOpenConsentSettings } from './use-consent.ts';
import './consent.css';

/**
 * The first visit's question (spec §2 cookie consent dialog). It sits in the page flow above the header,
 * covering nothing, until the visitor chooses; nothing optional is stored meanwhile.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const consent = useConsent();
  const openSettings = useOpenConsentSettings();
  const titleId = useId();
  if (consent !== null) return null;
  return (
    <section className="consent-banner" role="dialog" aria-labelledby={titleId} data-testid="consent-banner">
      <div className="consent-banner__text">
        <h2 id={titleId}>{t('site.consent.title')}</h2>
        <p>
          {t('site.consent.body')} <Link to={to('/privacy')}>{t('site.footer.privacy')}</Link>
        </p>
      </div>
      <div className="consent-banner__actions">
        <button
          type="button"
          className="button button--primary"
          data-testid="consent-accept-all"
          onClick={() => consentStore.set(ALL_ALLOWED)}
        >
          {t('site.consent.acceptAll')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="consent-essential-only"
          onClick={() => consentStore.set(ESSENTIAL_ONLY)}
        >
          {t('site.consent.rejectAll')}
        </button>
        <button type="button" className="button" data-testid="consent-customize" onClick={openSettings}>
          {t('site.consent.customize')}
        </button>
      </div>
    </section>
  );
}
