import type { MARKET_MESSAGES_EN } from './messages-market.ts';

/** The Korean of messages-market.ts, a module of its own: a bundle for Korean readers leaves the English out. */
export const MARKET_MESSAGES_KO: Record<keyof typeof MARKET_MESSAGES_EN, string> = {
  'market.notQuoted': '"{{symbol}}" 마켓의 시세가 지금은 없습니다.',
  'market.tokenNotSupported': '지원하지 않는 토큰입니다: {{token}} 시세를 제공하는 마켓이 없습니다.',
  'market.unknownSymbol':
    '알 수 없는 심볼 "{{symbol}}"입니다: {{exchange}}에서 {{base}} 마켓을 찾을 수 없습니다. 거래소와 코인을 확인하거나 김프 표에서 골라 주세요.',
};
