import { MISSING } from '@spreadscope/core';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { ko } from '../i18n/ko.ts';
import { formatDuration, formatIntervalCode } from './duration.ts';

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

describe('durations in the reader language', () => {
  const tKo = translator('ko');
  const tEn = translator('en');

  it('words Korean durations in Korean units, the two most significant', () => {
    expect(formatDuration(144_000, tKo)).toBe('2분 24초');
    expect(formatDuration(185_000, tKo)).toBe('3분 5초');
    expect(formatDuration(0, tKo)).toBe('0초');
    expect(formatDuration((4 * 60 + 12) * 60_000, tKo)).toBe('4시간 12분');
    expect(formatDuration(50 * 3_600_000, tKo)).toBe('2일 2시간');
  });

  it('keeps the short English units', () => {
    expect(formatDuration(144_000, tEn)).toBe('2m 24s');
    expect(formatDuration(185_000, tEn)).toBe('3m 5s');
    expect(formatDuration((4 * 60 + 12) * 60_000, tEn)).toBe('4h 12m');
    expect(formatDuration(50 * 3_600_000, tEn)).toBe('2d 2h');
  });

  it('shows nothing for an unknown or negative duration', () => {
    expect(formatDuration(Number.NaN, tKo)).toBe(MISSING);
    expect(formatDuration(-1, tEn)).toBe(MISSING);
  });

  it('words interval codes (15m, 4h, 1d) per language and leaves unknown codes alone', () => {
    expect(formatIntervalCode('15m', tKo)).toBe('15분');
    expect(formatIntervalCode('4h', tKo)).toBe('4시간');
    expect(formatIntervalCode('1d', tKo)).toBe('1일');
    expect(formatIntervalCode('8h', tEn)).toBe('8h');
    expect(formatIntervalCode('all', tKo)).toBe('all');
  });
});
