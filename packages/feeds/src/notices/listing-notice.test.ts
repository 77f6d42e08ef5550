import { describe, expect, it } from 'vitest';
import { parseKoreanDateTime, parseListingNotice } from './listing-notice.ts';

const kst = (iso: string) => Date.parse(`${iso}+09:00`);
const PUBLISHED = kst('2025-11-21T13:30:12');

describe('parseListingNotice: Upbit', () => {
  it('reads one token on the KRW market with the body’s times and network', () => {
    const parsed = parseListingNotice(
      '[거래] 에이아이티프로토콜(AIT) 원화 마켓 디지털 자산 추가',
      [
        '원화 마켓에 신규 디지털 자산 추가 소식을 안내드립니다.',
        '- 디지털 자산 : 에이아이티프로토콜(AIT)',
        '- 지원 네트워크 : Ethereum',
        '- 입금 지원 시점 : 공지 후 2시간 이내',
        '- 거래지원 개시 시점 : 2025-11-21 17:00 KST 예정',
        '- 매수 주문은 거래지원 개시 시점 이후 5분 간 제한됩니다.',
      ].join('\n'),
      PUBLISHED,
    );
    expect(parsed).toEqual({
      tokens: [{ base: 'AIT', name: '에이아이티프로토콜' }],
      quotes: ['KRW'],
      networks: ['ETH'],
      depositAt: null,
      sellAt: null,
      tradingAt: kst('2025-11-21T17:00'),
      postponed: false,
    });
  });

  it('reads several tokens in one notice, each with its name', () => {
    const parsed = parseListingNotice(
      '[거래] 카이토(KAITO), 솔레이어(LAYER) 원화 마켓 디지털 자산 추가',
      null,
      PUBLISHED,
    );
    expect(parsed?.tokens).toEqual([
      { base: 'KAITO', name: '카이토' },
      { base: 'LAYER', name: '솔레이어' },
    ]);
    expect(parsed?.quotes).toEqual(['KRW']);
  });

  it('reads a BTC-market-only listing without taking BTC for a token', () => {
    const parsed = parseListingNotice('[거래] 오르카(ORCA) BTC 마켓 디지털 자산 추가', null, PUBLISHED);
    expect(parsed?.tokens.map((t) => t.base)).toEqual(['ORCA']);
    expect(parsed?.quotes).toEqual(['BTC']);
  });

  it('reads BTC and USDT markets together', () => {
    const parsed = parseListingNotice('[거래] 스토리(IP) BTC, USDT 마켓 디지털 자산 추가', null, PUBLISHED);
    expect(parsed?.quotes).toEqual(['BTC', 'USDT']);
    expect(parsed?.tokens.map((t) => t.base)).toEqual(['IP']);
  });

  it('reads a postponed trading start with its new time', () => {
    const parsed = parseListingNotice(
      '[거래] 레이어제로(ZRO) 원화 마켓 거래지원 개시 시점 연기 안내',
      '- 변경 전 거래지원 개시 시점 : 2025-11-21 17:00\n- 거래지원 개시 시점 : 2025년 11월 21일 오후 8시 30분 (변경)',
      PUBLISHED,
    );
    expect(parsed?.postponed).toBe(true);
    // The line naming the time it replaces is not the new time.
    expect(parsed?.tradingAt).toBe(kst('2025-11-21T20:30'));
  });

  it('reads a postponement that names no new time as no trading time', () => {
    const parsed = parseListingNotice(
      '[거래] 레이어제로(ZRO) 원화 마켓 거래지원 개시 연기 안내',
      '- 거래지원 개시 시점 : 추후 공지 예정',
      PUBLISHED,
    );
    expect(parsed).toMatchObject({ postponed: true, tradingAt: null, tokens: [{ base: 'ZRO' }] });
  });
});

describe('parseListingNotice: Bithumb', () => {
  it('reads the title and body Bithumb writes, deposit and trading times in Korean dates', () => {
    const parsed = parseListingNotice(
      '뉴런(NRN) 원화 마켓 추가',
      [
        '안녕하세요. 가상자산 플랫폼 빗썸입니다.',
        '■ 입금 가능 시점 : 2025년 11월 21일(금) 14:00 예정',
        '■ 거래 오픈 시점 : 2025년 11월 21일(금) 18:00 예정',
        '■ 네트워크 : BNB Smart Chain(BEP-20)',
      ].join('\n'),
      kst('2025-11-21T13:00'),
    );
    expect(parsed).toMatchObject({
      tokens: [{ base: 'NRN', name: '뉴런' }],
      quotes: ['KRW'],
      networks: ['BSC'],
      depositAt: kst('2025-11-21T14:00'),
      tradingAt: kst('2025-11-21T18:00'),
      postponed: false,
    });
  });

  it('reads a tagged title with a time in it', () => {
    const parsed = parseListingNotice(
      '[마켓 추가] 베라체인(BERA) 원화 마켓 추가 (11/21 18:00 거래 오픈)',
      null,
      PUBLISHED,
    );
    expect(parsed).toMatchObject({ tokens: [{ base: 'BERA' }], tradingAt: kst('2025-11-21T18:00') });
  });

  it('reads an edited notice: the second reading has the changed time', () => {
    const first = parseListingNotice(
      '무브먼트(MOVE) 원화 마켓 추가',
      '■ 거래 오픈 시점 : 11월 21일 18:00',
      PUBLISHED,
    );
    const edited = parseListingNotice(
      '[수정] 무브먼트(MOVE) 원화 마켓 추가 (거래 오픈 시점 변경)',
      '■ 거래 오픈 시점 : 11월 21일 19:30',
      PUBLISHED,
    );
    expect(first?.tradingAt).toBe(kst('2025-11-21T18:00'));
    expect(edited).toMatchObject({ tradingAt: kst('2025-11-21T19:30'), postponed: true });
  });

  it('returns null for a notice naming no token', () => {
    expect(parseListingNotice('[마켓 추가] 신규 거래지원 안내', null, PUBLISHED)).toBeNull();
  });
});

describe('parseKoreanDateTime', () => {
  it('reads the forms Korean notices use, in KST', () => {
    expect(parseKoreanDateTime('2025.11.21 17:00', PUBLISHED)).toBe(kst('2025-11-21T17:00'));
    expect(parseKoreanDateTime('11월 22일 (토) 오전 9시', PUBLISHED)).toBe(kst('2025-11-22T09:00'));
    expect(parseKoreanDateTime('오후 5시 반', PUBLISHED)).toBe(kst('2025-11-21T17:30'));
    expect(parseKoreanDateTime('예정', PUBLISHED)).toBeNull();
  });

  it('puts a January date named in December into the next year', () => {
    expect(parseKoreanDateTime('1월 2일 10:00', kst('2025-12-30T10:00'))).toBe(kst('2026-01-02T10:00'));
  });
});
