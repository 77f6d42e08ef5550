/** Messages of the dataset explorer's CSV downloads (/dataset). Merged in messages.ts. */
export const DATASET_MESSAGES_EN = {
  'dataset.unknownCategory': 'Unknown data category "{{category}}".',
  'dataset.notOffered': 'This installation does not offer "{{category}}" as a download.',
  'dataset.rangeOrder': '"from" must be before "to".',
  'dataset.rangeTooLong': 'Your plan downloads at most {{days}} day(s) at a time. Choose a shorter range.',
  'dataset.unknownMarket': 'No market "{{symbol}}" on {{exchange}} in this category.',
} as const;
