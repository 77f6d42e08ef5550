import { describe, expect, it } from 'vitest';
import { parseTapeLine, TapeLineError } from './market-event.ts';
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

describe('market events', () => {
  it('refuses a tape line whose text holds a NUL or an unpaired surrogate, naming the field', () => {
    const line = (title: string) =>
      JSON.stringify({ t: 1, type: 'notice', venue: 'upbit', category: 'notice', url: 'https://x', title });
    for (const bad of ['listing\u0000', 'listing \ud800']) {
      const parsed = parseTapeLine(line(bad), 7);
      expect(parsed).toBeInstanceOf(TapeLineError);
      expect((parsed as TapeLineError).message).toContain('title: must not contain NUL');
    }
    expect(parseTapeLine(line('상장 안내 😀'), 8)).toMatchObject({ title: '상장 안내 😀' });
  });
});
