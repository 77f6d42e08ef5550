import type { PUBLIC_API_MESSAGES_EN } from './messages-public-api.ts';

/** The Korean of messages-public-api.ts, a module of its own: a bundle for Korean readers leaves the English out. */
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
