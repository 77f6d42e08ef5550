import { describe, expect, it } from 'vitest';
import { parseTapeLine, serializeTapeEvent, TapeLineError } from './market-event.ts';

// The example of shared/formats/market-tape.md, line for line.
const EXAMPLE = [
  '{"t":1763700000000,"type":"meta","version":1,"source":"example"}',
  '{"t":1763700000000,"type":"forex","pair":"USD/KRW","rate":1400}',
  '{"t":1763700000100,"type":"quote","venue":"binance","market":"spot","base":"BTC","quote":"USDT","last":100000,"bid":99999,"ask":100001,"volume24h":2500000000}',
  '{"t":1763700000200,"type":"quote","venue":"upbit","market":"spot","base":"BTC","quote":"KRW","last":143500000,"bid":143450000,"ask":143500000,"volume24h":310000000000}',
  '{"t":1763700000300,"type":"funding","venue":"bybit","base":"BTC","quote":"USDT","rate":0.0001,"intervalHours":8,"nextFundingTime":1763712000000}',
];

describe('tape lines', () => {
  it('parses the contract example and serializes it back unchanged', () => {
    EXAMPLE.forEach((line, i) => {
      const event = parseTapeLine(line, i + 1);
      expect(event).not.toBeInstanceOf(TapeLineError);
      expect(JSON.parse(serializeTapeEvent(event as never))).toEqual(JSON.parse(line));
    });
  });

  it('ignores fields it does not know', () => {
    const event = parseTapeLine('{"t":1,"type":"forex","pair":"USD/KRW","rate":1400,"provider":"x"}', 1);
    expect(event).toEqual({ t: 1, type: 'forex', pair: 'USD/KRW', rate: 1400 });
  });

  it('names the line of a malformed event and what is wrong with it', () => {
    const notJson = parseTapeLine('{"t":1,', 7);
    expect(notJson).toBeInstanceOf(TapeLineError);
    expect((notJson as TapeLineError).message).toBe('tape line 7: not valid JSON');

    const badPrice = parseTapeLine(
      '{"t":1,"type":"quote","venue":"upbit","market":"spot","base":"BTC","quote":"KRW","last":-5}',
      12,
    ) as TapeLineError;
    expect(badPrice).toBeInstanceOf(TapeLineError);
    expect(badPrice.line).toBe(12);
    expect(badPrice.message).toContain('last');

    const unknownType = parseTapeLine('{"t":1,"type":"trade"}', 3) as TapeLineError;
    expect(unknownType).toBeInstanceOf(TapeLineError);
    expect(unknownType.message).toMatch(/^tape line 3: /);
  });

  it('rejects lower-case tokens and non-registry-shaped venues', () => {
    expect(
      parseTapeLine(
        '{"t":1,"type":"quote","venue":"upbit","market":"spot","base":"btc","quote":"KRW","last":5}',
        1,
      ),
    ).toBeInstanceOf(TapeLineError);
    expect(
      parseTapeLine(
        '{"t":1,"type":"quote","venue":"Up Bit","market":"spot","base":"BTC","quote":"KRW","last":5}',
        1,
      ),
    ).toBeInstanceOf(TapeLineError);
  });
});
