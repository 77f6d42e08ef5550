import type { DatasetCatalogue } from './en-dataset.ts';

/** 데이터셋 탐색기(/dataset): 명세 §3의 데이터 분류별 내용과 받는 방법. */
export const datasetKo: DatasetCatalogue = {
  dataset: {
    title: '데이터셋 탐색기',
    lead: '이 사이트가 모으는 모든 데이터의 내용, 출처, 실시간 샘플, 같은 데이터를 주는 API 호출, 고른 기간의 CSV를 한곳에서 볼 수 있습니다.',
    loading: '목록을 불러오는 중…',
    failed: '목록을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.',
    notCollected: '이 사이트에서는 수집하지 않습니다.',
    pro: 'Pro 이상',
    coverage: '지원 범위',
    since: '데이터 시작 시점',
    venues: '거래소 {{count}}곳',
    rows: '현재 {{count}}행',
    liveSnapshot: '현재 상태(실시간 갱신)',
    series: '1분봉(과거 데이터 보관 기간 동안)',
    market: '마켓',
    apiCall: 'API 호출',
    sample: '실시간 샘플',
    noSample: '아직 데이터가 없습니다.',
    from: '시작',
    to: '끝',
    download: 'CSV 내려받기',
    limits:
      '한 번에 내려받을 수 있는 기간: 비회원 {{visitor}}일, Free {{free}}일, Starter {{starter}}일, Pro {{pro}}일, Pro+ {{pro_plus}}일.',
    categories: {
      'cex-info': {
        title: 'CEX 마켓',
        body: '중앙화 거래소의 모든 마켓: 거래소, 현물·무기한 선물, 베이스와 쿼트.',
      },
      'dex-info': {
        title: 'DEX 풀',
        body: 'DEX 거래소(Uniswap v3, PancakeSwap, DragonSwap, KLAYswap, Capybara)에서 추적하는 AMM 풀: 거래소, 베이스, 쿼트.',
      },
      'cex-data': { title: 'CEX 캔들', body: '중앙화 거래소 마켓의 1분봉 OHLCV(마켓 자체 쿼트 기준).' },
      'dex-data': { title: 'DEX 캔들', body: 'AMM 풀의 1분봉 OHLCV.' },
      'funding-rate': { title: '펀딩비', body: '모든 무기한 선물 마켓의 현재 펀딩비와 가격.' },
      trend: { title: '검색 트렌드', body: '코인별 네이버·구글 검색 관심도.' },
      forex: { title: '환율', body: '김프 환산에 쓰는 원/달러 환율.' },
      telegram: { title: '텔레그램', body: '코인 텔레그램 채널의 게시물과 채널 통계.' },
      ticker: {
        title: '시세',
        body: '모든 마켓의 현재가, 최우선 매수·매도 호가, 24시간 변동률과 거래대금(달러).',
      },
      orderbook: {
        title: '호가',
        body: '현재가 근처의 매수·매도 호가. 상세 페이지와 API로 실시간 제공합니다.',
      },
      'token-updates': {
        title: '코인 변동 사항',
        body: '상장, 상장 폐지, 공지. 이벤트 페이지와 API로 제공합니다.',
      },
      'trading-fees': { title: '거래 수수료', body: '거래소·마켓 종류별 메이커·테이커 수수료.' },
      'wallet-status': { title: '입출금 상태', body: '거래소·자산·네트워크별 입금과 출금 가능 여부.' },
    },
  },
};
