import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { legalEn } from '../i18n/en-legal.ts';
import './legal-page.css';

type Doc = 'terms' | 'privacy';

/** The version in force; change it with the text. */
const EFFECTIVE = '2026-11-25';

const SECTIONS = {
  terms: Object.keys(legalEn.legal.terms.sections),
  privacy: Object.keys(legalEn.legal.privacy.sections),
} as const;

/** /terms and /privacy (spec §2 information pages), which sign-up asks the reader to accept (spec §5). */
export function LegalPage({ doc }: { doc: Doc }) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  useDocumentTitle(t(`legal.${doc}.title`));
  const other: Doc = doc === 'terms' ? 'privacy' : 'terms';
  const date = new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${EFFECTIVE}T00:00:00Z`));
  return (
    <article className="legal-page" data-testid={`legal-${doc}`} aria-labelledby="legal-title">
      <header className="legal-page__head">
        <h1 id="legal-title">{t(`legal.${doc}.title`)}</h1>
        <p className="legal-page__meta">{t('legal.updated', { date })}</p>
        <p className="legal-page__lead">{t(`legal.${doc}.lead`)}</p>
      </header>
      {SECTIONS[doc].map((id) => {
        const key = `legal.${doc}.sections.${id}` as 'legal.terms.sections.who';
        return (
          <section key={id} className="legal-page__section" aria-labelledby={`legal-${id}`}>
            <h2 id={`legal-${id}`}>{t(`${key}.title`)}</h2>
            {t(`${key}.body`)
              .split('\n\n')
              .map((paragraph) => (
                <p key={paragraph.slice(0, 24)}>{paragraph}</p>
              ))}
          </section>
        );
      })}
      <p className="legal-page__other">
        <Link to={to(`/${other}`)}>{t(other === 'terms' ? 'legal.otherTerms' : 'legal.otherPrivacy')}</Link>
      </p>
    </article>
  );
}
