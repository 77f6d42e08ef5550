import { useTranslation } from 'react-i18next';
import { RequireSession } from '../../auth/require-session.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { toast } from '../../lib/toast.ts';
import { useMySubscription, useReferrals } from './billing-api.ts';
import { BillingNav } from './billing-nav.tsx';
import { formatDay } from './money.ts';
import { ProviderBadge } from './provider-badge.tsx';
import './billing.css';

/** /my/referrals (spec §2): link, code, eligibility rules, FAQ, the 10 latest invitees. */
export function ReferralsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('billing.titles.referrals'));
  return <RequireSession>{() => <Referrals />}</RequireSession>;
}

function Referrals() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const referrals = useReferrals();
  const mine = useMySubscription();
  if (!referrals.data) return <p className="billing-page">{t('common.loading')}</p>;
  const r = referrals.data;
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('billing.referrals.copied'));
    } catch {
      // Clipboard refused (insecure origin, permissions): the text stays selectable on the page.
    }
  };
  const rules = t('billing.referrals.rulesList', { returnObjects: true }) as unknown as string[];
  const faq = t('billing.referrals.faq', { returnObjects: true }) as unknown as { q: string; a: string }[];
  return (
    <section className="billing-page" data-testid="referrals-page">
      <BillingNav />
      <h1>{t('billing.referrals.heading')}</h1>
      <ProviderBadge provider={mine.data?.provider} />
      <p className="billing-lead">{t('billing.referrals.lead', { months: r.freeMonths })}</p>
      {r.eligible ? null : (
        <p className="billing-banner billing-banner--warn">{t('billing.referrals.notEligible')}</p>
      )}
      <div className="billing-card billing-card--wide">
        <dl className="billing-dl">
          <dt>{t('billing.referrals.link')}</dt>
          <dd className="billing-copy">
            <code data-testid="referral-link">{r.link}</code>
            <button type="button" className="button" onClick={() => copy(r.link)}>
              {t('billing.referrals.copy')}
            </button>
          </dd>
          <dt>{t('billing.referrals.code')}</dt>
          <dd className="billing-copy">
            <code data-testid="referral-code">{r.code}</code>
            <button type="button" className="button" onClick={() => copy(r.code)}>
              {t('billing.referrals.copy')}
            </button>
          </dd>
        </dl>
      </div>
      <h2>{t('billing.referrals.rules')}</h2>
      <ul className="billing-rules">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <h2>{t('billing.referrals.latest')}</h2>
      <p className="billing-muted" data-testid="referral-count">
        {t('billing.referrals.count', { count: r.count })}
      </p>
      {r.latest.length === 0 ? (
        <p className="billing-muted">{t('billing.referrals.none')}</p>
      ) : (
        <table className="billing-table" data-testid="referral-invitees">
          <thead>
            <tr>
              <th scope="col">{t('billing.referrals.number')}</th>
              <th scope="col">{t('billing.referrals.name')}</th>
              <th scope="col">{t('billing.referrals.signedUp')}</th>
            </tr>
          </thead>
          <tbody>
            {r.latest.map((invitee) => (
              <tr key={invitee.number}>
                <td>{invitee.number}</td>
                <td>{invitee.name}</td>
                <td>{formatDay(invitee.signedUpAt, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="billing-faq">
        <h2>{t('billing.referrals.faqTitle')}</h2>
        {faq.map((item) => (
          <details key={item.q}>
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
