import type { listingHistoryEn } from './en-listing-history.ts';

/** Korean copy of the listing history and case summary. */
export const listingHistoryKo: typeof listingHistoryEn = {
  listingHistory: {
    title: '상장 히스토리',
    link: '과거 상장 사례',
    back: '현재 상장',
    lead: '국내 거래소의 과거 상장 사례: 거래 전 입금 총량, 상장가, 첫날 고가·저가, 최고 프리미엄과 시점, 텔레그램 언급. 사례는 거래 시작 24시간 후 확정됩니다.',
    loading: '과거 상장 사례를 불러오는 중…',
    failed: '과거 상장 사례를 불러오지 못했습니다: {{message}}',
    empty: '아직 과거 상장 사례가 없습니다.',
    simulatedNote: '시뮬레이션 사례: 실제 상장이 아닌 내장 시뮬레이터의 상장에서 나온 데이터입니다.',
    simulated: '시뮬레이션',
    open: '첫 24시간 진행 중',
    imported: '가져온 사례',
    sortBy: '{{column}} 기준 정렬',
    col: {
      token: '토큰',
      exchange: '거래소',
      date: '공지 시각 (KST)',
      listedAt: '거래 시작 (KST)',
      listingPrice: '상장가',
      range: '24시간 고가 / 저가',
      peak: '최고 프리미엄',
      capChange: '24시간 시가총액 변화',
      deposit: '거래 전 입금',
    },
    summary: {
      title: '사례 요약',
      none: '아직 사례가 없습니다: 거래가 시작되면 수치가 나옵니다.',
      openNote:
        '거래 시작 후 24시간이 지나지 않았습니다: 지금까지의 수치이며 거래 시작 24시간 후 확정됩니다.',
      listedAt: '거래 시작',
      listingPrice: '상장가',
      high: '24시간 고가',
      low: '24시간 저가',
      peak: '최고 프리미엄',
      peakAt: '{{time}}에 {{pct}}',
      capChange: '24시간 시가총액 변화',
      deposit: '거래 전 입금 총량',
      depositValue: '{{amount}} {{base}} ({{krw}})',
      depositAmount: '{{amount}} {{base}}',
      unknown: '알 수 없음',
      posts: '텔레그램 오피니언 리더',
      noPosts: '상장 전후로 추적 중인 채널의 언급이 없습니다.',
    },
  },
};
