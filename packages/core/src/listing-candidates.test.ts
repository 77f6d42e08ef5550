import { describe, expect, it } from 'vitest';
import {
  type CandidateInputs,
  type CandidateMarket,
  type CandidateToken,
  candidateReasons,
  rankCandidates,
} from './listing-candidates.ts';

const market = (venue: string, quote: string, volumeUsd: number | null = null): CandidateMarket => ({
  venue,
  quote,
  korean: ['upbit', 'bithumb', 'coinone', 'korbit', 'kbit'].includes(venue),
  volumeUsd,
});

const token = (base: string, markets: CandidateMarket[], networks: string[] = []): CandidateToken => ({
  base,
  markets,
  networks,
});

const inputs = (tokens: CandidateToken[], over: Partial<CandidateInputs> = {}): CandidateInputs => ({
  tokens,
  targetNetworks: { upbit: ['ETH', 'SOL'], bithumb: ['ETH', 'BSC'] },
  ...over,
});

describe('listing candidates: the reasons', () => {
  it('names the other Korean venue with its quote markets and when trading was seen starting there', () => {
    const aaa = token('AAA', [market('bithumb', 'KRW'), market('bithumb', 'BTC')]);
    const since = Date.UTC(2026, 10, 1);
    const reasons = candidateReasons(
      aaa,
      'upbit',
      inputs([aaa], { listedSince: (v, b) => (v === 'bithumb' && b === 'AAA' ? since : null) }),
    );
    expect(reasons).toEqual([{ kind: 'korean_listing', exchange: 'bithumb', quotes: ['BTC', 'KRW'], since }]);
    // On Bithumb itself it is listed already: not a candidate there.
    expect(candidateReasons(aaa, 'bithumb', inputs([aaa]))).toBeNull();
  });

  it('sums overseas spot volume over its venues, and only a large one counts', () => {
    const big = token('BIG', [
      market('binance', 'USDT', 900_000),
      market('okx', 'USDT', 400_000),
      market('okx', 'USDC', 100_000),
      market('coinone', 'KRW', 5_000_000),
    ]);
    expect(candidateReasons(big, 'upbit', inputs([big]))).toEqual([
      { kind: 'overseas_volume', volumeUsd: 1_400_000, venues: 2 },
    ]);
    const small = token('SMALL', [market('binance', 'USDT', 999_999), market('gateio', 'USDT', null)]);
    expect(candidateReasons(small, 'upbit', inputs([small]))).toBeNull();
  });

  it('lists the networks the target already runs wallets on, but never as the only reason', () => {
    const net = token('NET', [market('binance', 'USDT', 2_000_000)], ['SOL', 'ETH', 'TRX']);
    expect(candidateReasons(net, 'upbit', inputs([net]))).toContainEqual({
      kind: 'networks',
      networks: ['ETH', 'SOL'],
    });
    expect(candidateReasons(net, 'bithumb', inputs([net]))).toContainEqual({
      kind: 'networks',
      networks: ['ETH'],
    });
    const quiet = token('QUIET', [market('binance', 'USDT', 10)], ['ETH']);
    expect(candidateReasons(quiet, 'upbit', inputs([quiet]))).toBeNull();
  });

  it('counts a Telegram burst against the previous six days, and a first burst without a ratio', () => {
    const hot = token('HOT', [market('mexc', 'USDT', 10)]);
    const cold = token('COLD', [market('mexc', 'USDT', 10)]);
    const fresh = token('FRESH', [market('mexc', 'USDT', 10)]);
    const mentions = new Map([
      ['HOT', { h24: 12, d7: 36 }],
      ['COLD', { h24: 4, d7: 28 }],
      ['FRESH', { h24: 5, d7: 5 }],
    ]);
    const all = inputs([hot, cold, fresh], { mentions });
    expect(candidateReasons(hot, 'upbit', all)).toEqual([
      { kind: 'telegram_mentions', h24: 12, dailyAvg7d: 4, ratio: 3 },
    ]);
    expect(candidateReasons(cold, 'upbit', all)).toBeNull();
    expect(candidateReasons(fresh, 'upbit', all)).toEqual([
      { kind: 'telegram_mentions', h24: 5, dailyAvg7d: 0, ratio: null },
    ]);
  });

  it('takes a Naver search rise of 20 % or more', () => {
    const up = token('UP', [market('mexc', 'USDT', 10)]);
    const flat = token('FLAT', [market('mexc', 'USDT', 10)]);
    const search = new Map([
      ['UP', { recent: 30, before: 20 }],
      ['FLAT', { recent: 21, before: 20 }],
    ]);
    const all = inputs([up, flat], { search });
    expect(candidateReasons(up, 'bithumb', all)).toEqual([
      { kind: 'naver_search', recent: 30, before: 20, rise: 0.5 },
    ]);
    expect(candidateReasons(flat, 'bithumb', all)).toBeNull();
  });

  it('never proposes a stablecoin, a token the target trades in any quote, or one it announced', () => {
    const usdc = token('USDC', [market('bithumb', 'KRW'), market('binance', 'USDT', 9e9)]);
    const btcOnly = token('BONLY', [market('upbit', 'BTC'), market('bithumb', 'KRW')]);
    const noticed = token('NOTICED', [market('bithumb', 'KRW')]);
    const all = inputs([usdc, btcOnly, noticed], {
      announced: (v, b) => v === 'upbit' && b === 'NOTICED',
    });
    expect(candidateReasons(usdc, 'upbit', all)).toBeNull();
    expect(candidateReasons(btcOnly, 'upbit', all)).toBeNull();
    expect(candidateReasons(noticed, 'upbit', all)).toBeNull();
    expect(rankCandidates('upbit', all)).toEqual([]);
  });
});

describe('listing candidates: the order', () => {
  it('puts more reasons first, then the other Korean venue’s listings, then overseas volume, then the ticker', () => {
    const mentions = new Map([['TWO', { h24: 10, d7: 10 }]]);
    const tokens = [
      token('VOL', [market('binance', 'USDT', 50_000_000)]),
      token('KOR', [market('bithumb', 'KRW'), market('binance', 'USDT', 10)]),
      token('TWO', [market('binance', 'USDT', 2_000_000)]),
      token('BBB', [market('okx', 'USDT', 3_000_000)]),
      token('AAA', [market('okx', 'USDT', 3_000_000)]),
      token('NONE', [market('okx', 'USDT', 10)]),
    ];
    const ranked = rankCandidates('upbit', inputs(tokens, { mentions }));
    expect(ranked.map((c) => c.base)).toEqual(['TWO', 'KOR', 'VOL', 'AAA', 'BBB']);
    expect(ranked.every((c) => c.target === 'upbit' && c.reasons.length > 0)).toBe(true);
    expect(ranked.find((c) => c.base === 'VOL')?.overseasVolumeUsd).toBe(50_000_000);
  });
});
