import { type Ref, useId, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_ALLOWED, CONSENT_CATEGORIES, ESSENTIAL_ONLY, type OptionalCategory } from './consent.ts';
import { consentStore } from './device-storage.ts';
import { useModalDialog } from './modal-dialog.ts';
import './consent.css';

type Choice = Record<OptionalCategory, boolean>;

export interface ConsentSettingsHandle {
  open(): void;
}

/** The four categories of spec §9 with a switch each (essential always on); opened from the footer. */
export function ConsentSettingsDialog({ ref }: { ref: Ref<ConsentSettingsHandle> }) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useModalDialog();
  const [choice, setChoice] = useState<Choice>(ESSENTIAL_ONLY);

  useImperativeHandle(ref, () => ({
    open() {
      const current = consentStore.get();
      setChoice(current ? { ...current } : { ...ESSENTIAL_ONLY });
      dialog.open();
    },
  }));

  const save = (next: Choice) => {
    consentStore.set(next);
    dialog.close();
  };

  return (
    <dialog
      ref={dialog.ref}
      className="settings-dialog consent-dialog"
      aria-labelledby={titleId}
      data-testid="consent-dialog"
    >
      <form
        className="settings-dialog__panel consent-dialog__panel"
        onSubmit={(event) => {
          event.preventDefault();
          save(choice);
        }}
      >
        <div className="settings-dialog__head">
          <h2 id={titleId}>{t('site.consent.title')}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('site.consent.close')}
            title={t('site.consent.close')}
            onClick={dialog.close}
          >
            <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <p className="consent-dialog__lead">{t('site.consent.body')}</p>
        <ul className="consent-dialog__list">
          {CONSENT_CATEGORIES.map((category) => (
            <li key={category} className="consent-dialog__item">
              <label className="consent-dialog__label">
                <input
                  type="checkbox"
                  checked={category === 'essential' ? true : choice[category]}
                  disabled={category === 'essential'}
                  data-testid={`consent-${category}`}
                  onChange={(event) => {
                    if (category !== 'essential') setChoice({ ...choice, [category]: event.target.checked });
                  }}
                />
                <span className="consent-dialog__name">{t(`site.consent.categories.${category}.title`)}</span>
                {category === 'essential' ? (
                  <span className="consent-dialog__always">{t('site.consent.always')}</span>
                ) : null}
              </label>
              <p className="consent-dialog__body">{t(`site.consent.categories.${category}.body`)}</p>
            </li>
          ))}
        </ul>
        <div className="consent-dialog__actions">
          <button type="submit" className="button button--primary" data-testid="consent-save">
            {t('site.consent.save')}
          </button>
          <button type="button" className="button" onClick={() => save(ALL_ALLOWED)}>
            {t('site.consent.acceptAll')}
          </button>
          <button type="button" className="button" onClick={() => save(ESSENTIAL_ONLY)}>
            {t('site.consent.rejectAll')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
