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

export const PUBLIC_API_MESSAGES_KO: Record<keyof typeof PUBLIC_API_MESSAGES_EN, string> = {
  'publicApi.keyRequired': 'API 키가 필요한 요청입니다. X-DTMX-APIKEY 헤더에 키를 넣어 주세요.',
  'publicApi.keyInvalid': 'API 키가 올바르지 않거나 폐기되었습니다.',
  'publicApi.planRequired':
    'API는 {{required}} 플랜(또는 Partner / Developer)에서 쓸 수 있습니다. 이 키의 계정은 {{plan}} 플랜입니다.',
  'publicApi.creditsExhausted':
    '이번 달 API 크레딧을 모두 사용했습니다({{allowance}} 중 {{used}}). {{renews}}(UTC)에 다시 충전됩니다.',
  'publicApi.rateLimited':
    '이 키의 호출이 너무 많습니다: 분당 최대 {{limit}}회. {{seconds}}초 후에 다시 시도해 주세요.',
  'publicApi.unknownExchange': '알 수 없는 거래소입니다',
  'publicApi.badSymbol': '심볼은 BASE-QUOTE 형식입니다(예: BTC-USDT)',
  'publicApi.badTime': '유닉스 초, 또는 YYYY-MM-DD / YYYY-MM-DD HH:MM:SS(UTC) 형식의 날짜여야 합니다',
  'publicApi.noMarket': '{{exchange}}에 {{symbol}} {{market}} 마켓이 없습니다.',
  'publicApi.noForex': '{{symbol}} 환율이 없습니다. /api/v1/forex/symbols 를 참고해 주세요.',
  'publicApi.notServed': '{{path}} 작업은 아직 제공되지 않습니다: 데이터가 이후 릴리스에서 추가됩니다.',
  'publicApi.notFound': '{{path}} API 작업이 없습니다. /api/docs 를 참고해 주세요.',
  'publicApi.fromAndTo': 'from과 to 중 하나만 지정해 주세요',
  'publicApi.noOpenInterest':
    '{{exchange}}의 {{symbol}} 미결제약정이 없습니다. /api/v1/open-interest/list 를 참고해 주세요.',
  'publicApi.badWindow': '기간은 1h, 24h, 7d 같은 형식이며 최대 30d입니다',
};
