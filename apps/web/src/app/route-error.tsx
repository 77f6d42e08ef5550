import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import './app-shell.css';

/** Last line of defence for a render error: say what happened and what to do, in the user's language. */
export function RouteError() {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.unexpected'));
  return (
    <div className="route-error" role="alert">
      <p>{t('errors.unexpected')}</p>
      <div>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('premium.retry')}
        </button>
      </div>
    </div>
  );
}
