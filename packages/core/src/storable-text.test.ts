import { describe, expect, it } from 'vitest';
import { isStorableText } from './storable-text.ts';

describe('isStorableText', () => {
  it('refuses NUL and unpaired surrogates anywhere', () => {
    for (const bad of ['\u0000', 'a\u0000b@example.com', '\ud800', 'x\udfffy', 'end\ud83d', '\ude00start']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('keeps every other text, emoji and right-to-left overrides included', () => {
    for (const good of [
      '',
      'trader@example.com',
      '업비트-BTC',
      '😀👍🏽',
      '\u202egnp.exe',
      '𠜎',
      'tab\there',
    ]) {
      expect(isStorableText(good), JSON.stringify(good)).toBe(true);
    }
  });
});
