import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/use-locale.ts';
import { pageCount, pageRange } from '../lib/table-paging.ts';
import './table-pager.css';

export interface PagerProps {
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly onPage: (page: number) => void;
}

/**
 * Every row of a table is one page away: "501–1,000 / 18,654" with previous, next and a jump to any page. The
 * page on screen stays live; sorting is the server's, across all pages.
 */
export function TablePager({ page, pageSize, total, onPage }: PagerProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const id = useId();
  const pages = pageCount(total, pageSize);
  const { from, to } = pageRange(page, pageSize, total);
  const number = new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US');
  if (pages <= 1) return null;
  return (
    <nav className="table-pager" aria-label={t('pager.label')} data-testid="pager">
      <span className="table-pager__range num" data-testid="pager-range">
        {t('pager.range', { from: number.format(from), to: number.format(to), total: number.format(total) })}
      </span>
      <button
        type="button"
        className="table-pager__step"
        aria-label={t('pager.previous')}
        title={t('pager.previous')}
        disabled={page <= 1}
        data-testid="pager-prev"
        onClick={() => onPage(page - 1)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <label className="visually-hidden" htmlFor={id}>
        {t('pager.jump')}
      </label>
      <select
        id={id}
        className="table-pager__select num"
        value={page}
        data-testid="pager-page"
        onChange={(event) => onPage(Number(event.target.value))}
      >
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {t('pager.page', { page: n, pages })}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="table-pager__step"
        aria-label={t('pager.next')}
        title={t('pager.next')}
        disabled={page >= pages}
        data-testid="pager-next"
        onClick={() => onPage(page + 1)}
      >
        <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
