import type { MarketEvent, VenueId } from '@spreadscope/core';
import { noticeEvent } from '../notices/notice-candidate.ts';
import { Rng } from './rng.ts';
import { TOKEN_UNIVERSE, type TokenSpec } from './token-universe.ts';

/**
 * Simulated exchange notices, token updates and caution flags, in each venue's own wording (Korean boards in
 * Korean, the others in English), at a plausible pace: a slot every 15 minutes, each with a ~40 % chance of a
 * notice somewhere (≈ 38 a day across venues). A slot's content depends only on (seed, slot), so the days
 * back-filled at start and the notices that follow live are one stream, and a restart finds the same notices
 * (the database keeps one row per URL). Listings and delistings on Upbit and Bithumb also move their market
 * lists (token updates) and delisting candidates carry a warning flag first, as the real venues do.
 */

const SLOT_MS = 15 * 60_000;
const NOTICE_CHANCE = 0.4;
/** Days of notices a fresh start shows at once. */
export const SIM_NOTICE_BACKFILL_DAYS = 3;

type Category = 'listing' | 'delisting' | 'notice' | 'user_events';
type Template = (token: TokenSpec, name: string, when: string) => string;

const KOREAN: Readonly<Record<Category, readonly Template[]>> = {
  listing: [
    (t, n) => `[거래] ${n}(${t.symbol}) 원화 마켓 디지털 자산 추가`,
    (t, n) => `[거래] ${n}(${t.symbol}) BTC, USDT 마켓 디지털 자산 추가`,
    (t, n) => `[마켓 추가] ${n}(${t.symbol}) 원화 마켓 추가`,
  ],
  delisting: [(t, n, when) => `[거래] ${n}(${t.symbol}) 거래지원 종료 안내 (${when})`],
  notice: [
    (t, n) => `[입출금] ${n}(${t.symbol}) 네트워크 업그레이드에 따른 입출금 일시 중단 안내`,
    (t, n) => `[거래] 유의 종목 지정 안내 - ${n}(${t.symbol})`,
    () => '[점검] 서비스 안정화를 위한 정기 점검 안내',
    (t, n) => `[입출금] ${n}(${t.symbol}) 입출금 재개 안내`,
  ],
  user_events: [
    (t, n) => `[이벤트] ${n}(${t.symbol}) 원화 마켓 상장 기념 에어드랍 이벤트`,
    () => '[이벤트] 신규 가입 회원 대상 수수료 할인 이벤트',
  ],
};

const ENGLISH: Readonly<Record<Category, readonly Template[]>> = {
  listing: [
    (t, n) => `{venue} Will List ${n} (${t.symbol})`,
    (t) => `New Listing: ${t.symbol}USDT Perpetual Contract, with up to 50x leverage`,
    (t, n) => `{venue} Adds ${n} (${t.symbol}) for Spot Trading`,
  ],
  delisting: [
    (t, _n, when) => `{venue} Will Delist ${t.symbol} on ${when}`,
    (t) => `Delisting of ${t.symbol}USDT Perpetual Contract`,
  ],
  notice: [
    (t, n) => `Temporary Suspension of Deposits and Withdrawals of ${n} (${t.symbol}) for Network Upgrade`,
    () => '{venue} Scheduled System Maintenance Notice',
    (t, n) => `{venue} Completed the ${n} (${t.symbol}) Network Upgrade and Resumed Deposits`,
  ],
  user_events: [
    (t) => `Trade ${t.symbol} and Share a $200,000 Prize Pool`,
    (t, n) => `{venue} Launchpool: Stake to Earn ${n} (${t.symbol}) Rewards`,
  ],
};

/** Names of the tokens notices are about, as Korean boards (Korean) and English centres (English) write them. */
const TOKEN_NAMES: Readonly<Record<string, readonly [string, string]>> = {
  DOT: ['폴카닷', 'Polkadot'],
  TON: ['톤코인', 'Toncoin'],
  PEPE: ['페페', 'Pepe'],
  NEAR: ['니어프로토콜', 'NEAR Protocol'],
  APT: ['앱토스', 'Aptos'],
  ARB: ['아비트럼', 'Arbitrum'],
  OP: ['옵티미즘', 'Optimism'],
  SEI: ['세이', 'Sei'],
  TIA: ['셀레스티아', 'Celestia'],
  STX: ['스택스', 'Stacks'],
  IMX: ['이뮤터블엑스', 'Immutable'],
  HYPE: ['하이퍼리퀴드', 'Hyperliquid'],
  ENA: ['에테나', 'Ethena'],
  WLD: ['월드코인', 'Worldcoin'],
  ONDO: ['온도파이낸스', 'Ondo'],
  JUP: ['주피터', 'Jupiter'],
  BONK: ['봉크', 'Bonk'],
  WIF: ['도그위프햇', 'dogwifhat'],
  SAND: ['샌드박스', 'The Sandbox'],
  AXS: ['엑시인피니티', 'Axie Infinity'],
  KAIA: ['카이아', 'Kaia'],
  ZRO: ['레이어제로', 'LayerZero'],
  PENGU: ['펏지펭귄', 'Pudgy Penguins'],
  PYTH: ['피스네트워크', 'Pyth Network'],
  STRK: ['스타크넷', 'Starknet'],
  ETHFI: ['이더파이', 'ether.fi'],
  VIRTUAL: ['버추얼프로토콜', 'Virtuals Protocol'],
  PENDLE: ['펜들', 'Pendle'],
  JASMY: ['재스미코인', 'JasmyCoin'],
  MNT: ['맨틀', 'Mantle'],
  AERO: ['에어로드롬파이낸스', 'Aerodrome Finance'],
  ARKM: ['아캄', 'Arkham'],
  BLUR: ['블러', 'Blur'],
  DYDX: ['디와이디엑스', 'dYdX'],
  EIGEN: ['아이겐레이어', 'EigenLayer'],
  LRC: ['루프링', 'Loopring'],
  ME: ['매직에덴', 'Magic Eden'],
  MOVE: ['무브먼트', 'Movement'],
  NOT: ['낫코인', 'Notcoin'],
  PNUT: ['피넛', 'Peanut the Squirrel'],
  SNX: ['신세틱스', 'Synthetix'],
  ZK: ['지케이싱크', 'ZKsync'],
  BERA: ['베라체인', 'Berachain'],
  IP: ['스토리', 'Story'],
  KAITO: ['카이토', 'Kaito'],
  LAYER: ['솔레이어', 'Solayer'],
  MOCA: ['모카네트워크', 'Moca Network'],
  DRIFT: ['드리프트', 'Drift'],
  USUAL: ['유주얼', 'Usual'],
  ANIME: ['애니메코인', 'Animecoin'],
  ASTER: ['애스터', 'Aster'],
  WLFI: ['월드리버티파이낸셜', 'World Liberty Financial'],
  PUMP: ['펌프닷펀', 'Pump.fun'],
  LINEA: ['리네아', 'Linea'],
  XPL: ['플라즈마', 'Plasma'],
  GRASS: ['그래스', 'Grass'],
};

const VENUES: readonly { venue: VenueId; name: string; korean: boolean; url: (id: number) => string }[] = [
  {
    venue: 'upbit',
    name: 'Upbit',
    korean: true,
    url: (id) => `https://upbit.com/service_center/notice?id=${id}`,
  },
  { venue: 'bithumb', name: 'Bithumb', korean: true, url: (id) => `https://feed.bithumb.com/notice/${id}` },
  {
    venue: 'coinone',
    name: 'Coinone',
    korean: true,
    url: (id) => `https://coinone.co.kr/talk/notice/detail/${id}`,
  },
  {
    venue: 'korbit',
    name: 'Korbit',
    korean: true,
    url: (id) => `https://www.korbit.co.kr/notice/detail/?noticeId=sim${id}`,
  },
  {
    venue: 'binance',
    name: 'Binance',
    korean: false,
    url: (id) => `https://www.binance.com/en/support/announcement/detail/sim${id}`,
  },
  {
    venue: 'bybit',
    name: 'Bybit',
    korean: false,
    url: (id) => `https://announcements.bybit.com/en/article/sim-${id}/`,
  },
  { venue: 'okx', name: 'OKX', korean: false, url: (id) => `https://www.okx.com/help/sim-${id}` },
  {
    venue: 'bitget',
    name: 'Bitget',
    korean: false,
    url: (id) => `https://www.bitget.com/support/articles/${id}`,
  },
  {
    venue: 'gateio',
    name: 'Gate',
    korean: false,
    url: (id) => `https://www.gate.com/announcements/article/${id}`,
  },
  { venue: 'huobi', name: 'HTX', korean: false, url: (id) => `https://www.htx.com/support/${id}` },
  { venue: 'mexc', name: 'MEXC', korean: false, url: (id) => `https://www.mexc.com/support/articles/${id}` },
];

const CATEGORY_WEIGHTS: readonly [Category, number][] = [
  ['notice', 0.45],
  ['listing', 0.25],
  ['user_events', 0.18],
  ['delisting', 0.12],
];

function pick<T>(rng: Rng, list: readonly T[]): T {
  return list[Math.min(list.length - 1, Math.floor(rng.next() * list.length))] as T;
}

function kstDate(ms: number, korean: boolean): string {
  const d = new Date(ms + (korean ? 9 * 3_600_000 : 0));
  const two = (n: number) => String(n).padStart(2, '0');
  return korean
    ? `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())} 15:00`
    : `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
}

export class SimNotices {
  private nextSlot: number;
  private readonly tokens: readonly TokenSpec[];

  constructor(
    private readonly seed: number,
    private readonly venues: ReadonlySet<VenueId>,
    startTime: number,
  ) {
    // A slot is told once it is over (its notice is then in the past): the back-fill covers the slots over by
    // the start, the live stream every slot after.
    this.nextSlot = Math.floor(startTime / SLOT_MS);
    // Notices are about the smaller tokens, as on the real boards: majors rarely list or delist.
    this.tokens = TOKEN_UNIVERSE.filter((t) => t.tier >= 2 && TOKEN_NAMES[t.symbol] !== undefined);
  }

  /** The last days' notices, stamped as received now: what a fresh start shows at once. */
  backfill(now: number): MarketEvent[] {
    const first = Math.floor((now - SIM_NOTICE_BACKFILL_DAYS * 86_400_000) / SLOT_MS) + 1;
    const events: MarketEvent[] = [];
    for (let slot = first; (slot + 1) * SLOT_MS <= now; slot++) events.push(...this.slot(slot, now));
    return events;
  }

  /** Notices of the slots over by `end`, in order, received at `end`. */
  advanceTo(end: number): MarketEvent[] {
    const events: MarketEvent[] = [];
    while ((this.nextSlot + 1) * SLOT_MS <= end) events.push(...this.slot(this.nextSlot++, end));
    return events;
  }

  /** One slot's events, received at `receivedAt`. */
  private slot(slot: number, receivedAt: number): MarketEvent[] {
    const rng = new Rng((this.seed * 7919 + slot) | 0);
    if (!rng.chance(NOTICE_CHANCE)) return [];
    const candidates = VENUES.filter((v) => this.venues.has(v.venue));
    if (candidates.length === 0) return [];
    const venue = pick(rng, candidates);
    let roll = rng.next();
    let category: Category = 'notice';
    for (const [c, w] of CATEGORY_WEIGHTS) {
      if (roll < w) {
        category = c;
        break;
      }
      roll -= w;
    }
    const token = pick(rng, this.tokens);
    const published = slot * SLOT_MS + Math.floor(rng.range(0, SLOT_MS - 60_000));
    const effective = published + Math.floor(rng.range(7, 21)) * 86_400_000;
    const [korean, english] = TOKEN_NAMES[token.symbol] ?? [token.symbol, token.symbol];
    const name = venue.korean ? korean : english;
    const template = pick(rng, (venue.korean ? KOREAN : ENGLISH)[category]);
    const title = template(token, name, kstDate(effective, venue.korean)).replace('{venue}', venue.name);
    const id = 100_000 + (Math.abs((slot * 2_654_435_761) ^ this.seed) % 900_000);
    const t = receivedAt;
    const event = noticeEvent(venue.venue, { title, url: venue.url(id), publishedAt: published }, t);
    if (!event) return [];
    const out: MarketEvent[] = [{ ...event, simulated: true }];
    // Korean venues' market lists follow their notices: a listing opens a KRW market, a delisting notice comes
    // with a warning flag (유의 종목) and the market closes at its trading end.
    if ((venue.venue === 'upbit' || venue.venue === 'bithumb') && event.tokens?.length) {
      const base = token.symbol;
      if (event.category === 'listing') {
        out.push({
          t,
          type: 'token_update',
          venue: venue.venue,
          market: 'spot',
          base,
          quote: 'KRW',
          update: 'listed',
          simulated: true,
        });
      } else if (event.category === 'delisting') {
        out.push({
          t,
          type: 'caution',
          venue: venue.venue,
          base,
          quote: 'KRW',
          level: 'warning',
          reasons: [],
          simulated: true,
        });
        if (effective <= receivedAt) {
          out.push({
            t,
            type: 'token_update',
            venue: venue.venue,
            market: 'spot',
            base,
            quote: 'KRW',
            update: 'delisted',
            simulated: true,
          });
        }
      } else if (event.category === 'notice' && rng.chance(0.5)) {
        out.push({
          t,
          type: 'caution',
          venue: venue.venue,
          base,
          quote: 'KRW',
          level: 'caution',
          reasons: rng.chance(0.5)
            ? ['price_fluctuations', 'trading_volume_soaring']
            : ['global_price_differences'],
          simulated: true,
        });
      }
    } else if (
      event.tokens?.length &&
      (event.category === 'listing' || (event.category === 'delisting' && effective <= receivedAt))
    ) {
      // The other venues' market lists move with their notices too (read live from their market lists).
      out.push({
        t,
        type: 'token_update',
        venue: venue.venue,
        market: /perpetual/i.test(title) ? 'perp' : 'spot',
        base: token.symbol,
        quote: venue.korean ? 'KRW' : 'USDT',
        update: event.category === 'listing' ? 'listed' : 'delisted',
        simulated: true,
      });
    }
    return out;
  }
}
