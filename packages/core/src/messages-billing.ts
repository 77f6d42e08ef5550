/** Messages of billing, coupons and referrals (spec §8 wording where it has one), merged in messages.ts. */
export const BILLING_MESSAGES_EN = {
  'billing.renewFirst': 'Please renew your subscription first.',
  'billing.alreadySubscribed':
    'You already have a subscription. Switch or renew it on the subscription page.',
  'billing.noSubscription': 'You have no subscription yet.',
  'billing.cannotSwitch': 'Only a monthly subscription that is running can switch to yearly.',
  'billing.cannotCancel': 'This subscription is not running, so there is nothing to cancel.',
  'billing.notRenewable':
    'This subscription cannot be renewed any more. Subscribe again from the pricing page.',
  'billing.providerUnavailable': 'The payment provider did not answer. Please try again in a minute.',
  'billing.noPortal': 'Payment methods are managed by the payment provider, which is not set up here.',
  'billing.badSignature': 'Webhook signature is missing, forged or too old.',
  'billing.notPurchasable': 'This plan is arranged with us directly. Please contact us.',
  'coupon.notFound': 'Coupon not found.',
  'coupon.used': 'This coupon has already been used.',
  'coupon.expired': 'This coupon has expired.',
  'coupon.wrongPlan': 'This coupon is for the {{plan}} plan.',
} as const;
