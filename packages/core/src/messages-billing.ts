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

export const BILLING_MESSAGES_KO: Record<keyof typeof BILLING_MESSAGES_EN, string> = {
  'billing.renewFirst': '먼저 구독을 갱신해 주세요.',
  'billing.alreadySubscribed': '이미 구독 중입니다. 구독 페이지에서 변경하거나 갱신하세요.',
  'billing.noSubscription': '아직 구독이 없습니다.',
  'billing.cannotSwitch': '진행 중인 월간 구독만 연간으로 전환할 수 있습니다.',
  'billing.cannotCancel': '진행 중인 구독이 아니어서 해지할 것이 없습니다.',
  'billing.notRenewable': '이 구독은 더 이상 갱신할 수 없습니다. 요금제 페이지에서 다시 구독하세요.',
  'billing.providerUnavailable': '결제 대행사가 응답하지 않습니다. 잠시 후 다시 시도해 주세요.',
  'billing.noPortal': '결제 수단은 결제 대행사에서 관리하는데, 이 서버에는 설정되어 있지 않습니다.',
  'billing.badSignature': '웹훅 서명이 없거나 위조되었거나 너무 오래되었습니다.',
  'billing.notPurchasable': '이 요금제는 별도 문의로 제공됩니다. 문의해 주세요.',
  'coupon.notFound': '쿠폰을 찾을 수 없습니다.',
  'coupon.used': '이미 사용한 쿠폰입니다.',
  'coupon.expired': '만료된 쿠폰입니다.',
  'coupon.wrongPlan': '{{plan}} 요금제용 쿠폰입니다.',
};
