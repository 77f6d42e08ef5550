import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { useSettings } from '../hooks/use-settings.ts';
import { COLOR_CONVENTIONS, resolveTheme, THEMES } from '../lib/settings.ts';
import { CurrencyToggle } from './currency-toggle.tsx';
import { IntervalControl } from './interval-control.tsx';
import { LanguageChoice } from './language-switch.tsx';
import { SegmentedControl } from './segmented-control.tsx';
import './settings-dialog.css';

/**
 * Every display choice in one place; on a phone it is the only way to reach language, theme and interval.
 * A native modal <dialog> traps focus and closes on Escape by itself (UI.md).
 */
export function SettingsDialog() {
  const { t } = useTranslation();
  const [settings, update] = useSettings();
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const theme = resolveTheme(settings.theme, systemDark);

  // A click on the backdrop lands on the <dialog> itself (outside its panel) and closes it; Escape is native.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      if (event.target === element) element.close();
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, []);

  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label={t('settings.open')}
        title={t('settings.open')}
        aria-haspopup="dialog"
        data-testid="settings-button"
        onClick={() => dialog.current?.showModal()}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4 6h10.2a3 3 0 0 1 5.6 0H20a1 1 0 1 1 0 2h-.2a3 3 0 0 1-5.6 0H4a1 1 0 0 1 0-2zm0 10h.2a3 3 0 0 1 5.6 0H20a1 1 0 1 1 0 2H9.8a3 3 0 0 1-5.6 0H4a1 1 0 1 1 0-2zm13-9a1 1 0 1 0 0-.01zM7 17a1 1 0 1 0 0-.01z"
          />
        </svg>
      </button>
      <dialog
        ref={dialog}
        className="settings-dialog"
        aria-labelledby={titleId}
        data-testid="settings-dialog"
      >
        <div className="settings-dialog__panel">
          <div className="settings-dialog__head">
            <h2 id={titleId}>{t('settings.title')}</h2>
            <button
              type="button"
              className="icon-button"
              aria-label={t('settings.close')}
              title={t('settings.close')}
              onClick={() => dialog.current?.close()}
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
          <dl className="settings-dialog__list">
            <dt>{t('settings.language')}</dt>
            <dd>
              <LanguageChoice />
            </dd>
            <dt>{t('settings.currency')}</dt>
            <dd>
              <CurrencyToggle size="md" testId="settings-currency" />
            </dd>
            <dt>{t('settings.interval')}</dt>
            <dd>
              <IntervalControl size="md" testId="settings-interval" />
            </dd>
            <dt>{t('settings.theme')}</dt>
            <dd>
              <SegmentedControl
                label={t('settings.theme')}
                size="md"
                value={theme}
                options={THEMES.map((value) => ({ value, label: t(`settings.themes.${value}`) }))}
                onChange={(value) => update({ theme: value })}
              />
            </dd>
            <dt>{t('settings.colors')}</dt>
            <dd>
              <SegmentedControl
                label={t('settings.colors')}
                size="md"
                className="settings-dialog__colors"
                value={settings.colorConvention}
                options={COLOR_CONVENTIONS.map((value) => ({
                  value,
                  label: t(`settings.colorConventions.${value}`),
                }))}
                onChange={(value) => update({ colorConvention: value })}
              />
            </dd>
          </dl>
        </div>
      </dialog>
    </>
  );
}
