import type { LISTING_MESSAGES_EN } from './messages-listing.ts';

/** The Korean of messages-listing.ts, a module of its own: a bundle for Korean readers leaves the English out. */
export const LISTING_MESSAGES_KO: Record<keyof typeof LISTING_MESSAGES_EN, string> = {
  'listing.invalidInvite': '유효하지 않은 초대 코드입니다.',
  'listing.inviteRequired': '상장 아비트라지는 사전 출시 중입니다: 초대 코드를 입력하세요.',
  'listing.notFound': '상장 {{key}}을(를) 찾을 수 없습니다.',
  'listing.badKey': 'key는 소문자 {exchange}-{quote}-{base} 형식이어야 합니다 (예: upbit-krw-ait).',
};
