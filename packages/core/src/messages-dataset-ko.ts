import type { DATASET_MESSAGES_EN } from './messages-dataset.ts';

/** The Korean of messages-dataset.ts, a module of its own: a bundle for Korean readers leaves the English out. */
export const DATASET_MESSAGES_KO: Record<keyof typeof DATASET_MESSAGES_EN, string> = {
  'dataset.unknownCategory': '알 수 없는 데이터 분류 "{{category}}"입니다.',
  'dataset.notOffered': '이 사이트에서는 "{{category}}" 데이터를 내려받을 수 없습니다.',
  'dataset.rangeOrder': '"from"은 "to"보다 앞이어야 합니다.',
  'dataset.rangeTooLong':
    '현재 요금제로는 한 번에 최대 {{days}}일까지 내려받을 수 있습니다. 기간을 줄여 주세요.',
  'dataset.unknownMarket': '이 분류에 {{exchange}}의 "{{symbol}}" 마켓이 없습니다.',
};
