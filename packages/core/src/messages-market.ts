/** Server messages of the market API (premium, arbitrage, funding, history), in both languages. */

export const MARKET_MESSAGES_EN = {
  'market.notQuoted': 'No market is quoted for "{{symbol}}" right now.',
  'market.tokenNotSupported': 'Token not supported: no market quotes {{token}}.',
  'market.unknownSymbol':
    'Unknown symbol "{{symbol}}": {{exchange}} has no {{base}} market we follow. Check the exchange and token, or pick one from the premium table.',
} as const;
