import type { MySubscriptionResponse, SubscriptionInfo } from '@spreadscope/contracts';
import { PLAN_NAMES } from '@spreadscope/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../auth/error-text.ts';
import { RequireSession } from '../../auth/require-session.tsx';
import { SESSION_QUERY_KEY } from '../../auth/use-session.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { toast } from '../../lib/toast.ts';
import { BILLING_KEY, billingCalls, follow, useMySubscription } from './billing-api.ts';
import { BillingNav } from './billing-nav.tsx';
import { formatDay, formatMoney } from './money.ts';
import { ProviderBadge } from './provider-badge.tsx';
import { CancelDialog, SwitchDialog } from './subscription-dialogs.tsx';
import './billing.css';

/** /my/subscription (spec §2): plan, status, cycle, next billing date, invoices; switch, cancel, renew, portal. */
export function SubscriptionPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('billing.titles.subscription'));
  return <RequireSession>{() => <Subscription />}</RequireSession>;
}

function Subscription() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const [params] = useSearchParams();
  const mine = useMySubscription();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'switch' | 'cancel' | null>(null);
  const refresh = useCallback(async () => {
    await client.invalidateQueries({ queryKey: BILLING_KEY });
    await client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }, [client]);
  const close = useCallback(() => setDialog(null), []);
  if (!mine.data) return <p className="billing-page">{t('common.loading')}</p>;
  const { subscription, invoices, provider, portal } = mine.data;

  const renew = async () => {
    try {
      const answer = await billingCalls.renew(language);
      if (answer.subscription) {
        toast.success(t('billing.subscription.renewed'));
        await refresh();
      } else follow(answer.url, navigate);
    } catch (failure) {
      toast.error(errorText(failure, t));
    }
  };
  const openPortal = async () => {
    try {
      follow((await billingCalls.portal(language)).url, navigate);
    } catch (failure) {
      toast.error(errorText(failure, t));
    }
  };

  return (
    <section className="billing-page" data-testid="subscription-page">
      <BillingNav />
      <h1>{t('billing.subscription.heading')}</h1>
      <ProviderBadge provider={provider} />
      {params.get('checkout') === 'done' ? (
        <p className="billing-banner">{t('billing.subscription.checkoutDone')}</p>
      ) : null}
      {subscription?.status === 'past_due' ? (
        <p className="billing-banner billing-banner--warn" role="alert" data-testid="past-due-banner">
          {t('billing.subscription.pastDue')}{' '}
          {portal ? (
            <button type="button" className="link-button" onClick={openPortal}>
              {t('billing.subscription.updatePayment')}
            </button>
          ) : null}
        </p>
      ) : null}
      {subscription ? (
        <Details subscription={subscription} />
      ) : (
        <div className="billing-card billing-card--wide">
          <p data-testid="subscription-none">{t('billing.subscription.none')}</p>
          <Link className="button button--primary" to={to('/pricing')}>
            {t('billing.subscription.seePlans')}
          </Link>
        </div>
      )}
      {subscription ? (
        <div className="billing-actions billing-actions--wrap">
          {subscription.canSwitchToYearly ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => setDialog('switch')}
              data-testid="switch-open"
            >
              {t('billing.subscription.switchYearly')}
            </button>
          ) : null}
          {subscription.renewable ? (
            <button type="button" className="button button--primary" onClick={renew} data-testid="renew">
              {t('billing.subscription.renew')}
            </button>
          ) : null}
          {['trialing', 'active', 'past_due'].includes(subscription.status) ? (
            <button
              type="button"
              className="button"
              onClick={() => setDialog('cancel')}
              data-testid="cancel-open"
            >
              {t('billing.subscription.cancel')}
            </button>
          ) : null}
          {!subscription.hasAccess ? (
            <Link className="button" to={to('/pricing')}>
              {t('billing.subscription.seePlans')}
            </Link>
          ) : null}
          {portal ? (
            <button type="button" className="button" onClick={openPortal} data-testid="portal">
              {t('billing.subscription.portal')}
            </button>
          ) : null}
        </div>
      ) : null}
      <Invoices invoices={invoices} />
      {dialog === 'switch' ? (
        <SwitchDialog
          onClose={close}
          onDone={() => {
            toast.success(t('billing.switch.done'));
            setDialog(null);
            void refresh();
          }}
        />
      ) : null}
      {dialog === 'cancel' && subscription ? (
        <CancelDialog subscription={subscription} onClose={close} onDone={() => void refresh()} />
      ) : null}
    </section>
  );
}

function Details({ subscription: s }: { subscription: SubscriptionInfo }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const day = (ms: number) => formatDay(ms, language);
  return (
    <div className="billing-card billing-card--wide" data-testid="subscription-details">
      <dl className="billing-dl">
        <dt>{t('billing.subscription.plan')}</dt>
        <dd data-testid="subscription-plan">{PLAN_NAMES[s.plan]}</dd>
        <dt>{t('billing.subscription.status')}</dt>
        <dd data-testid="subscription-status" data-status={s.status}>
          {t(`billing.status.${s.status}`)}
        </dd>
        <dt>{t('billing.subscription.cycle')}</dt>
        <dd data-testid="subscription-cycle" data-cycle={s.interval}>
          {t(`billing.subscription.cycles.${s.interval}`)}
        </dd>
        <dt>{t('billing.subscription.amount')}</dt>
        <dd data-testid="subscription-amount">{formatMoney(s.amount, s.currency, language)}</dd>
        {s.status === 'trialing' && s.trialEnd ? (
          <>
            <dt>{t('billing.subscription.trialEnds')}</dt>
            <dd>{day(s.trialEnd)}</dd>
          </>
        ) : null}
        {s.nextBillingAt ? (
          <>
            <dt>{t('billing.subscription.nextBilling')}</dt>
            <dd data-testid="subscription-next">{day(s.nextBillingAt)}</dd>
          </>
        ) : null}
        {s.freeUntil ? (
          <>
            <dt>{t('billing.subscription.freeUntil')}</dt>
            <dd data-testid="subscription-free-until">{day(s.freeUntil)}</dd>
          </>
        ) : null}
        {s.endsAt && s.hasAccess ? (
          <>
            <dt>{t('billing.subscription.endsAt')}</dt>
            <dd data-testid="subscription-ends">{day(s.endsAt)}</dd>
          </>
        ) : null}
        {s.expiredAt ? (
          <>
            <dt>{t('billing.subscription.expiredAt')}</dt>
            <dd>{day(s.expiredAt)}</dd>
          </>
        ) : null}
        <dt>{t('billing.subscription.paymentMethod')}</dt>
        <dd>{s.paymentMethod ?? t('billing.subscription.noPaymentMethod')}</dd>
      </dl>
    </div>
  );
}

function Invoices({ invoices }: { invoices: MySubscriptionResponse['invoices'] }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  return (
    <div className="billing-invoices">
      <h2>{t('billing.subscription.invoices')}</h2>
      {invoices.length === 0 ? (
        <p className="billing-muted">{t('billing.subscription.noInvoices')}</p>
      ) : (
        <div className="billing-table-wrap">
          <table className="billing-table" data-testid="invoices">
            <thead>
              <tr>
                <th scope="col">{t('billing.subscription.invoiceDate')}</th>
                <th scope="col" className="billing-hide-narrow">
                  {t('billing.subscription.invoicePeriod')}
                </th>
                <th scope="col">{t('billing.subscription.invoiceAmount')}</th>
                <th scope="col">{t('billing.subscription.invoiceCharged')}</th>
                <th scope="col">{t('billing.subscription.invoiceStatus')}</th>
                <th scope="col">{t('billing.subscription.pdf')}</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id} data-testid="invoice-row">
                  <td>{formatDay(invoice.createdAt, language)}</td>
                  <td className="billing-hide-narrow">
                    {formatDay(invoice.periodStart, language)} – {formatDay(invoice.periodEnd, language)}
                  </td>
                  <td>{formatMoney(invoice.subtotal, invoice.currency, language)}</td>
                  <td data-testid="invoice-charged">
                    {formatMoney(invoice.amountPaid || invoice.amountDue, invoice.currency, language)}
                  </td>
                  <td>{t(`billing.subscription.invoiceStatuses.${invoice.status}`)}</td>
                  <td>
                    {invoice.pdfUrl ? (
                      <a href={invoice.pdfUrl} target="_blank" rel="noreferrer">
                        {t('billing.subscription.pdf')}
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
