import { ALERT_MESSAGES_KO } from './messages-alerts-ko.ts';
import { AUTH_MESSAGES_KO } from './messages-auth-ko.ts';
import { BILLING_MESSAGES_KO } from './messages-billing-ko.ts';
import { CONTACT_MESSAGES_KO } from './messages-contact-ko.ts';
import { DATASET_MESSAGES_KO } from './messages-dataset-ko.ts';
import type { MessageKey } from './messages-en.ts';
import { LISTING_MESSAGES_KO } from './messages-listing-ko.ts';
import { MARKET_MESSAGES_KO } from './messages-market-ko.ts';
import { NOTIFY_MESSAGES_KO } from './messages-notify-ko.ts';
import { PHONE_MESSAGES_KO } from './messages-phone-ko.ts';
import { PUBLIC_API_MESSAGES_KO } from './messages-public-api-ko.ts';
import { TOKEN_MESSAGES_KO } from './messages-tokens-ko.ts';
import { VALIDATION_MESSAGES_KO } from './messages-validation-ko.ts';
import { WALLET_MESSAGES_KO } from './messages-wallets-ko.ts';

/** The Korean of messages-en.ts, a module of its own: a bundle for Korean readers leaves the English out. */
export const SERVER_MESSAGES_KO: Record<MessageKey, string> = {
  'error.badRequest': '요청이 올바르지 않습니다.',
  'error.invalidParameter': '"{{param}}" 값이 올바르지 않습니다: {{detail}}',
  'error.notFound': '찾을 수 없습니다.',
  'error.routeNotFound': '{{method}} {{url}} 경로가 없습니다.',
  'error.invalidSymbol':
    '잘못된 심볼 "{{symbol}}"입니다. 거래소-베이스 또는 거래소-쿼트-베이스 형식(소문자)으로 입력하세요.',
  'error.unknownExchange': '지원하지 않는 거래소 "{{exchange}}"입니다.',
  'error.rateLimited': '요청이 너무 많습니다. {{seconds}}초 후 다시 시도하세요.',
  'error.forbiddenOrigin': '이 출처에서는 웹소켓을 열 수 없습니다.',
  'error.internal': '알 수 없는 오류입니다. 잠시 후 다시 시도해 주세요.',
  'error.unavailable': '시세 데이터를 아직 준비 중입니다. 몇 초 후 다시 시도하세요.',
  'ws.badMessage': '메시지를 이해할 수 없습니다: {{detail}}',
  'ws.unknownTopic': '알 수 없는 토픽 "{{topic}}"입니다.',
  'ws.tooSlow': '연결이 선택한 업데이트 주기를 따라오지 못했습니다. 다시 연결해 동기화하세요.',
  'ws.rateLimited':
    '이 연결에서 메시지를 너무 많이 보냈습니다. 일부는 처리하지 않았습니다. 천천히 보내 주세요.',
  'ws.tooManySubscriptions': '이 연결의 구독이 너무 많습니다(최대 {{limit}}개).',
  'ws.tooManyGroups': '동시에 연 실시간 표가 너무 많습니다. 몇 개를 닫고 다시 시도하세요.',
  'ws.tooManyConnections': '이 주소에서 연 실시간 연결이 너무 많습니다. 탭을 몇 개 닫고 새로고침하세요.',
  'ws.serverBusy': '서버가 처리할 수 있는 만큼의 실시간 표를 제공하고 있습니다. 잠시 후 다시 시도하세요.',
  'source.simulated': '시뮬레이션 데이터: 응답한 실거래소가 없어 내장 시뮬레이터의 시세를 보여줍니다.',
  'source.replay': '리플레이: 녹화된 마켓 테이프의 시세를 보여줍니다.',
  ...AUTH_MESSAGES_KO,
  ...BILLING_MESSAGES_KO,
  ...MARKET_MESSAGES_KO,
  ...VALIDATION_MESSAGES_KO,
  ...PUBLIC_API_MESSAGES_KO,
  ...NOTIFY_MESSAGES_KO,
  ...WALLET_MESSAGES_KO,
  ...ALERT_MESSAGES_KO,
  ...PHONE_MESSAGES_KO,
  ...LISTING_MESSAGES_KO,
  ...CONTACT_MESSAGES_KO,
  ...DATASET_MESSAGES_KO,
  ...TOKEN_MESSAGES_KO,
};
