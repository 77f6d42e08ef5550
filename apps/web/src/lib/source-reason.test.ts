import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { ko } from '../i18n/ko.ts';
import { describeSourceReason } from './source-reason.ts';

function translator(language: 'ko' | 'en') {
  const i18n = createInstance();
  void i18n.init({
    lng: language,
    resources: { [language]: { translation: language === 'ko' ? ko : en } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe('data source reasons in the user language', () => {
  const ko = translator('ko');

  it('words each reason the server gives in Korean, with its numbers', () => {
    const timeout = describeSourceReason(
      'no live exchange answered within 15 s; showing simulated data, trying live again in the background',
      ko,
    );
    expect(timeout).toContain('15');
    expect(timeout).not.toMatch(/[a-z]{4,}/);
    const none = describeSourceReason('no live exchange is enabled; showing simulated data', ko);
    expect(none).not.toMatch(/[a-z]{4,}/);
  });

  it('keeps the exchanges’ own error text inside the Korean sentence', () => {
    const text = describeSourceReason(
      'every live exchange failed (all 19, within 0.4 s: binance: connection refused); showing simulated data',
      ko,
    );
    expect(text).toContain('19');
    expect(text).toContain('binance: connection refused');
  });

  it('shows a reason it does not know as the server wrote it', () => {
    expect(describeSourceReason('operator chose the simulator', ko)).toBe('operator chose the simulator');
  });
});
