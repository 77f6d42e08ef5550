import { PUBLIC_API_OPERATIONS } from '@spreadscope/contracts';
import { API_RATE_PER_MINUTE, entitlementsOf, hasFeature, PLAN_NAMES, PLANS } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import '../legal-page.css';
import './api-page.css';

const API_PLANS = PLANS.filter((plan) => hasFeature(plan, 'api'));
const SERVED = PUBLIC_API_OPERATIONS.filter((op) => !op.pending).length;

/** /api and /maxi-api (spec §2 information pages): what the paid API offers, its limits and a quick start. */
export function ApiPage() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  useDocumentTitle(t('apiPage.title'));
  const host = typeof window === 'undefined' ? 'https://your-host' : window.location.origin;
  const number = new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US');
  return (
    <article className="legal-page api-page" data-testid="api-page" aria-labelledby="api-title">
      <header className="legal-page__head">
        <h1 id="api-title">{t('apiPage.title')}</h1>
        <p className="legal-page__lead">{t('apiPage.lead')}</p>
        <p className="api-page__links">
          <Link to={to('/my/account')}>{t('apiPage.getKey')}</Link>
          <Link to={to('/my/maxi')}>{t('apiPage.usage')}</Link>
          <a href="/api/docs">{t('apiPage.docs')}</a>
          <a href="/api/v1/openapi.json">{t('apiPage.openapi')}</a>
        </p>
      </header>

      <section className="legal-page__section" aria-labelledby="api-compat">
        <h2 id="api-compat">{t('apiPage.compatTitle')}</h2>
        <p>{t('apiPage.compat')}</p>
      </section>

      <section className="legal-page__section" aria-labelledby="api-auth">
        <h2 id="api-auth">{t('apiPage.authTitle')}</h2>
        <p>{t('apiPage.auth')}</p>
      </section>

      <section className="legal-page__section" aria-labelledby="api-limits">
        <h2 id="api-limits">{t('apiPage.limitsTitle')}</h2>
        <p>{t('apiPage.limitsLead')}</p>
        <div className="api-page__scroll">
          <table className="api-page__table" data-testid="api-plans">
            <thead>
              <tr>
                <th scope="col">{t('apiPage.plan')}</th>
                <th scope="col">{t('apiPage.credits')}</th>
                <th scope="col">{t('apiPage.rate')}</th>
              </tr>
            </thead>
            <tbody>
              {API_PLANS.map((plan) => {
                const credits = entitlementsOf(plan).apiCreditsPerMonth;
                return (
                  <tr key={plan}>
                    <th scope="row">{PLAN_NAMES[plan]}</th>
                    <td>{credits === null ? t('apiPage.unmetered') : number.format(credits)}</td>
                    <td>{number.format(API_RATE_PER_MINUTE[plan])}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      <section className="legal-page__section" aria-labelledby="api-quick">
        <h2 id="api-quick">{t('apiPage.quickTitle')}</h2>
        <pre className="api-page__code" data-testid="api-curl">
          <code>{`curl -H 'X-DTMX-APIKEY: ssk_…' \\\n  '${host}/api/v1/premium?target_exchange=upbit&limit=5'`}</code>
        </pre>
        <pre className="api-page__code">
          <code>{`# pip install datamaxi\nfrom datamaxi.datamaxi import Datamaxi\n\nclient = Datamaxi(api_key="ssk_…", base_url="${host}")\nprint(client.premium(target_exchange="upbit", limit=5))`}</code>
        </pre>
        <pre className="api-page__code">
          <code>{`const res = await fetch('${host}/api/v1/ticker?exchange=binance&symbol=BTC-USDT&market=spot', {\n  headers: { 'X-DTMX-APIKEY': process.env.API_KEY ?? '' },\n});\nconst { data } = await res.json(); // { d, e, s, p, pc, v, hb, la, … }`}</code>
        </pre>
      </section>

      <section className="legal-page__section" aria-labelledby="api-beyond">
        <h2 id="api-beyond">{t('apiPage.beyondTitle')}</h2>
        <p>{t('apiPage.beyond')}</p>
      </section>

      <section className="legal-page__section" aria-labelledby="api-ws">
        <h2 id="api-ws">{t('apiPage.wsTitle')}</h2>
        <p>{t('apiPage.ws')}</p>
      </section>

      <section className="legal-page__section" aria-labelledby="api-ops">
        <h2 id="api-ops">{t('apiPage.operationsTitle')}</h2>
        <p>{t('apiPage.operationsLead', { served: SERVED, total: PUBLIC_API_OPERATIONS.length })}</p>
        <div className="api-page__scroll">
          <table className="api-page__table" data-testid="api-operations">
            <thead>
              <tr>
                <th scope="col">{t('apiPage.path')}</th>
                <th scope="col">{t('apiPage.access')}</th>
                <th scope="col">{t('apiPage.status')}</th>
              </tr>
            </thead>
            <tbody>
              {PUBLIC_API_OPERATIONS.map((op) => (
                <tr key={op.path}>
                  <th scope="row">
                    <code>/api/v1{op.path}</code>
                  </th>
                  <td>{op.auth === 'key' ? t('apiPage.keyed') : t('apiPage.public')}</td>
                  <td>{op.pending ? t('apiPage.pending') : t('apiPage.served')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </article>
  );
}
