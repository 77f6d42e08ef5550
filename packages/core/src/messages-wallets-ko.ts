import type { WALLET_MESSAGES_EN } from './messages-wallets.ts';

/** The Korean of messages-wallets.ts, a module of its own: a bundle for Korean readers leaves the English out. */
export const WALLET_MESSAGES_KO: Record<keyof typeof WALLET_MESSAGES_EN, string> = {
  'wallets.notSupported':
    '{{token}}의 지갑 정보를 지원하지 않습니다: 이 코인을 상장하거나 입출금 네트워크를 알려 주는 거래소가 없습니다.',
  'icons.badName':
    '잘못된 아이콘 이름 "{{name}}"입니다: 영문, 숫자, 점, 대시, 밑줄만 쓸 수 있습니다(최대 40자).',
};
