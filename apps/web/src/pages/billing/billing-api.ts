import type {
  CouponInfo,
  MySubscriptionResponse,
  PricingResponse,
  ReferralsResponse,
  SubscriptionInfo,
  SwitchPreviewInfo,
} from '@spreadscope/contracts';
import type { Language } from '@spreadscope/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../auth/account-api.ts';
import { useLocale } from '../../hooks/use-locale.ts';

/** Queries and calls of /api/v1/billing; every amount is integer minor units with its currency. */
export const BILLING_KEY = ['account', 'billing'] as const;

export function usePricing() {
  const { language } = useLocale();
  return useQuery({
    queryKey: ['pricing'],
    queryFn: () => callApi<PricingResponse>('GET', '/billing/pricing', language),
    staleTime: 5 * 60_000,
  });
}

export function useMySubscription(enabled = true) {
  const { language } = useLocale();
  return useQuery({
    queryKey: [...BILLING_KEY, 'subscription'],
    queryFn: () => callApi<MySubscriptionResponse>('GET', '/billing/subscription', language),
    enabled,
  });
}

export function useCoupons(type: string) {
  const { language } = useLocale();
  return useQuery({
    queryKey: [...BILLING_KEY, 'coupons', type],
    queryFn: () =>
      callApi<{ available: CouponInfo[]; used: CouponInfo[] }>(
        'GET',
        `/billing/coupons?type=${type}`,
        language,
      ),
  });
}

export function useReferrals() {
  const { language } = useLocale();
  return useQuery({
    queryKey: [...BILLING_KEY, 'referrals'],
    queryFn: () => callApi<ReferralsResponse>('GET', '/billing/referrals', language),
  });
}

export const billingCalls = {
  checkout: (language: Language, plan: string, interval: 'month' | 'year') =>
    callApi<{ url: string }>('POST', '/billing/checkout', language, { plan, interval }),
  preview: (language: Language) =>
    callApi<SwitchPreviewInfo>('GET', '/billing/subscription/switch-preview', language),
  switchToYearly: (language: Language) =>
    callApi<SubscriptionInfo>('POST', '/billing/subscription/switch', language),
  cancel: (language: Language, reasons: string[], other?: string) =>
    callApi<SubscriptionInfo>('POST', '/billing/subscription/cancel', language, {
      reasons,
      ...(other ? { other } : {}),
    }),
  renew: (language: Language) =>
    callApi<{ url: string; subscription: SubscriptionInfo | null }>(
      'POST',
      '/billing/subscription/renew',
      language,
    ),
  portal: (language: Language) => callApi<{ url: string }>('POST', '/billing/portal', language),
  redeemCoupon: (language: Language, id: string) =>
    callApi<{ coupon: CouponInfo; freeUntil: number }>(
      'POST',
      `/billing/coupons/${encodeURIComponent(id)}/use`,
      language,
    ),
};

/** Goes to a provider page (Stripe Checkout, portal) or, for the local provider, a page of ours. */
export function follow(url: string, navigate: (path: string) => void): void {
  const target = new URL(url, window.location.href);
  if (target.origin === window.location.origin) navigate(`${target.pathname}${target.search}`);
  else window.location.assign(target.toString());
}
