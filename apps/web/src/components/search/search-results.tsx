import type { SearchResponse } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { offReason, type PlacedHit } from './search-hits.ts';

interface Props {
  readonly listId: string;
  readonly q: string;
  readonly answer: SearchResponse | undefined;
  readonly placed: readonly PlacedHit[];
  readonly active: number;
  readonly loading: boolean;
  readonly error: Error | null;
  readonly onPick: (hit: PlacedHit) => void;
}

/** The palette's results, grouped by type; an empty answer says "No results found." in the reader's words. */
export function SearchResults({ listId, q, answer, placed, active, loading, error, onPick }: Props) {
  const { t } = useTranslation();
  if (q === '') return <p className="global-search__note">{t('search.hint')}</p>;
  if (error)
    return (
      <p className="global-search__note" role="alert">
        {t('search.failed', { message: error.message })}
      </p>
    );
  if (loading || !answer)
    return (
      <p className="global-search__note" role="status">
        {t('search.loading')}
      </p>
    );
  const unavailable = answer.groups.filter((g) => !g.available && !g.off);
  const off = answer.groups.filter((g) => !g.available && g.off);
  return (
    <div className="global-search__results" data-testid="search-results" data-q={answer.q}>
      {/* Nothing searched (every group's source off) is no "No results found.": the notes below say why. */}
      {placed.length === 0 && answer.groups.some((g) => g.available) ? (
        <p className="global-search__empty" role="status" data-testid="search-empty">
          {t('search.noResults')}
        </p>
      ) : null}
      <div id={listId} role="listbox" aria-label={t('search.dialogLabel')}>
        {answer.groups
          .filter((group) => group.hits.length > 0)
          .map((group) => (
            <div key={group.type} data-testid={`search-group-${group.type}`}>
              <p className="global-search__group" aria-hidden="true">
                {t(`search.types.${group.type}`)}
              </p>
              {placed
                .filter((p) => p.group === group.type)
                .map((p) => (
                  <div
                    key={p.hit.id}
                    id={`${listId}-${p.index}`}
                    role="option"
                    aria-selected={p.index === active}
                    tabIndex={-1}
                    className={`global-search__hit${p.index === active ? ' is-active' : ''}`}
                    data-testid="search-hit"
                    onClick={() => onPick(p)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') onPick(p);
                    }}
                  >
                    <span className="global-search__title">{p.hit.title}</span>
                    {p.hit.subtitle ? (
                      <span className="global-search__subtitle">{p.hit.subtitle}</span>
                    ) : null}
                    {p.hit.url ? (
                      <span className="global-search__subtitle">↗ {t('search.external')}</span>
                    ) : null}
                  </div>
                ))}
            </div>
          ))}
      </div>
      {unavailable.length > 0 ? (
        <p className="global-search__note" data-testid="search-unavailable">
          {t('search.notAvailable')}: {unavailable.map((g) => t(`search.types.${g.type}`)).join(', ')}
        </p>
      ) : null}
      {off.map((g) => (
        <p key={g.type} className="global-search__note" data-testid={`search-off-${g.type}`}>
          {t('searchPalette.off', {
            type: t(`search.types.${g.type}`),
            reason: t(`trend.reasons.${offReason(g.off?.reason)}`),
          })}
        </p>
      ))}
    </div>
  );
}
