import { SEARCH_TYPES, type SearchResponse, type SearchType } from '@spreadscope/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebouncedCallback } from '../../hooks/use-debounced-callback.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { getJson } from '../../lib/api-client.ts';
import { isSearchShortcut, moveActive, type PlacedHit, placeHits } from './search-hits.ts';
import { SearchResults } from './search-results.tsx';
import './global-search.css';

/**
 * The header's global search (spec §2): `/` or Ctrl/⌘-K opens a palette; one text searches tokens (ticker,
 * Korean and English names, initials), exchanges, announcements and the social sources, grouped by type.
 * Arrows move, Enter opens, Escape closes (a native modal <dialog> traps focus and closes on Escape).
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [type, setType] = useState<SearchType>('all');
  const [active, setActive] = useState(-1);
  const applyText = useDebouncedCallback((value: string) => {
    setQ(value.trim());
    setActive(-1);
  }, 150);
  const results = useQuery({
    queryKey: ['search', q, type, language],
    queryFn: ({ signal }) => getJson<SearchResponse>('/search', { q, type }, language, signal),
    enabled: q !== '',
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const answer = q !== '' ? results.data : undefined;
  const placed = useMemo(() => placeHits(answer?.groups ?? []), [answer]);

  const open = () => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    input.current?.focus();
    input.current?.select();
  };

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      if (event.target === element) element.close();
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, []);

  const go = (placedHit: PlacedHit | undefined) => {
    if (!placedHit) return;
    dialog.current?.close();
    const { hit } = placedHit;
    if (hit.url) window.open(hit.url, '_blank', 'noopener,noreferrer');
    else navigate(to(hit.path));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => moveActive(current, placed.length, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      applyText.flush(text);
      go(placed[active] ?? placed[0]);
    }
  };

  return (
    <>
      <button
        type="button"
        className="icon-button global-search__button"
        aria-label={t('search.shortcut')}
        title={t('search.shortcut')}
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K Meta+K"
        data-testid="search-button"
        onClick={open}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zm9 16-4.3-4.3"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            fill="none"
          />
        </svg>
      </button>
      <dialog
        ref={dialog}
        className="global-search"
        aria-label={t('search.dialogLabel')}
        data-testid="search-dialog"
      >
        <div className="global-search__panel">
          <div className="global-search__bar">
            <input
              ref={input}
              // Not type="search": its first Escape only clears the text, and Escape must close the palette.
              type="text"
              className="global-search__input"
              role="combobox"
              aria-expanded={placed.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
              aria-label={t('search.dialogLabel')}
              placeholder={t('search.placeholder')}
              value={text}
              data-testid="search-input"
              onChange={(event) => {
                setText(event.target.value);
                applyText.call(event.target.value);
              }}
              onKeyDown={onKeyDown}
            />
            <label className="global-search__type">
              <span className="visually-hidden">{t('search.typeLabel')}</span>
              <select
                value={type}
                data-testid="search-type"
                onChange={(event) => {
                  setType(event.target.value as SearchType);
                  setActive(-1);
                }}
              >
                {SEARCH_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {t(`search.types.${value}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <SearchResults
            listId={listId}
            q={q}
            answer={answer}
            placed={placed}
            active={active}
            loading={results.isFetching && !answer}
            error={results.error}
            onPick={go}
          />
          <p className="global-search__keys">{t('search.keys')}</p>
        </div>
      </dialog>
    </>
  );
}
