/** Messages of the paid API (DataMaxi+-compatible), in both languages. */

export const PUBLIC_API_MESSAGES_EN = {
  'publicApi.keyRequired': 'This operation needs an API key in the X-DTMX-APIKEY header.',
  'publicApi.keyInvalid': 'The API key is not valid or has been revoked.',
  'publicApi.planRequired':
    'The API needs the {{required}} plan (or Partner / Developer); this key’s account is on {{plan}}.',
  'publicApi.creditsExhausted':
    'This month’s API credits are used up ({{used}} of {{allowance}}). They renew on {{renews}} (UTC).',
  'publicApi.rateLimited':
    'Too many calls with this key: at most {{limit}} a minute. Try again in {{seconds}} s.',
  'publicApi.unknownExchange': 'unknown exchange',
  'publicApi.badSymbol': 'a symbol reads BASE-QUOTE, e.g. BTC-USDT',
  'publicApi.badTime': 'unix seconds, or a date YYYY-MM-DD or YYYY-MM-DD HH:MM:SS (UTC)',
  'publicApi.noMarket': 'No {{market}} market {{symbol}} on {{exchange}}.',
  'publicApi.noForex': 'No forex pair {{symbol}}; see /api/v1/forex/symbols.',
  'publicApi.notServed': 'The operation {{path}} is not served yet: its data arrives with a later release.',
  'publicApi.notFound': 'There is no API operation {{path}}; see /api/docs.',
  'publicApi.fromAndTo': 'give from or to, not both',
  'publicApi.noOpenInterest':
    'No open interest reported for {{symbol}} on {{exchange}}; see /api/v1/open-interest/list.',
  'publicApi.badWindow': 'a window reads like 1h, 24h or 7d, at most 30d',
} as const;
