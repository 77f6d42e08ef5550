import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  choosableColumns,
  defaultColumns,
  moveColumn,
  type OptionalColumnId,
  type Width,
} from '../lib/spread-columns.ts';
import type { SpreadKind } from '../lib/spread-filters.ts';
import { columnTitle } from './spread-column-labels.ts';
import './column-picker.css';

interface Props {
  readonly kind: SpreadKind;
  readonly premiumType: string;
  readonly width: Width;
  readonly chosen: readonly string[] | null;
  readonly onChange: (next: readonly string[] | null) => void;
  readonly sideNames: { readonly source: string; readonly target: string };
}

/**
 * Column choice and order for a table, in a modal <dialog> (focus trapped, Escape closes). Token, both prices
 * and the gap always stay; the rest are checkboxes with up/down buttons. Changes apply at once.
 */
export function ColumnPicker({ kind, premiumType, width, chosen, onChange, sideNames }: Props) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const available = choosableColumns(kind, premiumType);
  const current: OptionalColumnId[] = (chosen ?? defaultColumns(kind, width === 'sm' ? 'md' : width)).filter(
    (id): id is OptionalColumnId => (available as string[]).includes(id),
  );
  const [focusId, setFocusId] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      if (event.target === element) element.close();
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, []);

  // Keep keyboard focus on the arrow that was pressed after its row moved.
  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
  }, [focusId]);

  const ordered = [...current, ...available.filter((id) => !current.includes(id))];
  const title = (id: OptionalColumnId) => columnTitle(id, t, sideNames.source, sideNames.target);

  return (
    <>
      <button
        type="button"
        className="button column-picker__open"
        aria-haspopup="dialog"
        data-testid="columns-button"
        onClick={() => dialog.current?.showModal()}
      >
        {t('columns.customize')}
      </button>
      <dialog ref={dialog} className="column-picker" aria-labelledby={titleId} data-testid="columns-dialog">
        <div className="column-picker__panel">
          <div className="column-picker__head">
            <h2 id={titleId}>{t('columns.customizeTitle')}</h2>
            <button
              type="button"
              className="icon-button"
              aria-label={t('settings.close')}
              onClick={() => dialog.current?.close()}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </div>
          <p className="column-picker__hint">{t('columns.customizeHint')}</p>
          <ul className="column-picker__list">
            {ordered.map((id) => {
              const on = current.includes(id);
              const index = current.indexOf(id);
              return (
                <li key={id} className={`column-picker__item${on ? ' is-on' : ''}`}>
                  <label>
                    <input
                      type="checkbox"
                      checked={on}
                      data-testid={`column-${id}`}
                      onChange={() => onChange(on ? current.filter((c) => c !== id) : [...current, id])}
                    />
                    <span>{title(id)}</span>
                  </label>
                  {on ? (
                    <span className="column-picker__moves">
                      <button
                        type="button"
                        id={`col-up-${id}`}
                        className="icon-button"
                        disabled={index === 0}
                        aria-label={t('columns.moveUp', { column: title(id) })}
                        onClick={() => {
                          onChange(moveColumn(current, index, -1));
                          setFocusId(`col-up-${id}`);
                        }}
                      >
                        <span aria-hidden="true">↑</span>
                      </button>
                      <button
                        type="button"
                        id={`col-down-${id}`}
                        className="icon-button"
                        disabled={index === current.length - 1}
                        aria-label={t('columns.moveDown', { column: title(id) })}
                        onClick={() => {
                          onChange(moveColumn(current, index, 1));
                          setFocusId(`col-down-${id}`);
                        }}
                      >
                        <span aria-hidden="true">↓</span>
                      </button>
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <div className="column-picker__foot">
            <button
              type="button"
              className="button"
              data-testid="columns-reset"
              onClick={() => onChange(null)}
            >
              {t('columns.reset')}
            </button>
            <button type="button" className="button button--primary" onClick={() => dialog.current?.close()}>
              {t('columns.done')}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
