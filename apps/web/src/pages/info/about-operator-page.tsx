import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { Paragraphs } from './paragraphs.tsx';
import { useSiteInfo } from './site-api.ts';
import '../legal-page.css';
import './info-pages.css';

/**
 * /about-bisonai (spec §2): who runs this installation. Name, text and details are the operator's
 * configuration (OPERATOR_*); without it the page explains what an operator is.
 */
export function AboutOperatorPage() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const info = useSiteInfo();
  const operator = info.data?.operator;
  const name = operator?.name ?? 'Spreadscope';
  useDocumentTitle(t('site.aboutOperator.title', { name }));
  const about = operator?.about?.[language] ?? t('site.aboutOperator.defaultBody');
  const details = operator
    ? (
        [
          ['name', operator.name],
          ['website', operator.url],
          ['email', operator.email],
          ['address', operator.address],
          ['registration', operator.registration],
        ] as const
      ).filter((entry): entry is readonly [(typeof entry)[0], string] => entry[1] !== null)
    : [];
  // Until the operator's configuration arrives the page holds its place: showing the default name first
  // would tell a reader, for a moment, that someone else runs this installation.
  if (info.isPending) return <article className="legal-page" aria-busy="true" />;
  return (
    <article className="legal-page" data-testid="about-operator-page" aria-labelledby="operator-title">
      <header className="legal-page__head">
        <h1 id="operator-title">{t('site.aboutOperator.title', { name })}</h1>
        <p className="legal-page__lead">{t('site.aboutOperator.lead', { name })}</p>
      </header>
      <section className="legal-page__section" data-testid="operator-about">
        <Paragraphs text={about} />
      </section>
      {details.length > 0 ? (
        <section className="legal-page__section" aria-labelledby="operator-details">
          <h2 id="operator-details">{t('site.aboutOperator.details')}</h2>
          <dl className="info-page__details">
            {details.map(([key, value]) => (
              <Fragment key={key}>
                <dt>{t(`site.aboutOperator.${key}`)}</dt>
                <dd>
                  {key === 'website' ? (
                    <a href={value} target="_blank" rel="noopener noreferrer">
                      {value}
                    </a>
                  ) : key === 'email' ? (
                    <a href={`mailto:${value}`}>{value}</a>
                  ) : (
                    value
                  )}
                </dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ) : null}
      <div className="info-page__actions">
        <Link className="button button--primary" to={to('/contact-us')}>
          {t('site.aboutOperator.contact')}
        </Link>
      </div>
    </article>
  );
}
