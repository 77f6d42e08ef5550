import type { listingPredictedEn } from './en-listing-predicted.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** Korean copy of the listing candidates. */
export const listingPredictedKo: Widen<typeof listingPredictedEn> = {
  listingPredicted: {
    title: '상장 후보',
    lead: '{{exchange}}에 아직 없는 토큰과 상장을 점칠 근거입니다. 점수 없이 근거를 보여 드립니다. 순서: 근거가 많은 순, 다른 국내 거래소 상장 여부, 해외 거래량.',
    venues: '후보 거래소',
    simulated: '시뮬레이션 후보: 시세·지갑·트렌드는 내장 시뮬레이터에서 나옵니다.',
    loading: '상장 후보를 불러오는 중…',
    failed: '상장 후보를 불러오지 못했습니다: {{message}}',
    empty: '지금은 {{exchange}} 상장 후보가 없습니다.',
    noTrends: '텔레그램·네이버 트렌드를 쓸 수 없어 시장 근거만 보여 드립니다.',
    count: '{{total}}개 중 {{shown}}개',
    more: '더 보기',
    reason: {
      koreanListing: '{{exchange}} 상장 ({{quotes}})',
      koreanListingSince: '{{exchange}} 상장 ({{quotes}}) · {{date}}부터',
      overseasVolume: '해외 거래량 {{volume}} · 거래소 {{count}}곳',
      overseasVolumeOne: '해외 거래량 {{volume}} · 거래소 1곳',
      networks: '{{networks}} 네트워크 — {{exchange}}에서 이미 지원',
      telegram: '텔레그램 언급 7일 평균 대비 ×{{ratio}} (24시간 {{count}}건)',
      telegramFirst: '텔레그램 언급 24시간 {{count}}건 (이전 언급 없음)',
      naver: '네이버 검색 지난 2주 대비 +{{pct}} %',
    },
  },
};
