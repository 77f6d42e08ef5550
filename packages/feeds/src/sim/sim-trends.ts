import { DAY_MS, HOUR_MS, tokenName } from '@spreadscope/core';
import type { TrendPoint } from '../search-trends/naver-datalab.ts';
import type { TelegramChannelInfo, TelegramPagePost } from '../telegram-channels/channel-page.ts';
import { stableUnit } from './rng.ts';
import { TOKEN_UNIVERSE } from './token-universe.ts';

/**
 * Simulated Telegram channels, posts and search-interest series, so a fresh install without network shows
 * the trend screens full (labelled simulated). Every value is a pure function of (seed, channel, slot), so
 * asking for any window again gives the same posts with the same ids: the reader job can ask "what was
 * posted since my last read" on every run and store each post once.
 */
export interface SimChannel extends TelegramChannelInfo {
  readonly category: 'korean' | 'english';
  readonly createdAt: number;
  /** Mean minutes between posts. */
  readonly everyMinutes: number;
}

export type SimPost = TelegramPagePost & { readonly channel: string };

const CHANNELS: readonly [string, string, 'korean' | 'english', number, number][] = [
  // username, title, category, subscribers, mean minutes between posts
  ['sim_coin_sokbo', '코인 속보 (시뮬레이션)', 'korean', 86_400, 35],
  ['sim_kimchi_premium', '김프 알리미 (시뮬레이션)', 'korean', 41_200, 50],
  ['sim_altcoin_lab', '알트코인 연구소 (시뮬레이션)', 'korean', 23_900, 75],
  ['sim_whale_watch_kr', '고래 추적 (시뮬레이션)', 'korean', 57_300, 60],
  ['sim_listing_alarm', '상장 알람 (시뮬레이션)', 'korean', 112_000, 90],
  ['sim_defi_daily', 'DeFi Daily (simulated)', 'english', 18_700, 80],
  ['sim_market_wire', 'Crypto Market Wire (simulated)', 'english', 64_100, 45],
  ['sim_onchain_notes', '온체인 노트 (시뮬레이션)', 'korean', 9_800, 120],
];

export function simulatedChannels(seed: number): SimChannel[] {
  return CHANNELS.map(([username, title, category, members, everyMinutes]) => ({
    username,
    title,
    category,
    description:
      category === 'korean'
        ? '시뮬레이션된 채널입니다. 실제 텔레그램 채널이 아닙니다.'
        : 'A simulated channel, not a real one.',
    photoUrl: null,
    members: Math.round(members * (0.9 + 0.2 * stableUnit(`${seed}:${username}:members`))),
    createdAt: Date.UTC(2019, 0, 1) + Math.floor(stableUnit(`${username}:created`) * 5 * 365) * DAY_MS,
    everyMinutes,
  }));
}

const KO = [
  '[속보] {ko} 거래량 급증, 24시간 {pct}% 상승',
  '{ko}({sym}) 김치 프리미엄 {pct}% 돌파',
  '업비트 {ko} 입금 급증 — 고래 지갑 이동 포착',
  '{cash} 숏 청산 물량 대거 발생, 변동성 주의',
  '{ko} 관련 공지: 네트워크 업그레이드 예정',
  '오늘의 관심 코인: {ko}, {ko2}',
  '{sym} 펀딩비 {pct}%로 전환, 롱 과열 신호',
];
const EN = [
  '{en} ({sym}) volume jumps {pct}% in 24h',
  'Whale moves large {cash} stack to an exchange',
  '{en} funding flips to {pct}% — longs crowded',
  'Watchlist today: {cash} and {cash2}',
  '{en} network upgrade scheduled this week',
];

/** Tokens weighted toward majors: people talk about Bitcoin more than about a tier-4 coin. */
function pickToken(u: number, bases: readonly string[]): string {
  const i = Math.floor(u * u * bases.length);
  return bases[Math.min(i, bases.length - 1)] ?? 'BTC';
}

function fill(template: string, a: string, b: string, u: number): string {
  const na = tokenName(a);
  const nb = tokenName(b);
  return template
    .replaceAll('{ko}', na?.ko ?? a)
    .replaceAll('{ko2}', nb?.ko ?? b)
    .replaceAll('{en}', na?.en ?? a)
    .replaceAll('{cash2}', `$${b}`)
    .replaceAll('{cash}', `$${a}`)
    .replaceAll('{sym2}', b)
    .replaceAll('{sym}', a)
    .replaceAll('{pct}', (1 + u * 14).toFixed(1));
}

/** Posts with a time in [from, to), oldest first. `bases` are the tokens posts may talk about. */
export function simulatedPosts(
  seed: number,
  from: number,
  to: number,
  bases: readonly string[] = TOKEN_UNIVERSE.map((t) => t.symbol),
): SimPost[] {
  const out: SimPost[] = [];
  for (const channel of simulatedChannels(seed)) {
    const slot = channel.everyMinutes * 60_000;
    for (let k = Math.floor(from / slot) - 1; k * slot < to; k++) {
      const u = (tag: string) => stableUnit(`${seed}:${channel.username}:${k}:${tag}`);
      const date = Math.floor(k * slot + u('jitter') * slot * 0.9);
      if (date < from || date >= to) continue;
      const a = pickToken(u('a'), bases);
      const b = pickToken(
        u('b'),
        bases.filter((x) => x !== a),
      );
      const templates = channel.category === 'korean' ? KO : EN;
      const template = templates[Math.floor(u('t') * templates.length)] ?? '';
      const reach = channel.members ?? 10_000;
      out.push({
        channel: channel.username,
        messageId: k,
        text: fill(template, a, b, u('pct')),
        date,
        views: Math.round(reach * (0.15 + 0.5 * u('views'))),
        forwards: Math.round(reach * 0.004 * u('fwd') * 3),
        reactions: Math.round(reach * 0.01 * u('react')),
        link: `https://t.me/${channel.username}/${k}`,
      });
    }
  }
  return out.sort((x, y) => x.date - y.date);
}

/**
 * Daily search interest (0–100 scale like DataLab's ratios) per token over `days` ending at `now`'s day:
 * a level by popularity, a slow wave, and a burst for a few tokens so the rising-interest ranking moves.
 */
export function simulatedSearchSeries(
  seed: number,
  now: number,
  bases: readonly string[],
  source: 'naver' | 'google',
  days = 90,
): Map<string, TrendPoint[]> {
  const out = new Map<string, TrendPoint[]>();
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  bases.forEach((base, rank) => {
    const level = 100 / (1 + rank * 0.6);
    const phase = stableUnit(`${source}:${base}:phase`) * Math.PI * 2;
    const burstDay = Math.floor(
      stableUnit(`${seed}:${source}:${base}:burst:${Math.floor(today / (7 * DAY_MS))}`) * 14,
    );
    const bursting = stableUnit(`${seed}:${source}:${base}:bursting`) < 0.25;
    const points: TrendPoint[] = [];
    for (let i = days - 1; i >= 0; i--) {
      const d = today - i * DAY_MS;
      const wave = 1 + 0.25 * Math.sin(phase + (d / DAY_MS) * 0.21);
      const noise = 0.85 + 0.3 * stableUnit(`${seed}:${source}:${base}:${d}`);
      const burst = bursting && i <= burstDay % 5 ? 1.8 + stableUnit(`${base}:${d}:b`) : 1;
      points.push({ d, v: Math.round(Math.min(100, level * wave * noise * burst) * 100) / 100 });
    }
    out.set(base, points);
  });
  return out;
}

export const SIM_TREND_WINDOW_MS = 7 * DAY_MS + HOUR_MS;
