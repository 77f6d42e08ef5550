import type { Catalogue } from './en.ts';
import { alertsKo } from './ko-alerts.ts';
import { apiKo } from './ko-api.ts';
import { authKo } from './ko-auth.ts';
import { billingKo } from './ko-billing.ts';
import { dashboardKo } from './ko-dashboard.ts';
import { datasetKo } from './ko-dataset.ts';
import { dexKo } from './ko-dex.ts';
import { eventsKo } from './ko-events.ts';
import { exchangesKo } from './ko-exchanges.ts';
import { legalKo } from './ko-legal.ts';
import { listingKo } from './ko-listing.ts';
import { listingDepositKo } from './ko-listing-deposit.ts';
import { listingHistoryKo } from './ko-listing-history.ts';
import { listingPredictedKo } from './ko-listing-predicted.ts';
import { marginKo } from './ko-margin.ts';
import { marketKo } from './ko-market.ts';
import { notifyKo } from './ko-notify.ts';
import { phoneKo } from './ko-phone.ts';
import { searchKo } from './ko-search.ts';
import { siteKo } from './ko-site.ts';
import { tokensKo } from './ko-tokens.ts';
import { trendKo } from './ko-trend.ts';
import { viewsKo } from './ko-views.ts';
import { walletsKo } from './ko-wallets.ts';

/**
 * Korean copy, the default language. Written the way Korean traders talk (김프, 역프, 거래대금, 업비트), not
 * translated word for word from en.ts.
 */
export const ko: Catalogue = {
  app: {
    name: 'Spreadscope',
    tagline: '거래소 간 가격 차이를 실시간으로',
    skipToContent: '본문 바로가기',
  },
  nav: {
    label: '주 메뉴',
    home: '홈',
    premium: '김프 현황',
    arbitrage: '차익거래',
    fundingRate: '펀딩비',
    premiumIndex: '김프 지수',
    exchanges: '거래소',
    alerts: '알림',
    events: '공지·일정',
    derivatives: '미결제약정·청산',
    pricing: '요금제',
  },
  settings: {
    open: '화면 설정',
    title: '화면 설정',
    close: '닫기',
    language: '언어',
    languageNames: { ko: '한국어', en: 'English' },
    switchLanguage: '{{language}}로 보기',
    currency: '통화',
    currencyHint: '가격 표시 통화',
    currencies: { KRW: 'KRW', USD: 'USD' },
    currencyNames: { KRW: '원화', USD: '달러' },
    theme: '테마',
    themes: { dark: '다크', light: '라이트' },
    switchTheme: '{{theme}} 테마로 바꾸기',
    interval: '업데이트 주기',
    intervals: { realtime: '실시간', '3s': '3초', '10s': '10초', '30s': '30초' },
    colors: '상승/하락 색상',
    colorConventions: {
      auto: '언어 기본값',
      'red-up': '상승 빨강 · 하락 파랑',
      'green-up': '상승 초록 · 하락 빨강',
    },
  },
  status: {
    dataSource: {
      live: '실시간 거래소 시세',
      simulated: '시뮬레이션 시세',
      replay: '리플레이 시세',
    },
    lastUpdate: '최근 업데이트 {{time}}',
    waiting: '데이터 기다리는 중…',
    connection: {
      open: '실시간 연결',
      connecting: '연결 중…',
      reconnecting: '{{seconds}}초 후 재연결',
      closed: '연결 끊김',
    },
    venues: '거래소 {{up}}/{{total}} 연결',
    timeZoneNote: '시간은 한국 표준시(KST) 기준',
    disclaimer: '투자 참고용 정보이며 투자 권유가 아닙니다.',
  },
  banner: {
    simulated: '시뮬레이션 데이터입니다 — 거래소 실제 시세가 아니라 생성된 가격입니다.',
    replay: '리플레이 중입니다 — 실시간이 아니라 녹화된 시세입니다.',
    showReason: '이유 보기',
    hideReason: '접기',
    since: '{{time}}부터',
    reasons: {
      timeout: '{{seconds}}초 안에 응답한 실제 거래소가 없어 시뮬레이션 시세를 보여 드려요',
      noneEnabled: '이 서버에 켜진 실제 거래소가 없어 시뮬레이션 시세를 보여 드려요',
      allFailed:
        '실제 거래소 {{count}}곳이 {{seconds}}초 안에 모두 실패해 시뮬레이션 시세를 보여 드려요 ({{detail}})',
      retrying: '. 실제 거래소 연결은 뒤에서 계속 다시 시도해요.',
      tapeEnded: '기록된 시세가 {{at}}에 끝나 마지막 시점에 멈춰 있어요.',
    },
  },
  titles: {
    suffix: 'Spreadscope',
    home: '실시간 김치 프리미엄',
    premium: '김프 현황',
    notFound: '페이지를 찾을 수 없음',
  },
  landing: {
    heroKicker: '지금 김프',
    heroTitle: '{{base}} · {{source}} vs {{target}}',
    heroPremium: '김프',
    heroDiscount: '역프',
    heroBasis: '{{base}} {{rate}} 기준',
    heroNoData: '두 거래소의 최신 BTC 시세를 아직 받지 못했습니다.',
    heroStale: '시세 지연 — 지금의 김프가 아닙니다',
    rates: '환율',
    rateUsd: '달러/원 환율',
    rateUsdt: '테더/원 ({{venue}})',
    rankingTitle: '김프 순위',
    rankingSubtitle: '{{source}} 원화 vs {{target}} USDT · 지연 시세 제외',
    discountTitle: '역프 순위',
    discountEmpty: '지금 역프인 코인이 없습니다.',
    rankingEmpty: '순위를 매길 최신 시세가 아직 없습니다.',
    rank: '순위',
    viewTable: '전체 김프 표 보기',
    aboutTitle: 'Spreadscope는',
    aboutBody:
      '같은 코인도 국내 거래소와 해외 거래소의 가격이 다릅니다. Spreadscope는 업비트·빗썸·코인원·코빗 원화 시세와 해외 주요 거래소의 USDT 시세를 실시간으로 받아, 고른 기준(달러 환율 또는 테더)으로 환산해 김프와 역프를 바로 보여줍니다.',
    points: {
      live: '실시간: 모든 시세에 수신 시각이 붙고, 지연된 시세는 회색으로 표시되며 순위에서 빠집니다.',
      base: '투명한 계산: 김프 옆에 항상 환산 기준(달러 환율 또는 테더)이 함께 표시됩니다.',
      open: '오픈소스: 내 서버에 직접 설치해 운영할 수 있습니다.',
    },
    venuesTitle: '거래소 연결 상태',
    venuesKorea: '국내',
    venuesOverseas: '해외',
    venuesEmpty: '연결 상태를 아직 불러오지 못했습니다.',
    venueInstruments: '마켓 {{count}}개',
    moreTitle: '이것도 볼 수 있어요',
    more: {
      arbitrage: '현현·현선·선선 차익거래: 진입/청산 갭, 호가 깊이, 입출금 네트워크까지',
      fundingRate: '거래소별 펀딩비 순위, 24시간 히트맵, 1년 기록',
      premiumIndex: '주요 코인 김프 지수와 비트코인 추세',
      exchanges: '거래소별 연결 상태와 데이터 출처',
    },
  },
  premium: {
    title: '김프 현황',
    subtitle: '국내 원화 마켓 vs 해외 USDT 마켓',
    filters: {
      label: '표 필터',
      source: '국내 거래소',
      target: '해외 거래소',
      search: '코인',
      searchPlaceholder: 'BTC, 비트코인…',
      clearSearch: '검색어 지우기',
      minPremium: '최소 김프',
      minPremiumPlaceholder: '최소 김프 %',
      minPremiumHint: '김프가 이 값(%) 이상인 코인만 보여줍니다. 음수를 넣으면 역프 코인도 포함됩니다.',
      conversionBase: '환산 기준',
      bases: { USD: '달러 환율', USDT: '테더(USDT)' },
      basesShort: { USD: '환율', USDT: '테더' },
      baseHint: '{{pair}} {{rate}} 기준으로 계산',
      reset: '초기화',
    },
    columns: {
      token: '코인',
      sourcePrice: '{{venue}}',
      targetPrice: '{{venue}}',
      gap: '김프',
      gapBasis: '{{base}} 기준',
      priceDiff: '가격 차이',
      volume: '거래대금(24h)',
      targetVolume: '{{venue}} 거래대금',
      change: '전일대비',
      spread: '매수/매도 호가',
    },
    sortBy: '{{column}} 기준 정렬',
    sortedAsc: '오름차순 정렬됨',
    sortedDesc: '내림차순 정렬됨',
    stale: '지연',
    staleTitle: '{{seconds}}초 넘게 시세 갱신이 없어 회색으로 표시하며, 기회로 보여주지 않습니다.',
    expand: '{{base}} 상세 보기',
    collapse: '{{base}} 상세 접기',
    detail: {
      bid: '매수 호가',
      ask: '매도 호가',
      native: '현지 시세',
      updated: '시세 시각',
      rate: '환산 환율',
    },
    unit: '가격 단위 {{currency}}',
    count: '{{count}}개 코인',
    partial: '{{total}}개 중 {{shown}}개 표시 — 필터를 좁혀 나머지를 확인하세요.',
    held: '순서 고정됨',
    heldTitle:
      '표 위에 마우스가 있는 동안 줄 순서를 고정하고, 마우스가 벗어나면 다음 업데이트 때 다시 정렬합니다.',
    loading: '김프 불러오는 중…',
    empty: '검색 결과가 없습니다.',
    connecting: '거래소에 연결하는 중…',
    connectingHint: '실시간 시세가 들어오는 대로 표가 채워집니다.',
    connectingAutoHint:
      '실시간 시세가 들어오는 대로 표가 채워집니다. 응답하는 거래소가 없으면 잠시 뒤 시뮬레이션 시세를 보여 드립니다.',
    emptyHint: '다른 코인을 검색하거나 최소 김프를 낮춰 보세요.',
    errorTitle: '표를 불러오지 못했습니다.',
    retry: '다시 시도',
    tableLabel: '{{source}} vs {{target}} 코인별 김프',
  },
  venueStatus: {
    connected: '정상',
    connecting: '연결 중',
    degraded: '지연',
    down: '중단',
    disabled: '꺼짐',
    unsupported: '미지원',
    unknown: '상태 확인 불가',
    age: '마지막 수신 {{age}} 전',
  },
  errors: {
    network: '서버에 연결할 수 없습니다. 인터넷 연결을 확인해 주세요. 자동으로 다시 시도합니다.',
    unexpected: '알 수 없는 오류입니다. 잠시 후 다시 시도해 주세요.',
    serverUnavailable:
      '서버가 응답하지 않습니다 (HTTP {{status}}). 자동으로 다시 시도하고 있으니 잠시 후 확인해 주세요.',
    badResponse: '서버 응답을 읽을 수 없습니다. 페이지를 새로고침하고, 계속되면 잠시 후 다시 시도해 주세요.',
    notYetServed:
      '이 서버는 아직 이 데이터를 제공하지 않습니다. Spreadscope를 업데이트하거나 잠시 후 다시 시도해 주세요.',
  },
  notFound: {
    title: '페이지를 찾을 수 없습니다.',
    body: '주소가 바뀌었거나 잘못 입력된 링크일 수 있습니다. 실시간 표는 바로 아래에서 열 수 있습니다.',
    home: '홈으로 가기',
    premium: '김프 현황 보기',
  },
  common: {
    notTranslated: '번역 준비 중',
    loading: '불러오는 중…',
    kst: 'KST',
    notifications: '알림 (Alt+T로 이동)',
  },
  duration: {
    days: '{{d}}일 {{h}}시간',
    hours: '{{h}}시간 {{m}}분',
    minutes: '{{m}}분 {{s}}초',
    seconds: '{{s}}초',
    count: { m: '{{n}}분', h: '{{n}}시간', d: '{{n}}일' },
  },
  venues: {
    upbit: '업비트',
    bithumb: '빗썸',
    kbit: '케이비트',
    binance: '바이낸스',
    bybit: '바이비트',
    okx: 'OKX',
    mexc: 'MEXC',
    bitget: '비트겟',
    dydx: 'dYdX',
    gateio: '게이트',
    hashkey: '해시키',
    huobi: 'HTX',
    hyperliquid: '하이퍼리퀴드',
    lighter: '라이터',
    backpack: '백팩',
    aster: '애스터',
    edgex: 'edgeX',
    dragonswap: '드래곤스왑',
    klayswap: '클레이스왑',
    pancakeswap: '팬케이크스왑',
    uniswapv3: '유니스왑 v3',
    capybara: '카피바라',
    coinone: '코인원',
    korbit: '코빗',
  },
  auth: authKo,
  billing: billingKo,
  notify: notifyKo,
  phone: phoneKo,
  ...marketKo,
  ...exchangesKo,
  ...apiKo,
  ...eventsKo,
  ...alertsKo,
  ...legalKo,
  margin: marginKo.margin,
  trend: trendKo.trend,
  fees: marginKo.fees,
  derivatives: marginKo.derivatives,
  ...walletsKo,
  ...listingKo,
  ...listingDepositKo,
  ...listingPredictedKo,
  ...listingHistoryKo,
  ...siteKo,
  ...datasetKo,
  ...dexKo,
  ...tokensKo,
  ...searchKo,
  ...viewsKo,
  ...dashboardKo,
};
