import type { BILLING_MESSAGES_EN } from './messages-billing.ts';

/** The Korean of messages-billing.ts, a module of its own: a bundle for Korean readers leaves the English out. */
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
