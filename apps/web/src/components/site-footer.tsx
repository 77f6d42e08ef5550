import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOpenConsentSettings } from '../consent/use-consent.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { useSiteInfo } from '../pages/info/site-api.ts';
import './site-footer.css';

const GROUPS = [
  {
    key: 'product',
    links: [
      ['aboutProduct', '/about-datamaxi'],
      ['pricing', '/pricing'],
      ['promotion', '/promotion'],
      ['api', '/api'],
      ['dataset', '/dataset'],
    ],
  },
  {
    key: 'company',
    links: [
      ['aboutOperator', '/about-bisonai'],
      ['partnership', '/partnership'],
      ['contact', '/contact-us'],
    ],
  },
  {
    key: 'legal',
    links: [
      ['terms', '/terms'],
      ['privacy', '/privacy'],
    ],
  },
] as const;

/** The bottom of every page: the information pages (spec §2), the operator, and the cookie settings. */
export function SiteFooter() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const openConsent = useOpenConsentSettings();
  const operator = useSiteInfo().data?.operator;
  return (
    <footer className="site-footer" data-testid="site-footer">
      <nav className="site-footer__groups" aria-label={t('site.footer.label')}>
        {GROUPS.map((group) => (
          <div key={group.key} className="site-footer__group">
            <h2>{t(`site.footer.${group.key}`)}</h2>
            <ul>
              {group.links.map(([key, path]) => (
                <li key={key}>
                  <Link to={to(path)} data-testid={`site-footer-${key}`}>
                    {t(`site.footer.${key}`)}
                  </Link>
                </li>
              ))}
              {group.key === 'legal' ? (
                <li>
                  <button
                    type="button"
                    className="site-footer__link-button"
                    data-testid="site-footer-cookies"
                    onClick={openConsent}
                  >
                    {t('site.footer.cookies')}
                  </button>
                </li>
              ) : null}
            </ul>
          </div>
        ))}
      </nav>
      <p className="site-footer__fine">
        {operator ? <span>{t('site.footer.runBy', { name: operator.name })}</span> : null}
        {operator?.registration ? (
          <span>{t('site.footer.registration', { number: operator.registration })}</span>
        ) : null}
        <span>{t('site.footer.notAdvice')}</span>
      </p>
    </footer>
  );
}
