import { describe, expect, it } from 'vitest';
import { classifyNotice, extractEffectiveAt, extractNetworks, extractTokens } from './notice-classify.ts';

/** Titles as each venue writes them (Korean boards and English announcement centres). */
const TITLES: readonly (readonly [string, string, ReturnType<typeof classifyNotice>, string[]])[] = [
  ['upbit', '[거래] 에이아이티프로토콜(AIT) 원화 마켓 디지털 자산 추가', 'listing', ['AIT']],
  ['upbit', '[거래] 스테이터스네트워크토큰(SNT) 거래지원 종료 안내 (12/22 15:00)', 'delisting', ['SNT']],
  ['upbit', '[거래] 피스네트워크(PYTH) BTC, USDT 마켓 디지털 자산 추가', 'listing', ['PYTH']],
  ['upbit', '[이벤트] 신규 가입 회원 대상 수수료 할인 이벤트', 'user_events', []],
  ['upbit', '[입출금] 솔라나(SOL) 네트워크 업그레이드에 따른 입출금 일시 중단 안내', 'notice', ['SOL']],
  ['upbit', '[거래] 유의 종목 지정 안내 - 웨이브(WAVES)', 'notice', ['WAVES']],
  ['bithumb', '뉴런(NRN) 원화 마켓 추가', 'listing', ['NRN']],
  ['bithumb', '[거래지원종료] 루프링(LRC) 거래지원 종료 안내', 'delisting', ['LRC']],
  ['bithumb', '[마켓 추가] 자마(ZAMA) 원화 마켓 추가', 'listing', ['ZAMA']],
  ['bithumb', '[이벤트] ZAMA 원화 마켓 상장 기념 에어드랍 이벤트', 'user_events', []],
  ['bithumb', '[투자유의] 쎄타퓨엘(TFUEL) 투자유의 종목 지정 기간 연장 안내', 'notice', ['TFUEL']],
  ['coinone', '[신규 상장] 자마(ZAMA) 원화 마켓 상장 안내', 'listing', ['ZAMA']],
  [
    'coinone',
    '[거래지원 종료] 스트라티스(STRAX) 거래지원 종료 안내 (2025-12-22 15:00)',
    'delisting',
    ['STRAX'],
  ],
  ['binance', 'Binance Will List Zama (ZAMA) with Seed Tag Applied', 'listing', ['ZAMA']],
  ['binance', 'Binance Will Delist FLM, KDA, PERP on 2025-12-03', 'delisting', []],
  [
    'binance',
    'Binance Futures Will Launch USDⓈ-Margined ZAMAUSDT Perpetual Contract With Up to 50x Leverage',
    'listing',
    ['ZAMA'],
  ],
  ['binance', 'Binance Will Support the Arbitrum One (ARB) Network Upgrade & Hard Fork', 'notice', ['ARB']],
  ['binance', 'Introducing Zama (ZAMA) on Binance HODLer Airdrops!', 'user_events', ['ZAMA']],
  ['bybit', 'New Listing: ZAMAUSDT Perpetual Contract, with up to 25x leverage', 'listing', ['ZAMA']],
  ['bybit', 'Delisting of ALPACAUSDT and OMNIUSDT Perpetual Contracts', 'delisting', ['ALPACA', 'OMNI']],
  ['okx', 'OKX to list Zama (ZAMA) for spot trading', 'listing', ['ZAMA']],
  ['okx', 'OKX to delist certain spot trading pairs (2025-11-28)', 'delisting', []],
  ['bitget', 'Bitget Will List Zama (ZAMA) in the Innovation and AI Zone', 'listing', ['ZAMA']],
  [
    'bitget',
    'Bitget Will Delist LOOKS/USDT, MAV/USDT and SLF/USDT Spot Trading Pairs',
    'delisting',
    ['LOOKS', 'MAV', 'SLF'],
  ],
  ['gateio', 'Gate Will List Zama (ZAMA) for Spot Trading', 'listing', ['ZAMA']],
  ['gateio', 'Gate CandyDrop: Trade ZAMA to Share 300,000 ZAMA', 'user_events', []],
  ['huobi', 'HTX Will List Zama (ZAMA)', 'listing', ['ZAMA']],
  ['huobi', 'HTX Will Delist GEAR, MDX and KAN on December 2, 2025', 'delisting', []],
  ['mexc', '[Initial Listing] MEXC Will List Zama (ZAMA)', 'listing', ['ZAMA']],
  ['mexc', 'MEXC Kickstarter - Vote to Win Free ZAMA Airdrops', 'user_events', []],
  [
    'mexc',
    'Deposits and withdrawals of USDT on the BNB Smart Chain (BEP20) will be suspended for maintenance',
    'notice',
    [],
  ],
];

describe('notice classification', () => {
  it.each(TITLES)('%s: %s', (_venue, title, category, tokens) => {
    expect(classifyNotice(title)).toBe(category);
    expect(extractTokens(title)).toEqual(tokens);
  });

  it('lets a venue label decide where the title is plain (Bithumb 거래지원종료, Bybit delistings)', () => {
    expect(classifyNotice('루프링(LRC) 안내', ['거래지원종료'])).toBe('delisting');
    expect(classifyNotice('ALPACAUSDT', ['delisting'])).toBe('delisting');
  });

  it('never reads a delisting as a listing, whatever else the title says', () => {
    expect(classifyNotice('[거래] 원화 마켓 추가 및 BTC 마켓 거래지원 종료 안내')).toBe('delisting');
    expect(classifyNotice('Binance Will Delist and Relist Pairs')).toBe('delisting');
  });

  it('names the networks a title is about, not tickers alone', () => {
    expect(extractNetworks('이더리움(ETH) 네트워크 점검에 따른 입출금 일시 중지 안내')).toEqual(['ETH']);
    expect(extractNetworks('USDT (TRC20) deposits suspended')).toEqual(['TRX']);
    expect(extractNetworks('Binance Will List Ether.fi (ETHFI)')).toEqual([]);
  });

  it('reads the trading end of a delisting in KST for Korean titles and UTC otherwise', () => {
    const published = Date.UTC(2025, 10, 20, 9, 0);
    expect(extractEffectiveAt('(SNT) 거래지원 종료 안내 (12/22 15:00)', published)).toBe(
      Date.UTC(2025, 11, 22, 6, 0),
    );
    expect(extractEffectiveAt('거래지원 종료 안내 (01/05 15:00)', Date.UTC(2025, 11, 20))).toBe(
      Date.UTC(2026, 0, 5, 6, 0),
    );
    expect(extractEffectiveAt('Binance Will Delist FLM on 2025-12-03', published)).toBe(
      Date.UTC(2025, 11, 3),
    );
    expect(extractEffectiveAt('Delisting on 1 Dec 2025', published)).toBe(Date.UTC(2025, 11, 1));
    expect(extractEffectiveAt('Binance Will Delist FLM', published)).toBeUndefined();
  });
});
