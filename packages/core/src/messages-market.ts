/** Server messages of the market API (premium, arbitrage, funding, history), in both languages. */

export const MARKET_MESSAGES_EN = {
  'market.notQuoted': 'No market is quoted for "{{symbol}}" right now.',
  'market.tokenNotSupported': 'Token not supported: no market quotes {{token}}.',
  'market.unknownSymbol':
    'Unknown symbol "{{symbol}}": {{exchange}} has no {{base}} market we follow. Check the exchange and token, or pick one from the premium table.',
} as const;

export const MARKET_MESSAGES_KO: Record<keyof typeof MARKET_MESSAGES_EN, string> = {
  'market.notQuoted': '"{{symbol}}" 마켓의 시세가 지금은 없습니다.',
  'market.tokenNotSupported': '지원하지 않는 토큰입니다: {{token}} 시세를 제공하는 마켓이 없습니다.',
  'market.unknownSymbol':
    '알 수 없는 심볼 "{{symbol}}"입니다: {{exchange}}에서 {{base}} 마켓을 찾을 수 없습니다. 거래소와 코인을 확인하거나 김프 표에서 골라 주세요.',
};
