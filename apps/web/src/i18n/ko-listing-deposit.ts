import type { listingDepositEn } from './en-listing-deposit.ts';

/** Korean copy of the deposit tracker. */
export const listingDepositKo: typeof listingDepositEn = {
  listingDeposit: {
    title: '입금 추적',
    link: '입금 추적',
    lead: '공지 3시간 전부터 하루 뒤까지(거래 시작이 더 늦으면 그때까지) 거래소 지갑으로 들어온 토큰 입금을 온체인에서 읽어 현재 가격으로 평가합니다. 등급: 고래 1억 원 초과, 물고기 1천만~1억 원, 새우 1천만 원 미만. 3초마다 갱신.',
    simulated: '시뮬레이션 입금: 체인이 아닌 내장 시뮬레이터가 만든 데이터입니다.',
    loading: '입금 내역을 불러오는 중…',
    failed: '입금 내역을 불러오지 못했습니다: {{message}}',
    empty: '아직 입금이 없습니다.',
    noChains: '온체인으로 읽을 거래소 지갑이 설정되지 않았습니다 (LISTING_DEPOSIT_FILE).',
    price: '토큰당 {{price}} 기준.',
    chains: '체인:',
    noPrice: '아직 가격이 없어 입금액을 평가할 수 없습니다 (등급 미확인).',
    total: '총 입금',
    ratio: '유통량 대비',
    tier: { whale: '고래', fish: '물고기', shrimp: '새우', unknown: '미확인' },
    chain: { starting: '시작 중', live: '실시간', stale: '지연', simulated: '시뮬레이션', off: '꺼짐' },
    accumulated: {
      title: '등급별 누적 입금',
      interval: '간격',
      label: '보유자 등급별 {{base}} 누적 입금, {{interval}} 간격',
    },
    ranking: '입금 순위',
    recent: '최근 입금',
    col: {
      rank: '#',
      time: '시간 (KST)',
      depositor: '입금자',
      amount: '수량',
      krw: '원화',
      usd: '달러',
      tier: '등급',
      network: '네트워크',
      tx: '트랜잭션',
      deposits: '입금 수',
      wallet: '지갑',
    },
    unverified: '심볼로 매칭',
  },
};
