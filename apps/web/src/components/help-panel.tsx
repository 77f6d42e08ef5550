import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useModalDialog } from '../consent/modal-dialog.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { useSiteInfo } from '../pages/info/site-api.ts';
import './help-panel.css';

const FAQ = ['premium', 'base', 'simulated', 'plans', 'alerts'] as const;

/**
 * The chat toggle (spec §2 "Other"): a help panel from every page with short answers, the contact form and
 * the operator's Telegram and KakaoTalk channels where configured. A modal dialog: focus stays inside,
 * Escape closes it and the focus returns to the toggle.
 */
export function HelpPanel() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const titleId = useId();
  const dialog = useModalDialog();
  const site = useSiteInfo().data;
  const { telegram, kakao } = site?.channels ?? { telegram: null, kakao: null };
  return (
    <>
      <button
        type="button"
        className="help-toggle"
        aria-haspopup="dialog"
        aria-label={t('site.help.open')}
        title={t('site.help.open')}
        data-testid="help-toggle"
        onClick={dialog.open}
      >
        <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm2 5v2h12V9H6zm0 4v2h8v-2H6z"
          />
        </svg>
        <span className="help-toggle__label">{t('site.help.open')}</span>
      </button>
      <dialog
        ref={dialog.ref}
        className="settings-dialog help-panel"
        aria-labelledby={titleId}
        data-testid="help-panel"
      >
        <div className="settings-dialog__panel help-panel__body">
          <div className="settings-dialog__head">
            <h2 id={titleId}>{t('site.help.title')}</h2>
            <button
              type="button"
              className="icon-button"
              aria-label={t('site.help.close')}
              title={t('site.help.close')}
              data-testid="help-close"
              onClick={dialog.close}
            >
              <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path
                  d="M5 5l14 14M19 5L5 19"
                  stroke="currentColor"
                  strokeWidth="2.4"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </div>
          <h3>{t('site.help.faqTitle')}</h3>
          <div className="help-panel__faq">
            {FAQ.map((id) => (
              <details key={id} data-testid={`help-faq-${id}`}>
                <summary>{t(`site.help.faq.${id}.q`)}</summary>
                <p>{t(`site.help.faq.${id}.a`)}</p>
              </details>
            ))}
          </div>
          <h3>{t('site.help.contactTitle')}</h3>
          <div className="help-panel__actions">
            <Link
              className="button button--primary"
              to={to('/contact-us')}
              data-testid="help-contact"
              onClick={dialog.close}
            >
              {t('site.help.contactForm')}
            </Link>
            {telegram ? (
              <a
                className="button"
                href={telegram}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="help-telegram"
              >
                {t('site.help.telegram')}
              </a>
            ) : null}
            {kakao ? (
              <a
                className="button"
                href={kakao}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="help-kakao"
              >
                {t('site.help.kakao')}
              </a>
            ) : null}
          </div>
        </div>
      </dialog>
    </>
  );
}
