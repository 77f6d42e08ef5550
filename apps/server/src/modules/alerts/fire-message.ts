import type { AlertInput } from '@spreadscope/contracts';
import { type AlertCondition, type AlertDataType, type Language, translate } from '@spreadscope/core';

const DATA_TYPE: Record<Language, Record<AlertDataType, string>> = {
  en: {
    'price-gap-percent': 'price gap',
    'price-gap-usd': 'price gap (USD)',
    'price-gap-usdt': 'price gap (USDT)',
    'funding-gap-percent': 'funding gap',
    'funding-interval-change': 'funding interval',
    'funding-direction-change': 'funding rate',
    'funding-rate-percent': 'funding rate',
  },
  ko: {
    'price-gap-percent': '가격 차이',
    'price-gap-usd': '가격 차이(USD)',
    'price-gap-usdt': '가격 차이(USDT)',
    'funding-gap-percent': '펀딩비 갭',
    'funding-interval-change': '펀딩 주기',
    'funding-direction-change': '펀딩비',
    'funding-rate-percent': '펀딩비',
  },
};

const CONDITION: Record<Language, Record<AlertCondition, string>> = {
  en: {
    'less-than': 'below',
    'greater-than': 'above',
    'equal-to': 'at',
    'cross-zero': 'crossed zero',
    'after-funding-distribution': 'settled, threshold',
  },
  ko: {
    'less-than': '미만 기준',
    'greater-than': '초과 기준',
    'equal-to': '도달 기준',
    'cross-zero': '0 돌파',
    'after-funding-distribution': '정산 완료, 기준',
  },
};

function formatValue(dataType: AlertDataType, value: number): string {
  if (dataType === 'funding-interval-change') return `${value}h`;
  const digits = dataType.startsWith('funding') ? 4 : 2;
  return `${value > 0 ? '+' : ''}${value.toFixed(digits)}%`;
}

/** The text of a fired alert in the user's language: the user's own name and message, then what crossed. */
export function fireMessage(
  language: Language,
  definition: Pick<AlertInput, 'name' | 'message'>,
  fired: {
    token: string;
    pair: string;
    dataType: AlertDataType;
    condition: AlertCondition;
    threshold: number;
    value: number;
  },
): { title: string; body: string } {
  const line = translate(language, 'alert.firedBody', {
    token: fired.token,
    pair: fired.pair,
    dataType: DATA_TYPE[language][fired.dataType],
    value: formatValue(fired.dataType, fired.value),
    condition: CONDITION[language][fired.condition],
    threshold: fired.condition === 'cross-zero' ? '0' : formatValue(fired.dataType, fired.threshold),
  });
  return { title: definition.name, body: `${definition.message}\n${line}` };
}
