import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { cachedLabel } from './label-cache.ts';

async function translator(language: string) {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: {
      en: { translation: { pin: 'Pin {{base}}', stale: 'Stale' } },
      ko: { translation: { pin: '{{base}} 고정', stale: '지연' } },
    },
  });
  return i18n.t;
}

describe('cached labels', () => {
  it('reads the same as the translation it stands for, per token and per language', async () => {
    const en = await translator('en');
    const ko = await translator('ko');
    expect(cachedLabel(en, 'pin', 'BTC')).toBe('Pin BTC');
    expect(cachedLabel(en, 'pin', 'ETH')).toBe('Pin ETH');
    expect(cachedLabel(en, 'pin', 'BTC')).toBe('Pin BTC');
    expect(cachedLabel(en, 'stale')).toBe('Stale');
    expect(cachedLabel(ko, 'pin', 'BTC')).toBe('BTC 고정');
    expect(cachedLabel(ko, 'stale')).toBe('지연');
  });
});
