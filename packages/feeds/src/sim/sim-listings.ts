import type { MarketEvent, VenueId } from '@spreadscope/core';
import { Rng } from './rng.ts';
import { TOKEN_UNIVERSE } from './token-universe.ts';

/**
 * Simulated Korean listings, so a fresh start shows the listing-arbitrage cards alive: every 6 hours a token
 * the simulated market does not hold yet (it trades abroad only) is announced on Upbit or Bithumb, in the
 * venue's own wording with a body naming the network and the trading start. Deposits at the listing venue
 * open 30 minutes after the notice, trading 90 minutes after it, and the new KRW market opens at a run-up
 * premium (20–60 %) over the overseas price that fades over the next hours, as real listings do. A cycle
 * depends only on (seed, cycle), so a restart finds the same listings.
 */

export const SIM_LISTING_CYCLE_MS = 6 * 3_600_000;
const CYCLE_MS = SIM_LISTING_CYCLE_MS;
export const SIM_DEPOSIT_AFTER_MS = 30 * 60_000;
export const SIM_TRADING_AFTER_MS = 90 * 60_000;
const DEPOSIT_AFTER_MS = SIM_DEPOSIT_AFTER_MS;
const TRADING_AFTER_MS = SIM_TRADING_AFTER_MS;
/** The token trades abroad this long before its Korean notice. */
const ABROAD_BEFORE_MS = 3 * 3_600_000;
/** Cycles whose listings are still shown (the cards keep 3 days; the simulator keeps the last day alive). */
const LIVE_CYCLES = 4;
const QUOTE_EVERY_MS = 2_000;
const WALLET_EVERY_MS = 60_000;

/** `supply`: circulating tokens the simulated market counts (the history's market-cap change). */
const CANDIDATES: readonly { symbol: string; ko: string; network: string; fee: number; supply: number }[] = [
  { symbol: 'ZAMA', ko: '자마', network: 'ETH', fee: 12, supply: 2_200_000_000 },
  { symbol: 'MON', ko: '모나드', network: 'MON', fee: 0.5, supply: 10_800_000_000 },
  { symbol: 'PLUME', ko: '플룸', network: 'ETH', fee: 40, supply: 3_000_000_000 },
  { symbol: 'SAHARA', ko: '사하라에이아이', network: 'BSC', fee: 5, supply: 2_000_000_000 },
  { symbol: 'HOME', ko: '디파이앱', network: 'SOL', fee: 8, supply: 2_700_000_000 },
  { symbol: 'TREE', ko: '트리하우스', network: 'ETH', fee: 10, supply: 156_000_000 },
  { symbol: 'ERA', ko: '칼데라', network: 'ETH', fee: 2, supply: 148_000_000 },
  { symbol: 'MITO', ko: '미토시스', network: 'BSC', fee: 3, supply: 181_000_000 },
].filter((c) => !TOKEN_UNIVERSE.some((t) => t.symbol === c.symbol));

/** Tokens the simulated listings quote beside the simulator's market (a few at a time, whatever SIM_TOKENS says). */
export const SIM_LISTING_TOKENS: readonly string[] = CANDIDATES.map((c) => c.symbol);

const OVERSEAS: readonly VenueId[] = ['binance', 'okx', 'bybit'];

/** The circulating supply the simulator gives a listed token; null for any other. */
export function simListingSupply(base: string): number | null {
  return CANDIDATES.find((c) => c.symbol === base)?.supply ?? null;
}

export interface SimListingCycle {
  readonly start: number;
  readonly venue: 'upbit' | 'bithumb';
  readonly token: (typeof CANDIDATES)[number];
  readonly usdt: number;
  readonly runUp: number;
  readonly id: number;
}

type Cycle = SimListingCycle;

/** Cycle `index` (CYCLE_MS apart): which token lists where and how its market runs; null without a Korean venue. */
export function simListingCycle(seed: number, venues: ReadonlySet<VenueId>, index: number): Cycle | null {
  if (CANDIDATES.length === 0) return null;
  const rng = new Rng((seed * 104_729 + index * 31) | 0);
  const korean = (['upbit', 'bithumb'] as const).filter((v) => venues.has(v));
  const venue = korean[index % Math.max(1, korean.length)];
  if (!venue) return null;
  return {
    start: index * CYCLE_MS + Math.floor(rng.range(0, 30)) * 60_000,
    venue,
    token: CANDIDATES[Math.abs(index) % CANDIDATES.length] as Cycle['token'],
    usdt: Number(rng.range(0.05, 3).toFixed(4)),
    runUp: rng.range(0.2, 0.6),
    id: 900_000 + (Math.abs(index * 7 + seed) % 90_000),
  };
}

/** The token's overseas USDT price at `t`: a deterministic wave, so every run draws the same path. */
export function simAbroadUsdt(c: Cycle, t: number): number {
  return c.usdt * (1 + 0.03 * Math.sin(t / 600_000 + c.id) + 0.01 * Math.sin(t / 47_000));
}

/** The new KRW market's premium over abroad at `t` (from trading start): the run-up fading over hours. */
export function simListingPremium(c: Cycle, t: number): number {
  const hours = (t - (c.start + TRADING_AFTER_MS)) / 3_600_000;
  return 0.03 + c.runUp * Math.exp(-hours / 2);
}

const two = (n: number) => String(n).padStart(2, '0');
function kst(ms: number): string {
  const d = new Date(ms + 9 * 3_600_000);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

export class SimListings {
  private usdtKrw = 1_400;
  private lastQuoteAt = 0;
  private lastWalletAt = 0;
  private readonly announced = new Set<number>();
  private readonly depositOpened = new Set<number>();

  constructor(
    private readonly seed: number,
    private readonly venues: ReadonlySet<VenueId>,
  ) {}

  private cycle(index: number): Cycle | null {
    return simListingCycle(this.seed, this.venues, index);
  }

  /** Follows the simulated USDT/KRW so the new market's premium is the one the engine computes. */
  observe(batch: readonly MarketEvent[]): void {
    for (const e of batch) {
      if (e.type === 'quote' && e.venue === 'upbit' && e.base === 'USDT' && e.quote === 'KRW')
        this.usdtKrw = e.last;
    }
  }

  /** The events due by `now`: notices, wallet states and quotes of the live cycles. */
  advanceTo(now: number): MarketEvent[] {
    const events: MarketEvent[] = [];
    const current = Math.floor(now / CYCLE_MS);
    const quotes = now - this.lastQuoteAt >= QUOTE_EVERY_MS;
    const wallets = now - this.lastWalletAt >= WALLET_EVERY_MS;
    if (quotes) this.lastQuoteAt = now;
    if (wallets) this.lastWalletAt = now;
    const seen = new Set<string>();
    for (let index = current + 1; index > current - LIVE_CYCLES; index--) {
      const c = this.cycle(index);
      if (!c || seen.has(c.token.symbol)) continue;
      if (now < c.start - ABROAD_BEFORE_MS) continue;
      // A later cycle of the same token owns its markets.
      seen.add(c.token.symbol);
      events.push(...this.cycleEvents(c, now, quotes, wallets));
    }
    return events;
  }

  private cycleEvents(c: Cycle, now: number, quotes: boolean, wallets: boolean): MarketEvent[] {
    const out: MarketEvent[] = [];
    const base = c.token.symbol;
    const depositAt = c.start + DEPOSIT_AFTER_MS;
    const tradingAt = c.start + TRADING_AFTER_MS;
    const abroad = simAbroadUsdt(c, now);
    if (quotes) {
      OVERSEAS.forEach((venue, i) => {
        if (!this.venues.has(venue)) return;
        const last = abroad * (1 + i * 0.002);
        out.push({
          t: now,
          type: 'quote',
          venue,
          market: 'spot',
          base,
          quote: 'USDT',
          last,
          bid: last * 0.999,
          ask: last * 1.001,
          volume24h: 5e7,
        });
      });
      if (now >= tradingAt) {
        const premium = simListingPremium(c, now);
        const last = Math.round(abroad * this.usdtKrw * (1 + premium) * 100) / 100;
        out.push({
          t: now,
          type: 'quote',
          venue: c.venue,
          market: 'spot',
          base,
          quote: 'KRW',
          last,
          volume24h: 2e8,
        });
      }
    }
    if (now >= c.start && !this.announced.has(c.id)) {
      this.announced.add(c.id);
      const url =
        c.venue === 'upbit'
          ? `https://upbit.com/service_center/notice?id=${c.id}`
          : `https://feed.bithumb.com/notice/${c.id}`;
      const title =
        c.venue === 'upbit'
          ? `[거래] ${c.token.ko}(${base}) 원화 마켓 디지털 자산 추가`
          : `[마켓 추가] ${c.token.ko}(${base}) 원화 마켓 추가`;
      const summary =
        c.venue === 'upbit'
          ? `- 지원 네트워크 : ${c.token.network}\n- 입금 지원 시점 : 공지 후 2시간 이내\n- 거래지원 개시 시점 : ${kst(tradingAt)} KST 예정`
          : `■ 입금 가능 시점 : ${kst(depositAt)} 예정\n■ 거래 오픈 시점 : ${kst(tradingAt)} 예정`;
      out.push({
        t: now,
        type: 'notice',
        venue: c.venue,
        category: 'listing',
        title,
        summary,
        url,
        publishedAt: c.start,
        tokens: [base],
        simulated: true,
      });
    }
    const open = now >= depositAt;
    if (wallets || (open && !this.depositOpened.has(c.id))) {
      if (open) this.depositOpened.add(c.id);
      const network = c.token.network;
      for (const venue of OVERSEAS) {
        if (this.venues.has(venue))
          out.push({
            t: now,
            type: 'wallet',
            venue,
            asset: base,
            network,
            deposit: true,
            withdraw: true,
            withdrawFee: c.token.fee,
          });
      }
      if (now >= c.start)
        out.push({
          t: now,
          type: 'wallet',
          venue: c.venue,
          asset: base,
          network,
          deposit: open,
          withdraw: open,
        });
    }
    return out;
  }
}
