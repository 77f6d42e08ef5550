import type { ListingQuote } from '@spreadscope/core';
import { extractNetworks, extractTokens } from './notice-classify.ts';

/** What a Korean venue's listing notice announces (title and, where the poller has it, the body). */
export interface ParsedListingNotice {
  readonly tokens: readonly { readonly base: string; readonly name: string | null }[];
  readonly quotes: readonly ListingQuote[];
  /** Canonical network ids (ETH, SOL, …) the notice names for deposits. */
  readonly networks: readonly string[];
  readonly depositAt: number | null;
  readonly sellAt: number | null;
  readonly tradingAt: number | null;
  /** The notice postpones (연기) or changes (변경) an announced time. */
  readonly postponed: boolean;
}

const KST = 9 * 3_600_000;

/** "원화, BTC, USDT 마켓", "BTC·USDT 마켓", "비트코인 마켓": the market words right before 마켓. */
const MARKET_WORD = '(?:원화|KRW|BTC|USDT|비트코인|테더)';
const MARKETS = new RegExp(`(${MARKET_WORD}(?:\\s*(?:,|·|/|및|&)\\s*${MARKET_WORD})*)\\s*마켓`, 'g');
const ENGLISH_MARKETS = /\b((?:KRW|BTC|USDT)(?:\s*(?:,|\/|and|&)\s*(?:KRW|BTC|USDT))*)\s+markets?\b/gi;

function quoteOf(word: string): ListingQuote | null {
  if (/원화|KRW/i.test(word)) return 'KRW';
  if (/BTC|비트코인/i.test(word)) return 'BTC';
  if (/USDT|테더/i.test(word)) return 'USDT';
  return null;
}

function quotesIn(text: string): ListingQuote[] {
  const found: ListingQuote[] = [];
  for (const re of [MARKETS, ENGLISH_MARKETS]) {
    for (const match of text.matchAll(re)) {
      for (const part of (match[1] ?? '').split(/,|·|\/|및|&|\band\b/i)) {
        const q = quoteOf(part.trim());
        if (q && !found.includes(q)) found.push(q);
      }
    }
  }
  return found;
}

/** 에이아이티프로토콜(AIT), 카이토 (KAITO): the name written before each ticker in parentheses. */
function namesIn(title: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of title.matchAll(/([가-힣A-Za-z0-9.·]+(?:\s[A-Za-z0-9.]+)*)\s*\(([A-Z0-9]{2,12})\)/g)) {
    const name = (m[1] ?? '').replace(/^\[[^\]]*\]\s*/, '').trim();
    if (name && m[2]) names.set(m[2], name);
  }
  return names;
}

/**
 * A date and time written the Korean way, KST: `2025-11-21 17:00`, `2025.11.21 17:00`, `2025년 11월 21일
 * 17:00`, `11월 21일(금) 오후 5시 30분`, `11/21 17:00`. A date without a year takes the notice's (or the next,
 * for a date well before it); a time without a date is on the notice's day.
 */
export function parseKoreanDateTime(text: string, reference: number): number | null {
  const ref = new Date(reference + KST);
  let y = ref.getUTCFullYear();
  let m = ref.getUTCMonth() + 1;
  let d = ref.getUTCDate();
  let hasDate = false;
  let yearGiven = false;
  let rest = text;
  const full = /(20\d{2})\s*(?:[-./]|년)\s*(\d{1,2})\s*(?:[-./]|월)\s*(\d{1,2})\s*일?/.exec(text);
  const short =
    /(\d{1,2})\s*월\s*(\d{1,2})\s*일/.exec(text) ?? /(?<![\d/])(\d{1,2})\/(\d{1,2})(?![\d/])/.exec(text);
  if (full) {
    [y, m, d] = [Number(full[1]), Number(full[2]), Number(full[3])];
    hasDate = true;
    yearGiven = true;
    rest = text.slice((full.index ?? 0) + full[0].length);
  } else if (short) {
    [m, d] = [Number(short[1]), Number(short[2])];
    hasDate = true;
    rest = text.slice((short.index ?? 0) + short[0].length);
  }
  let hh: number | null = null;
  let mm = 0;
  const clock = /(\d{1,2}):(\d{2})/.exec(rest);
  const korean = /(오전|오후)?\s*(\d{1,2})\s*시(?:\s*(\d{1,2})\s*분|\s*반)?/.exec(rest);
  if (clock) {
    hh = Number(clock[1]);
    mm = Number(clock[2]);
  } else if (korean) {
    hh = Number(korean[2]);
    if (korean[1] === '오후' && hh < 12) hh += 12;
    if (korean[1] === '오전' && hh === 12) hh = 0;
    mm = korean[3] !== undefined ? Number(korean[3]) : korean[0].endsWith('반') ? 30 : 0;
  }
  if (!hasDate && hh === null) return null;
  if (hh === null) hh = 0;
  if (hh > 24 || mm > 59 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  let at = Date.UTC(y, m - 1, d, hh, mm) - KST;
  if (!yearGiven && at < reference - 30 * 86_400_000) at = Date.UTC(y + 1, m - 1, d, hh, mm) - KST;
  return Number.isFinite(at) ? at : null;
}

/** Labelled lines of a body ("거래지원 개시 시점 : 2025-11-21 17:00 KST 예정"), value after the colon. */
const LABELS = {
  deposit: /(?:입금|입출금)\s*(?:지원\s*)?(?:가능\s*)?(?:개시|오픈|시작|가능)?\s*(?:시점|시간|일시)/,
  sell: /매도\s*(?:주문\s*)?(?:가능\s*)?(?:개시|오픈|시작)?\s*(?:시점|시간|일시)/,
  trading: /거래\s*(?:지원\s*)?(?:개시|오픈|시작)\s*(?:시점|시간|일시)?/,
} as const;

function labelled(lines: readonly string[], label: RegExp, reference: number): number | null {
  for (const line of lines) {
    const at = line.search(label);
    // "변경 전 거래지원 개시 시점": the time an edited notice replaces.
    if (at < 0 || /변경\s*전|기존/.test(line)) continue;
    const after = line.slice(at).replace(label, '');
    const value = after.replace(/^[^:：\d가-힣]*[:：]?/, '');
    // "공지 후 2시간 이내", "추후 공지", "미정": no time given.
    if (/이내|추후|미정|별도/.test(value) && !/\d{1,2}:\d{2}/.test(value)) continue;
    const when = parseKoreanDateTime(value, reference);
    if (when !== null) return when;
  }
  return null;
}

/**
 * Reads a Korean listing notice: tokens (with their Korean names), the markets it opens (KRW, BTC, USDT;
 * KRW when it names none), the deposit networks, and the deposit, sell-order and trading start times (KST).
 * The title is enough for the first three; times come from the body's labelled lines or a time in the title
 * ("(11/21 17:00 거래 개시)"). Returns null when the notice names no token.
 */
export function parseListingNotice(
  title: string,
  body: string | null,
  publishedAt: number,
): ParsedListingNotice | null {
  const text = `${title}\n${body ?? ''}`;
  const quotes = quotesIn(title);
  // "(BTC, USDT 마켓)" names markets, not tokens being listed.
  const notMarket = (t: string) => !(quotes as readonly string[]).includes(t);
  const tickers = extractTokens(title).filter(notMarket);
  const tokens =
    tickers.length > 0
      ? tickers
      : extractTokens(body ?? '')
          .filter(notMarket)
          .slice(0, 10);
  if (tokens.length === 0) return null;
  const names = namesIn(text);
  const networks = extractNetworks(text);
  for (const m of text.matchAll(/네트워크\s*[:：]\s*([^\n]+)/g)) {
    for (const id of extractNetworks(`${m[1] ?? ''} 네트워크`)) if (!networks.includes(id)) networks.push(id);
    for (const word of (m[1] ?? '').split(/[,/]/)) {
      const id =
        NETWORK_NAMES[
          word
            .replace(/\(.*\)/, '')
            .trim()
            .toLowerCase()
        ];
      if (id && !networks.includes(id)) networks.push(id);
    }
  }
  const lines = text.split(/\n|(?=\s[-·•※]\s)/);
  let tradingAt = labelled(lines, LABELS.trading, publishedAt);
  if (tradingAt === null && /거래|개시|오픈/.test(title)) {
    const inTitle = /\(([^()]*\d{1,2}[:/]\d{2}[^()]*)\)/.exec(title);
    if (inTitle) tradingAt = parseKoreanDateTime(inTitle[1] ?? '', publishedAt);
  }
  return {
    tokens: tokens.map((base) => ({ base, name: names.get(base) ?? null })),
    quotes: quotes.length > 0 ? quotes : ['KRW'],
    networks,
    depositAt: labelled(lines, LABELS.deposit, publishedAt),
    sellAt: labelled(lines, LABELS.sell, publishedAt),
    tradingAt,
    postponed: /연기|지연|시점\s*변경|일정\s*변경|postpone|delay/i.test(text),
  };
}

/** Network names as notices write them on a "네트워크:" line (Korean or English) → canonical id. */
const NETWORK_NAMES: Readonly<Record<string, string>> = {
  ethereum: 'ETH',
  이더리움: 'ETH',
  'erc-20': 'ETH',
  erc20: 'ETH',
  solana: 'SOL',
  솔라나: 'SOL',
  'bnb smart chain': 'BSC',
  'bep-20': 'BSC',
  bep20: 'BSC',
  arbitrum: 'ARB',
  'arbitrum one': 'ARB',
  아비트럼: 'ARB',
  base: 'BASE',
  베이스: 'BASE',
  kaia: 'KAIA',
  카이아: 'KAIA',
  tron: 'TRX',
  트론: 'TRX',
  sui: 'SUI',
  수이: 'SUI',
  aptos: 'APT',
  앱토스: 'APT',
  polygon: 'POL',
  폴리곤: 'POL',
  optimism: 'OP',
  옵티미즘: 'OP',
  ton: 'TON',
};
