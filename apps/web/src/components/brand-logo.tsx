import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../hooks/use-locale.ts';
import './brand-logo.css';

export function BrandLogo() {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <Link to={to('/')} className="brand" aria-label={`${t('app.name')} — ${t('nav.home')}`}>
      <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" className="brand__tile" />
        <path d="M7 21l6-6 4 4 8-9" className="brand__line" />
        <circle cx="25" cy="10" r="2.5" className="brand__dot" />
      </svg>
      <span className="brand__word">{t('app.name')}</span>
    </Link>
  );
}
