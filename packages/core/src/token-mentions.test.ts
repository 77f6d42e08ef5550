import { describe, expect, it } from 'vitest';
import { mentionMatcher } from './token-mentions.ts';

const matcher = mentionMatcher(['BTC', 'ETH', 'BCH', 'SOL', 'XRP', 'OP', 'DOGE', 'ARB']);

describe('mentionMatcher', () => {
  it('counts cashtags, stand-alone tickers and Korean and English names once each', () => {
    expect(matcher.mentions('$btc 돌파! 이더리움이 따라갈까? SOL 도 강세, bitcoin bitcoin')).toEqual([
      'BTC',
      'ETH',
      'SOL',
    ]);
  });

  it('takes the longest Korean name: 비트코인캐시 is Bitcoin Cash only', () => {
    expect(matcher.mentions('비트코인캐시 상장 공지')).toEqual(['BCH']);
  });

  it('leaves out short bare tickers, words inside words and tokens outside the market', () => {
    expect(matcher.mentions('OP stack, solution, ETHX, TRX 입금')).toEqual([]);
    expect(matcher.mentions('$OP 에어드랍')).toEqual(['OP']);
  });

  it('matches English names on word boundaries only', () => {
    expect(matcher.mentions('Dogecoin pumps; Arbitrumish is not a name')).toEqual(['DOGE']);
  });
});
