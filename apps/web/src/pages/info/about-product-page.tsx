import { VENUES } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { Paragraphs } from './paragraphs.tsx';
import '../legal-page.css';
import './info-pages.css';

const SECTIONS = ['what', 'who', 'coverage', 'open'] as const;

/** /about-datamaxi (spec §2): what this product is. The route keeps the spec's name; the text is ours. */
export function AboutProductPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(t('site.aboutProduct.title'));
  return (
    <article className="legal-page" data-testid="about-product-page" aria-labelledby="about-title">
      <header className="legal-page__head">
        <h1 id="about-title">{t('site.aboutProduct.title')}</h1>
        <p className="legal-page__lead">{t('site.aboutProduct.lead')}</p>
      </header>
      {SECTIONS.map((id) => (
        <section key={id} className="legal-page__section" aria-labelledby={`about-${id}`}>
          <h2 id={`about-${id}`}>{t(`site.aboutProduct.sections.${id}.title`)}</h2>
          <Paragraphs text={t(`site.aboutProduct.sections.${id}.body`, { venues: VENUES.length })} />
        </section>
      ))}
      <div className="info-page__actions">
        <Link className="button button--primary" to={to('/premium')}>
          {t('landing.viewTable')}
        </Link>
        <Link className="button" to={to('/about-bisonai')}>
          {t('site.footer.aboutOperator')}
        </Link>
      </div>
    </article>
  );
}
