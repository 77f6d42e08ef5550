import type { AlertDraft } from './alerts.ts';

/**
 * Starting points for the common cases. "김프 ±3%" is two rules, one per side: a single level cannot watch both
 * directions, and each side deserves its own message.
 */
export interface AlertPreset {
  readonly id: 'kimchi-plus-3' | 'kimchi-minus-3' | 'funding-above-0.1';
  /** Shown on the preset button, in Korean and English. */
  readonly label: { readonly ko: string; readonly en: string };
  readonly draft: AlertDraft;
}

const kimchi = {
  strategy: 'premium-price-gap',
  tokens: ['BTC'],
  exchanges: ['upbit', 'binance'],
  direction: 'fixed',
  premiumType: 'spot-spot',
  dataType: 'price-gap-percent',
  frequency: 'every',
  interval: 1,
  intervalUnit: 'hour',
  expiresAt: null,
} as const satisfies AlertDraft;

export const ALERT_PRESETS: readonly AlertPreset[] = [
  {
    id: 'kimchi-plus-3',
    label: { ko: '김프 +3%', en: 'Kimchi premium +3%' },
    draft: {
      ...kimchi,
      name: 'BTC 김프 +3%',
      message: 'BTC Kimchi premium above +3% (Upbit vs Binance)',
      condition: 'greater-than',
      threshold: 3,
    },
  },
  {
    id: 'kimchi-minus-3',
    label: { ko: '역프 −3%', en: 'Reverse premium −3%' },
    draft: {
      ...kimchi,
      name: 'BTC 역프 -3%',
      message: 'BTC reverse premium below -3% (Upbit vs Binance)',
      condition: 'less-than',
      threshold: -3,
    },
  },
  {
    id: 'funding-above-0.1',
    label: { ko: '펀딩비 0.1% 초과', en: 'Funding above 0.1%' },
    draft: {
      name: 'Funding > 0.1%',
      message: 'A perpetual pays more than 0.1% funding',
      strategy: 'top-funding-rate',
      tokens: [],
      exchanges: ['binance', 'bybit', 'okx'],
      direction: 'any',
      premiumType: 'perp-perp',
      dataType: 'funding-rate-percent',
      condition: 'greater-than',
      threshold: 0.1,
      frequency: 'every',
      interval: 1,
      intervalUnit: 'hour',
      expiresAt: null,
    },
  },
];
