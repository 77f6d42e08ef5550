import type { CouponInfo } from '@spreadscope/contracts';
import { PLAN_NAMES } from '@spreadscope/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../auth/error-text.ts';
import { RequireSession } from '../../auth/require-session.tsx';
import { SESSION_QUERY_KEY } from '../../auth/use-session.ts';
import { SegmentedControl } from '../../components/segmented-control.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { BILLING_KEY, billingCalls, useCoupons, useMySubscription } from './billing-api.ts';
import { BillingNav } from './billing-nav.tsx';
import { Modal } from './modal.tsx';
import { formatDay } from './money.ts';
import { ProviderBadge } from './provider-badge.tsx';
import './billing.css';

const TYPES = ['all', 'referral', 'vip_partner'] as const;

/** /my/coupons (spec §2): available and used, by type; using one asks first and cannot be undone. */
export function CouponsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('billing.titles.coupons'));
  return <RequireSession>{() => <Coupons />}</RequireSession>;
}

function Coupons() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const [type, setType] = useState<(typeof TYPES)[number]>('all');
  const coupons = useCoupons(type);
  const mine = useMySubscription();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState<CouponInfo | null>(null);
  const [renewFirst, setRenewFirst] = useState<string | null>(null);
  const close = useCallback(() => setConfirming(null), []);
  const periodText = (c: CouponInfo) =>
    t(`billing.coupons.periods.${c.period.unit}`, { count: c.period.count });
  const applyCoupon = async (coupon: CouponInfo) => {
    try {
      const used = await billingCalls.redeemCoupon(language, coupon.id);
      toast.success(t('billing.coupons.usedToast', { date: formatDay(used.freeUntil, language) }));
      setConfirming(null);
      await client.invalidateQueries({ queryKey: BILLING_KEY });
      await client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    } catch (failure) {
      setConfirming(null);
      // "Please renew your subscription first." (spec §8) stays on the page with the way to subscribe.
      if (failure instanceof ApiError && failure.code === 'renew_first') setRenewFirst(failure.message);
      else toast.error(errorText(failure, t));
    }
  };
  const list = (items: CouponInfo[], used: boolean) =>
    items.length === 0 ? (
      <p className="billing-muted">{t('billing.coupons.none')}</p>
    ) : (
      <ul className="billing-coupons">
        {items.map((c) => (
          <li key={c.id} className="billing-coupon" data-testid={used ? 'coupon-used' : 'coupon-available'}>
            <div>
              <strong>{t(`billing.coupons.types.${c.type}`)}</strong> · {PLAN_NAMES[c.plan]} · {periodText(c)}
            </div>
            <dl className="billing-dl billing-dl--compact">
              <dt>{t('billing.coupons.code')}</dt>
              <dd>
                <code>{c.promotionCode}</code>
              </dd>
              <dt>{t('billing.coupons.received')}</dt>
              <dd>{formatDay(c.receivedAt, language)}</dd>
              <dt>{t('billing.coupons.expires')}</dt>
              <dd>{c.expiresAt ? formatDay(c.expiresAt, language) : t('billing.coupons.noExpiry')}</dd>
              {c.usedAt ? (
                <>
                  <dt>{t('billing.coupons.usedOn')}</dt>
                  <dd>{formatDay(c.usedAt, language)}</dd>
                </>
              ) : null}
            </dl>
            {used ? null : (
              <button
                type="button"
                className="button button--primary"
                onClick={() => setConfirming(c)}
                data-testid="coupon-use"
              >
                {t('billing.coupons.use')}
              </button>
            )}
          </li>
        ))}
      </ul>
    );
  return (
    <section className="billing-page" data-testid="coupons-page">
      <BillingNav />
      <h1>{t('billing.coupons.heading')}</h1>
      <ProviderBadge provider={mine.data?.provider} />
      {renewFirst ? (
        <p className="billing-banner billing-banner--warn" role="alert" data-testid="coupon-renew-first">
          {renewFirst}{' '}
          <Link to={to(mine.data?.subscription ? '/my/subscription' : '/pricing')}>
            {t('billing.coupons.subscribeFirst')}
          </Link>
        </p>
      ) : null}
      <SegmentedControl
        label={t('billing.coupons.filter')}
        size="md"
        value={type}
        testId="coupon-type"
        options={TYPES.map((value) => ({
          value,
          label: t(`billing.coupons.types.${value}`),
          testId: `coupon-type-${value}`,
        }))}
        onChange={setType}
      />
      <h2>{t('billing.coupons.available')}</h2>
      {coupons.data ? list(coupons.data.available, false) : null}
      <h2>{t('billing.coupons.used')}</h2>
      {coupons.data ? list(coupons.data.used, true) : null}
      {confirming ? (
        <Modal title={t('billing.coupons.confirmTitle')} onClose={close} testId="coupon-dialog">
          <p>
            {t('billing.coupons.confirmLead', {
              period: periodText(confirming),
              plan: PLAN_NAMES[confirming.plan],
            })}
          </p>
          <div className="billing-actions">
            <button type="button" className="button" onClick={close}>
              {t('billing.coupons.back')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => applyCoupon(confirming)}
              data-testid="coupon-confirm"
            >
              {t('billing.coupons.confirm')}
            </button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}
