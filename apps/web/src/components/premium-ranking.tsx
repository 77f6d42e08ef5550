import type { PremiumRow } from '@spreadscope/contracts';
import { type Currency, formatPercent, formatPrice } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../hooks/use-locale.ts';
import { orNaN, tone } from '../lib/number-display.ts';
import { DEFAULT_FILTERS, filtersToSearch } from '../lib/premium-filters.ts';
import './premium-ranking.css';

interface Props {
  readonly title: string;
  readonly subtitle?: string;
  readonly rows: readonly PremiumRow[];
  readonly emptyText: string;
  readonly loading: boolean;
  readonly currency: Currency;
  readonly testId: string;
}

/** A ranked list of premiums; fresh rows only (the caller filters), each a link into the full table. */
export function PremiumRanking({ title, subtitle, rows, emptyText, loading, currency, testId }: Props) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const headingId = `${testId}-title`;
  return (
    <section className="ranking" aria-labelledby={headingId} data-testid={testId}>
      <div className="ranking__head">
        <h2 id={headingId}>{title}</h2>
        {subtitle ? <p className="ranking__subtitle">{subtitle}</p> : null}
      </div>
      {rows.length === 0 ? (
        <p className="ranking__empty">{loading ? t('common.loading') : emptyText}</p>
      ) : (
        <ol className="ranking__list">
          {rows.map((row, i) => {
            const query = filtersToSearch({
              ...DEFAULT_FILTERS,
              source: row.source.exchange,
              target: row.target.exchange,
              search: row.base,
            });
            return (
              <li key={row.id}>
                <Link
                  className="ranking__row"
                  to={`${to('/premium')}?${query.toString()}`}
                  data-testid={`${testId}-row-${row.base}`}
                >
                  <span className="ranking__rank num">
                    <span className="visually-hidden">{t('landing.rank')} </span>
                    {i + 1}
                  </span>
                  <span className="ranking__base">{row.base}</span>
                  <span className="ranking__price num">
                    {formatPrice(orNaN(row.source.price), currency, language)}
                  </span>
                  <span className={`ranking__gap num ${tone(row.gapPercent)}`} data-testid="gap">
                    {formatPercent(orNaN(row.gapPercent))}
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
