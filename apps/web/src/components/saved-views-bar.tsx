import type { FilterPreset, SavedViewTable } from '@spreadscope/contracts';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavedViews } from '../hooks/use-saved-views.ts';
import './saved-views-bar.css';

interface Props {
  readonly table: SavedViewTable;
  /** The table's filters as its URL query, in canonical form (defaults left out). */
  readonly current: Readonly<Record<string, string>>;
  readonly onApply: (filters: Readonly<Record<string, string>>) => void;
}

/** Same filters whatever the key order: what decides whether a shortcut shows as the current view. */
function sameFilters(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/**
 * One-click shortcuts above a premium or arbitrage table and a menu of the user's named filter presets: save
 * the current filters under a name, apply, delete, or pin one to the shortcut row.
 */
export function SavedViewsBar({ table, current, onApply }: Props) {
  const { t } = useTranslation();
  const views = useSavedViews(table);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const menu = useRef<HTMLDetailsElement>(null);
  const nameId = useId();
  const hintId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setProblem(t('views.nameRequired'));
      return;
    }
    setProblem(null);
    if (await views.save(name, { ...current })) setName('');
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menu.current?.open) return;
    menu.current.open = false;
    menu.current.querySelector('summary')?.focus();
  };
  const apply = (preset: FilterPreset) => {
    onApply(preset.filters);
    if (menu.current) menu.current.open = false;
  };

  return (
    <section className="saved-views" aria-label={t('views.label')} data-testid="saved-views">
      {views.shortcuts.length > 0 && (
        <fieldset className="saved-views__chips">
          <legend className="visually-hidden">{t('views.shortcutsLabel')}</legend>
          {views.shortcuts.map((preset) => (
            <button
              key={preset.id}
              type="button"
              className="saved-views__chip"
              aria-pressed={sameFilters(preset.filters, current)}
              data-testid="saved-view-shortcut"
              onClick={() => onApply(preset.filters)}
            >
              {preset.name}
            </button>
          ))}
        </fieldset>
      )}
      <details className="saved-views__menu" ref={menu} onKeyDown={closeOnEscape}>
        <summary data-testid="saved-views-open">
          {t('views.open')}{' '}
          <span className="saved-views__count">
            {t('views.count', { count: views.presets.length, max: views.limits.presets })}
          </span>
        </summary>
        <div className="saved-views__panel">
          <form className="saved-views__form" onSubmit={(e) => void submit(e)} noValidate>
            <label htmlFor={nameId}>{t('views.nameLabel')}</label>
            <div className="saved-views__row">
              <input
                id={nameId}
                value={name}
                maxLength={40}
                placeholder={t('views.namePlaceholder')}
                aria-describedby={hintId}
                aria-invalid={problem !== null}
                data-testid="saved-view-name"
                onChange={(event) => setName(event.target.value)}
              />
              <button type="submit" className="saved-views__save" data-testid="saved-view-save">
                {t('views.save')}
              </button>
            </div>
            {problem && (
              <p className="saved-views__problem" role="alert">
                {problem}
              </p>
            )}
            <p className="saved-views__hint" id={hintId}>
              {views.signedIn ? t('views.onAccount') : t('views.onDevice')}
            </p>
          </form>
          {views.presets.length === 0 ? (
            <p className="saved-views__empty">{t('views.empty')}</p>
          ) : (
            <ul className="saved-views__list">
              {views.presets.map((preset) => (
                <li key={preset.id} data-testid="saved-view">
                  <button
                    type="button"
                    className="saved-views__apply"
                    aria-label={t('views.applyNamed', { name: preset.name })}
                    aria-current={sameFilters(preset.filters, current) ? 'true' : undefined}
                    onClick={() => apply(preset)}
                  >
                    {preset.name}
                  </button>
                  <button
                    type="button"
                    className="saved-views__star"
                    aria-pressed={preset.shortcut !== null}
                    aria-label={t(preset.shortcut === null ? 'views.shortcutOn' : 'views.shortcutOff', {
                      name: preset.name,
                    })}
                    data-testid="saved-view-star"
                    onClick={() => void views.toggleShortcut(preset)}
                  >
                    {preset.shortcut === null ? '☆' : '★'}
                  </button>
                  <button
                    type="button"
                    className="saved-views__delete"
                    aria-label={t('views.removeNamed', { name: preset.name })}
                    data-testid="saved-view-delete"
                    onClick={() => void views.remove(preset)}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </details>
    </section>
  );
}
