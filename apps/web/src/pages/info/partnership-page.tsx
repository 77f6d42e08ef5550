import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { ContactForm } from './contact-form.tsx';
import '../legal-page.css';
import './info-pages.css';

const KINDS = ['exchange', 'community', 'data', 'media'] as const;

/** /partnership (spec §2 information pages): what partners can do together, and the form to start. */
export function PartnershipPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('site.partnership.title'));
  return (
    <article className="legal-page" data-testid="partnership-page" aria-labelledby="partnership-title">
      <header className="legal-page__head">
        <h1 id="partnership-title">{t('site.partnership.title')}</h1>
        <p className="legal-page__lead">{t('site.partnership.lead')}</p>
      </header>
      <div className="info-page__cards">
        {KINDS.map((kind) => (
          <section key={kind} className="info-page__card">
            <h2>{t(`site.partnership.kinds.${kind}.title`)}</h2>
            <p>{t(`site.partnership.kinds.${kind}.body`)}</p>
          </section>
        ))}
      </div>
      <p>{t('site.partnership.how')}</p>
      <ContactForm testId="partnership-form" />
    </article>
  );
}
