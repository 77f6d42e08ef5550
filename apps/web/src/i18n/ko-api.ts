import type { apiEn } from './en-api.ts';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** /api, /maxi-api, /my/maxi 한국어 문구. */
export const apiKo: Shape<typeof apiEn> = {
  apiPage: {
    title: 'Spreadscope API',
    lead: '모든 화면의 데이터 — 김프, 캔들, 시세, 펀딩비, 수수료, 입출금 상태, 환율, 미결제약정, 청산 — 를 REST와 WebSocket으로 제공합니다. DataMaxi+ SDK를 그대로 쓸 수 있습니다: 기본 URL만 이 서버로 바꾸세요.',
    compatTitle: 'DataMaxi+ 호환',
    compat:
      'DataMaxi+ 공식 Python SDK가 쓰는 경로, 파라미터, 기본값, 짧은 키를 모두 지원합니다. 불리언은 True/False, 여러 값은 쉼표로 구분하며, 빈 값이나 "empty"는 필터 없음입니다.',
    authTitle: '키와 오류',
    auth: 'X-DTMX-APIKEY 헤더에 키를 넣어 보내세요. 목록 조회는 공개이고, 데이터 조회는 API가 포함된 플랜(Pro+, Partner, Developer)의 키가 필요합니다. 오류는 JSON 객체 {"error": 메시지, "data": {"code", "param"}}로 응답합니다.',
    limitsTitle: '플랜, 크레딧, 한도',
    limitsLead:
      '데이터 조회마다 크레딧이 차감됩니다(1, 김프·펀딩 내역·인덱스 가격·청산 및 미결제약정 내역·재정거래 표는 2). 응답에는 X-RateLimit-Limit, -Remaining, -Reset 헤더가 붙습니다.',
    plan: '플랜',
    credits: '월 크레딧',
    rate: '분당 호출',
    unmetered: '제한 없음',
    operationsTitle: '제공 기능',
    operationsLead:
      '전체 {{total}}개 중 {{served}}개를 지금 제공합니다. 나머지는 데이터가 준비되는 대로 추가됩니다.',
    path: '경로',
    access: '접근',
    keyed: '키 필요',
    public: '공개',
    status: '상태',
    served: '제공 중',
    pending: '준비 중',
    wsTitle: 'WebSocket',
    ws: 'wss://<호스트>/ws/v1/<채널>에 키 헤더를 붙여 연결한 뒤 {"method":"SUBSCRIBE","params":["BTC-USDT@binance"],"id":1}를 보내세요. 채널: /ticker/spot, /ticker/futures, /forex, /premium, /funding-rate, /open-interest와 /liquidation(SYMBOL@거래소), 그리고 연결하는 순간부터 SUBSCRIBE 없이 모든 청산을 보내는 /liquidation/feed.',
    beyondTitle: 'DataMaxi+ 외 기능',
    beyond:
      '재정거래 표(/api/v1/arbitrage/spot-spot, spot-perp, perp-perp)와 페어별 실행 가능 규모(/api/v1/arbitrage/executable-size)를 같은 방식(키, 페이지)으로 제공합니다. 모든 응답에는 x-data-updated-at(데이터의 최신 시각, epoch ms)과 x-data-source(live 또는 simulated) 헤더가 붙습니다.',
    quickTitle: '빠른 시작',
    getKey: '계정 페이지에서 키 만들기',
    usage: '사용량 보기',
    footer: 'API',
    docs: 'OpenAPI 문서',
    openapi: 'OpenAPI 문서(JSON)',
  },
  myMaxi: {
    title: 'API 사용량',
    lead: '이번 달({{month}}, UTC) API 키의 크레딧과 호출 수입니다.',
    creditsUsed: '사용한 크레딧',
    ofAllowance: '{{allowance}} 중 {{used}}',
    unmetered: '{{used}} (제한 없음)',
    renews: '{{date}}에 충전',
    rate: '키마다 분당 {{rate}}회',
    noApi:
      '현재 플랜({{plan}})에는 API가 포함되어 있지 않습니다. Pro+, Partner, Developer 플랜에서 쓸 수 있습니다.',
    callsTitle: '일별 호출',
    endpoint: '기능',
    calls: '호출',
    creditsColumn: '크레딧',
    day: '날짜',
    empty: '이번 달 호출이 아직 없습니다.',
    loading: '사용량을 불러오는 중…',
    error: '사용량을 불러올 수 없습니다: {{message}}',
    keysTitle: '키',
    about: 'API 소개',
  },
};
