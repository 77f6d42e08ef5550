import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocale } from '../hooks/use-locale.ts';
import './not-found-page.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(t('titles.notFound'));
  return (
    <section className="not-found" data-testid="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p className="not-found__body">{t('notFound.body')}</p>
      <div className="not-found__actions">
        <Link className="button button--primary" to={to('/premium')}>
          {t('notFound.premium')}
        </Link>
        <Link className="button" to={to('/')}>
          {t('notFound.home')}
        </Link>
      </div>
    </section>
  );
}
