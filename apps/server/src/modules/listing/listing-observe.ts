import type { ListingCard } from '@spreadscope/contracts';
import {
  KOREAN_VENUES,
  LISTING_BUY_FEE,
  LISTING_DEPOSIT_WITHIN_MS,
  LISTING_SELL_FEE,
  type ListingObservation,
  listingPremiumPct,
  listingSlug,
  listingStage,
  listingStatus,
  listingType,
  OVERSEAS_VENUES,
  type VenueId,
} from '@spreadscope/core';
import type { ListingRecord } from '@spreadscope/db';
import type { MarketEngine } from '@spreadscope/engine';

/** A quote older than this does not count as the market trading (a halted or vanished market). */
const QUOTE_FRESH_MS = 5 * 60_000;

const OVERSEAS_SPOT = OVERSEAS_VENUES.filter((v) => v.kind === 'cex' && v.markets.includes('spot'));

function freshPrice(
  engine: MarketEngine,
  venue: string,
  base: string,
  quote: string,
  now: number,
): number | null {
  const id = engine.state.find(venue, 'spot', base, quote);
  if (id < 0) return null;
  const last = engine.state.last.array[id] ?? Number.NaN;
  const at = engine.state.updatedAt.array[id] ?? 0;
  return last > 0 && now - at <= QUOTE_FRESH_MS ? last : null;
}

/** What the listing venue shows of the token now (its market, its deposit state). */
export function observe(
  engine: MarketEngine,
  venue: string,
  base: string,
  quote: string,
  now: number,
): ListingObservation {
  const networks = engine.wallets.networks(venue, base);
  return {
    trading: freshPrice(engine, venue, base, quote, now) !== null,
    deposit: networks.length === 0 ? 'unreported' : networks.some((n) => n.deposit) ? 'open' : 'closed',
    venueReportsWallets: engine.wallets.reportsWallets(venue),
  };
}

/** The cheapest overseas USDT spot market quoting the token now: where an arbitrageur buys. */
export function cheapestOverseas(
  engine: MarketEngine,
  base: string,
  now: number,
): { exchange: VenueId; usdt: number } | null {
  let best: { exchange: VenueId; usdt: number } | null = null;
  for (const v of OVERSEAS_SPOT) {
    const price = freshPrice(engine, v.id, base, 'USDT', now);
    if (price !== null && (best === null || price < best.usdt)) best = { exchange: v.id, usdt: price };
  }
  return best;
}

/**
 * A Korean venue's premium of a token now: its fresh KRW price over the cheapest overseas USDT price at USDT/KRW
 * (the listing card's premium). Null on an overseas venue, or without fresh prices.
 */
export function koreanPremiumPct(
  engine: MarketEngine,
  venue: string,
  base: string,
  now: number,
): number | null {
  const krw = freshPrice(engine, venue, base, 'KRW', now);
  const best = cheapestOverseas(engine, base, now);
  const usdtKrw = engine.state.usdtKrw;
  return krw !== null && best && usdtKrw > 0 ? listingPremiumPct(krw, best.usdt, usdtKrw) : null;
}

/** The listing type from where the token trades when the notice appears. */
export function typeAtNotice(engine: MarketEngine, venue: string, base: string) {
  const abroad = OVERSEAS_SPOT.some((v) => engine.state.find(v.id, 'spot', base, 'USDT') >= 0);
  const korean = KOREAN_VENUES.some(
    (v) => v.id !== venue && engine.state.find(v.id, 'spot', base, 'KRW') >= 0,
  );
  return listingType(abroad, korean);
}

/** The new market's price in KRW (a BTC or USDT market converted through the venue's own KRW markets). */
function listingKrw(
  engine: MarketEngine,
  venue: string,
  quote: string,
  price: number | null,
  now: number,
): number | null {
  if (price === null) return null;
  if (quote === 'KRW') return price;
  const rate = freshPrice(engine, venue, quote, 'KRW', now) ?? freshPrice(engine, 'upbit', quote, 'KRW', now);
  return rate === null ? null : price * rate;
}

/** What a card shows beyond the engine's state: the token's supply and who lends it. */
export interface CardExtras {
  readonly supply: (base: string, simulated: boolean) => ListingCard['supply'];
  readonly borrow: (base: string) => ListingCard['borrow'];
}
const NO_EXTRAS: CardExtras = { supply: () => null, borrow: () => [] };

/** The card (spec §3 listing arbitrage event) from the stored event and the engine's state now. */
export function buildCard(
  engine: MarketEngine,
  row: ListingRecord,
  now: number,
  simulated: boolean,
  extras: CardExtras = NO_EXTRAS,
): ListingCard {
  const obs = observe(engine, row.venue, row.base, row.quote, now);
  const listing = freshPrice(engine, row.venue, row.base, row.quote, now);
  const krw = listingKrw(engine, row.venue, row.quote, listing, now);
  const best = cheapestOverseas(engine, row.base, now);
  const usdtKrw = engine.state.usdtKrw > 0 ? engine.state.usdtKrw : null;
  const times = { depositAt: row.depositAt, sellAt: row.sellAt, tradingAt: row.tradingAt };
  const venueNets = engine.wallets.networks(row.venue, row.base);
  const overseasNets = best ? engine.wallets.networks(best.exchange, row.base) : [];
  const chains = [...new Set([...row.networks, ...venueNets.map((n) => n.canonical)])];
  return {
    id: row.id,
    key: listingSlug(row.venue, row.quote, row.base),
    exchange: row.venue as ListingCard['exchange'],
    quote: row.quote as ListingCard['quote'],
    base: row.base,
    name: row.name,
    type: row.type,
    status: listingStatus(obs, times, now),
    stage: listingStage(obs, row.tradingStartedAt, now),
    notice: { title: row.noticeTitle, url: row.noticeUrl },
    announcedAt: row.announcedAt,
    depositAt: row.depositAt,
    depositDeadline: row.announcedAt + LISTING_DEPOSIT_WITHIN_MS,
    sellAt: row.sellAt,
    tradingAt: row.tradingAt,
    postponed: row.postponed,
    depositOpenedAt: row.depositOpenedAt,
    tradingStartedAt: row.tradingStartedAt,
    networks: chains.map((network) => {
      const here = venueNets.find((n) => n.canonical === network);
      const there = overseasNets.find((n) => n.canonical === network);
      return {
        network,
        deposit: here ? here.deposit : null,
        withdraw: there ? there.withdraw : null,
        withdrawFee: there?.withdrawFee ?? null,
      };
    }),
    price: {
      listing,
      listingKrw: krw,
      overseas: best && usdtKrw ? { ...best, krw: best.usdt * usdtKrw } : null,
      usdtKrw,
      premiumPct: krw !== null && best && usdtKrw ? listingPremiumPct(krw, best.usdt, usdtKrw) : null,
    },
    peakPremium: row.peakPremium,
    supply: extras.supply(row.base, simulated),
    borrow: extras.borrow(row.base),
    timeline: [...row.timeline],
    simulated,
  };
}

/** The fees the profit estimate assumes, as the answer carries them. */
export const LISTING_FEES = { buy: LISTING_BUY_FEE, sell: LISTING_SELL_FEE } as const;
