import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { ContactForm } from './contact-form.tsx';
import { useSiteInfo } from './site-api.ts';
import '../legal-page.css';
import './info-pages.css';

/** /contact-us (spec §2, §5): the contact form and the operator's other channels where configured. */
export function ContactPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('site.contactPage.title'));
  const site = useSiteInfo().data;
  const email = site?.operator.email ?? null;
  const { telegram, kakao } = site?.channels ?? { telegram: null, kakao: null };
  return (
    <article className="legal-page" data-testid="contact-page" aria-labelledby="contact-title">
      <header className="legal-page__head">
        <h1 id="contact-title">{t('site.contactPage.title')}</h1>
        <p className="legal-page__lead">{t('site.contactPage.lead')}</p>
      </header>
      <ContactForm />
      {email || telegram || kakao ? (
        <section className="legal-page__section" aria-labelledby="contact-channels">
          <h2 id="contact-channels">{t('site.contactPage.channels')}</h2>
          <dl className="info-page__details">
            {email ? (
              <>
                <dt>{t('site.contactPage.email')}</dt>
                <dd>
                  <a href={`mailto:${email}`}>{email}</a>
                </dd>
              </>
            ) : null}
            {telegram ? (
              <>
                <dt>{t('site.contactPage.telegram')}</dt>
                <dd>
                  <a href={telegram} target="_blank" rel="noopener noreferrer">
                    {telegram}
                  </a>
                </dd>
              </>
            ) : null}
            {kakao ? (
              <>
                <dt>{t('site.contactPage.kakao')}</dt>
                <dd>
                  <a href={kakao} target="_blank" rel="noopener noreferrer">
                    {kakao}
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}
    </article>
  );
}
