/** Messages of the dataset explorer's CSV downloads (/dataset). Merged in messages.ts. */
export const DATASET_MESSAGES_EN = {
  'dataset.unknownCategory': 'Unknown data category "{{category}}".',
  'dataset.notOffered': 'This installation does not offer "{{category}}" as a download.',
  'dataset.rangeOrder': '"from" must be before "to".',
  'dataset.rangeTooLong': 'Your plan downloads at most {{days}} day(s) at a time. Choose a shorter range.',
  'dataset.unknownMarket': 'No market "{{symbol}}" on {{exchange}} in this category.',
} as const;

export const DATASET_MESSAGES_KO: Record<keyof typeof DATASET_MESSAGES_EN, string> = {
  'dataset.unknownCategory': '알 수 없는 데이터 분류 "{{category}}"입니다.',
  'dataset.notOffered': '이 사이트에서는 "{{category}}" 데이터를 내려받을 수 없습니다.',
  'dataset.rangeOrder': '"from"은 "to"보다 앞이어야 합니다.',
  'dataset.rangeTooLong':
    '현재 요금제로는 한 번에 최대 {{days}}일까지 내려받을 수 있습니다. 기간을 줄여 주세요.',
  'dataset.unknownMarket': '이 분류에 {{exchange}}의 "{{symbol}}" 마켓이 없습니다.',
};
