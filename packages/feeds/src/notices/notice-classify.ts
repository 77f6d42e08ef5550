import type { NoticeEvent } from '@spreadscope/core';

export type NoticeCategory = NoticeEvent['category'];

/*
 * Venues title their notices in a small fixed vocabulary (Korean: 거래지원 종료, 원화 마켓 추가, 신규 거래지원;
 * English: "Will Delist", "Will List", "Launches … Perpetual"); these are the words traders act on. Delisting is
 * checked first: "거래지원 종료" and "Delist" must never read as listings; "suspension of deposits" is a notice.
 */
const DELISTING = [
  /거래\s*지원\s*종료/,
  /상장\s*폐지/,
  /마켓\s*종료/,
  /거래\s*종료/,
  /\bdelist(s|ing|ed)?\b/i,
  /\bwill\s+(remove|cease trading|end trading)\b/i,
  /trading support termination/i,
  /\boffboard(ing)?\b/i,
  /\bremoval of\b.*\b(spot )?trading pairs?\b/i,
];
const LISTING = [
  /신규\s*(거래\s*지원|상장|디지털\s*자산)/,
  /디지털\s*자산\s*추가/,
  /마켓\s*(디지털\s*자산\s*)?추가/,
  /원화\s*마켓\s*(추가|오픈|상장)/,
  /거래\s*지원\s*안내/,
  /\bwill\s+list\b/i,
  /\bnew\s+listing\b/i,
  /\binitial\s+listing\b/i,
  /\blists?\b.+\(\s*[A-Z0-9]{2,12}\s*\)/,
  /\bmarket support for\b/i,
  /\blaunch(es|ing)?\b.*\b(perpetual|futures|spot trading|trading pairs?|pre-market)\b/i,
  /\badds?\b.*\b(trading pairs?|perpetual|spot)\b/i,
  /\bgets listed\b/i,
  /\blisting\b.*\([A-Z0-9]{2,12}\)/i,
];
const EVENT = [
  /이벤트/,
  /에어드[랍롭]/,
  /프로모션/,
  /경품/,
  /\bairdrop/i,
  /\bcampaign\b/i,
  /\bpromotion\b/i,
  /\bcompetition\b/i,
  /\bgiveaway\b/i,
  /\blaunchpool\b/i,
  /\bcandydrop\b/i,
  /\bjumpstart\b/i,
  /\bkickstarter\b/i,
  /\bevent\b/i,
  /\brewards?\b.*\b(share|pool|win|up to)\b/i,
  /\bprize pool\b/i,
  /\btoken splash\b/i,
  /\bshare\b.*(\$|\d|rewards?|prize)/i,
];

const EVENT_TAG = /^\s*\[\s*(이벤트|event|events|promotion|campaign|airdrop)\s*\]/i;

/**
 * A notice's category (spec §3: listing, delisting, notice, user_events) from the venue's own labels and the
 * title. Venue labels that say it outright (Bithumb's 거래지원종료, Binance's Delisting catalog) count as title
 * words. Maintenance, deposit suspensions and everything else are `notice`.
 */
export function classifyNotice(title: string, labels: readonly string[] = []): NoticeCategory {
  const text = `${labels.join(' ')} ${title}`;
  if (DELISTING.some((re) => re.test(text))) return 'delisting';
  // A title tagged as an event ("[이벤트] … 상장 기념 이벤트", a listing celebration) is the event, not the listing.
  if (EVENT_TAG.test(title) || labels.some((l) => EVENT_TAG.test(`[${l}]`))) return 'user_events';
  if (LISTING.some((re) => re.test(text))) return 'listing';
  if (EVENT.some((re) => re.test(text))) return 'user_events';
  return 'notice';
}

/** Upper-case words in brackets that are not tokens: market names, venue tags, network standards. */
const NOT_TOKENS = new Set([
  'KRW',
  'BTC마켓',
  'USDT마켓',
  'UTC',
  'KST',
  'API',
  'VIP',
  'UPDATE',
  'UPDATED',
  'NEW',
  'FAQ',
  'APR',
  'APY',
  'ERC20',
  'TRC20',
  'BEP20',
  'BEP2',
  'SPL',
  'USDⓈ',
  'USDS',
  'USD',
  'COIN',
  'SPOT',
  'MARGIN',
  'FUTURES',
  'PERP',
  'ETF',
  'HODLER',
  'AIRDROPS',
  'ALPHA',
  'SEED',
  'INNOVATION',
  'TGE',
  'AMA',
  'P2P',
  'OTC',
  'KYC',
]);

/** Tickers in parentheses, e.g. 에이아이티프로토콜(AIT), "Binance Will List Zama (ZAMA)", "(BTC, ETH)". */
const PAREN = /\(([^()]{1,80})\)/g;
/** Pairs like ZAMA/USDT, ZAMAUSDT perpetual, ZAMA-USDT. */
const PAIR = /\b([A-Z][A-Z0-9]{1,11})[/-](USDT|USDC|KRW|BTC|ETH|FDUSD|TRY|EUR)\b/g;
/** Contract symbols like ZAMAUSDT in a title about perpetuals or futures. */
const PERP = /\b([A-Z][A-Z0-9]{1,11})(USDT|USDC)\b/g;
const DERIVATIVES = /perpetual|perp\b|futures|contract/i;
const TICKER = /^[A-Z0-9]{2,12}$/;

/** The tokens a title names: tickers in parentheses, and the base of any pair or perpetual it names. */
export function extractTokens(title: string): string[] {
  const found = new Set<string>();
  const add = (raw: string) => {
    const ticker = raw.trim().toUpperCase();
    if (!TICKER.test(ticker) || NOT_TOKENS.has(ticker) || /^\d+$/.test(ticker)) return;
    found.add(ticker);
  };
  for (const match of title.matchAll(PAREN)) {
    const inside = match[1] ?? '';
    // (12/22 15:00), (2025-02-18), (업데이트) …: only comma- or slash-free lists of tickers count.
    if (/\d{1,2}[/:.-]\d{1,2}/.test(inside)) continue;
    for (const part of inside.split(/[,，、&]|\s+and\s+/)) {
      const word = part.trim();
      if (word === word.toUpperCase() && TICKER.test(word)) add(word);
    }
  }
  for (const match of title.matchAll(PAIR)) add(match[1] ?? '');
  if (DERIVATIVES.test(title)) for (const match of title.matchAll(PERP)) add(match[1] ?? '');
  return [...found];
}

/**
 * Network words → the canonical network id of core's network names (ETH, TRX, BSC …). Only names that mean
 * the chain (네트워크, network, mainnet, the token standards), not a ticker on its own: "(ETH)" names a token.
 */
const NETWORK_WORDS: readonly (readonly [RegExp, string])[] = [
  [/\bERC-?20\b|이더리움\s*(\(ETH\)\s*)?네트워크|\bEthereum\s+(network|mainnet|chain)\b/i, 'ETH'],
  [/\bTRC-?20\b|트론\s*(\(TRX\)\s*)?네트워크|\bTron\s+(network|mainnet)\b/i, 'TRX'],
  [/\bBEP-?20\b|\bBNB\s+Smart\s+Chain\b|\bBSC\b/i, 'BSC'],
  [/솔라나\s*(\(SOL\)\s*)?네트워크|\bSolana\s+(network|mainnet|chain)\b|\bSPL\b/i, 'SOL'],
  [/아비트럼|\bArbitrum\b/i, 'ARB'],
  [/옵티미즘|\bOptimism\b|\bOP Mainnet\b/i, 'OP'],
  [/\bBase\s+(network|chain|mainnet)\b|베이스\s*네트워크/i, 'BASE'],
  [/폴리곤|\bPolygon\b/i, 'POL'],
  [/\bAvalanche\s+C-?Chain\b|아발란체\s*C\s*체인/i, 'AVAXC'],
  [/비트코인\s*(\(BTC\)\s*)?네트워크|\bBitcoin\s+network\b/i, 'BTC'],
  [/\bTON\s+(network|mainnet)\b|톤\s*네트워크/i, 'TON'],
  [/카이아|\bKaia\b|클레이튼|\bKlaytn\b/i, 'KAIA'],
  [/\bSui\s+(network|mainnet)\b|수이\s*네트워크/i, 'SUI'],
  [/\bAptos\b|앱토스/i, 'APT'],
  [/\bzkSync\b/i, 'ZKSYNC'],
  [/\bLinea\b/i, 'LINEA'],
  [/\bMantle\s+(network|mainnet)\b/i, 'MANTLE'],
];

/** The networks a title names (canonical ids), e.g. a deposit suspension "on the BNB Smart Chain (BEP20)". */
export function extractNetworks(title: string): string[] {
  const found: string[] = [];
  for (const [re, id] of NETWORK_WORDS) if (re.test(title) && !found.includes(id)) found.push(id);
  return found;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';

/**
 * The trading end a delisting title names: `(12/22 15:00)`, `2025-02-18 15:00`, `2025.02.18`, `on 2025-12-03`,
 * `on December 2, 2025`, `1 Dec 2025`. Korean titles mean KST, others UTC (unless they say UTC or KST). The year
 * of a `12/22` date is the publication's (or the next, for a date well before it).
 */
export function extractEffectiveAt(title: string, publishedAt: number | undefined): number | undefined {
  const korean = /[\uac00-\ud7a3]/.test(title);
  const kst = /\bKST\b/i.test(title) || (korean && !/\bUTC\b/i.test(title));
  const offset = kst ? 9 * 3_600_000 : 0;
  const reference = publishedAt ?? Date.now();
  const at = (y: number, m: number, d: number, hh = 0, mm = 0) => Date.UTC(y, m - 1, d, hh, mm) - offset;
  const time = (rest: string) => /^[^\d]{0,4}(\d{1,2}):(\d{2})/.exec(rest);
  const full = /(20\d{2})[-./](\d{1,2})[-./](\d{1,2})/.exec(title);
  if (full) {
    const t = time(title.slice((full.index ?? 0) + full[0].length));
    return valid(
      at(Number(full[1]), Number(full[2]), Number(full[3]), Number(t?.[1] ?? 0), Number(t?.[2] ?? 0)),
    );
  }
  const monthFirst = new RegExp(`\\b${MONTH}\\s+(\\d{1,2}),?\\s+(20\\d{2})`, 'i').exec(title);
  const dayFirst = new RegExp(`\\b(\\d{1,2})\\s+${MONTH}\\s+(20\\d{2})`, 'i').exec(title);
  if (monthFirst) {
    const month = MONTHS.indexOf((monthFirst[1] ?? '').toLowerCase()) + 1;
    return valid(at(Number(monthFirst[3]), month, Number(monthFirst[2])));
  }
  if (dayFirst) {
    const month = MONTHS.indexOf((dayFirst[2] ?? '').toLowerCase()) + 1;
    return valid(at(Number(dayFirst[3]), month, Number(dayFirst[1])));
  }
  const short = /(?<![\d/])(\d{1,2})\/(\d{1,2})(?:\s*\([^)]*\))?\s+(\d{1,2}):(\d{2})/.exec(title);
  if (!short) return undefined;
  const [m, d, hh, mm] = [short[1], short[2], short[3], short[4]].map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const year = new Date(reference + offset).getUTCFullYear();
  let when = at(year, m, d, hh, mm);
  // "01/05" published in December names the next year.
  if (when < reference - 30 * 86_400_000) when = at(year + 1, m, d, hh, mm);
  return valid(when);
}

function valid(ms: number): number | undefined {
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}
