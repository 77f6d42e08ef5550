import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocale } from '../hooks/use-locale.ts';
import '../pages/not-found-page.css';

interface Props {
  readonly title: string;
  readonly body: string;
  /** Where to go instead: the list the detail page belongs to. */
  readonly back: { readonly path: string; readonly label: string };
  readonly testId?: string;
}

/** A detail page whose address names nothing we have: say so, show what a valid one looks like, offer the list. */
export function MarketNotFound({ title, body, back, testId = 'not-found' }: Props) {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(title);
  return (
    <section className="not-found" data-testid={testId} aria-labelledby="market-not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="market-not-found-title">{title}</h1>
      <p className="not-found__body">{body}</p>
      <div className="not-found__actions">
        <Link className="button button--primary" to={to(back.path)}>
          {back.label}
        </Link>
        <Link className="button" to={to('/')}>
          {t('notFound.home')}
        </Link>
      </div>
    </section>
  );
}
