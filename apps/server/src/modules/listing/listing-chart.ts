import type { ListingCard, ListingChart } from '@spreadscope/contracts';
import { listingPremiumPct, type MinuteBar, type VenueId } from '@spreadscope/core';
import type { HistoryRepository } from '@spreadscope/db';
import { simListingPath } from '@spreadscope/feeds';

/** The chart starts this long before the notice (spec §2 listing detail). */
export const CHART_BEFORE_MS = 3 * 3_600_000;
/** …and ends this long after it. */
export const CHART_AFTER_MS = 24 * 3_600_000;

type Bars = Pick<HistoryRepository, 'readMinuteBars'>;
/** The simulator that drew the running source's listings. */
export interface SimulatorOf {
  readonly seed: number;
  readonly venues: ReadonlySet<VenueId>;
}
/** USDT/KRW the simulator starts from, when the engine holds none yet. */
const SIM_USDT_KRW = 1_400;

/** Closes by minute; a minute without a bar carries the last close on (a quiet market did not move). */
function closes(bars: readonly MinuteBar[]): Map<number, number> {
  return new Map(bars.map((b) => [b.minute, b.close]));
}

const spot = (venue: string, base: string, quote: string, from: number, to: number) => ({
  venue,
  market: 'spot' as const,
  base,
  quote,
  from,
  to,
});

/**
 * A listing's price chart from the stored minute bars: the new market in KRW (a BTC or USDT market at the
 * venue's own KRW price of its quote, else Upbit's), the overseas USDT market the card compares with at USDT/KRW,
 * and the premium between them, minute by minute. Minutes before either side traded are null, not invented.
 */
export async function listingChart(
  card: ListingCard,
  bars: Bars,
  now: number,
  simulator?: SimulatorOf,
): Promise<ListingChart> {
  const from = Math.floor((card.announcedAt - CHART_BEFORE_MS) / 60_000) * 60_000;
  const to = Math.min(card.announcedAt + CHART_AFTER_MS, now);
  const overseas = card.price.overseas?.exchange ?? null;
  const frame = {
    key: card.key,
    from,
    to,
    announcedAt: card.announcedAt,
    tradingStartedAt: card.tradingStartedAt,
    overseas: overseas as ListingChart['overseas'],
    simulated: card.simulated,
  };
  // A simulated listing is drawn from the simulator's own path: its first hours predate this start's bars.
  const path =
    card.simulated && simulator
      ? simListingPath(
          simulator.seed,
          simulator.venues,
          { ...card, venue: card.exchange },
          {
            from,
            to,
            usdtKrw: card.price.usdtKrw ?? SIM_USDT_KRW,
          },
        )
      : null;
  if (path) {
    const rate = card.price.usdtKrw ?? SIM_USDT_KRW;
    return {
      ...frame,
      points: path.map((m) => ({
        t: m.t,
        krw: m.krw,
        overseasKrw: m.abroadUsdt * rate,
        premiumPct: m.krw === null ? null : listingPremiumPct(m.krw, m.abroadUsdt, rate),
      })),
    };
  }
  const read = (venue: string, base: string, quote: string) =>
    bars.readMinuteBars(spot(venue, base, quote, from, to)).then(closes);
  const [listing, quoteKrw, quoteKrwUpbit, abroad, usdtKrw] = await Promise.all([
    read(card.exchange, card.base, card.quote),
    card.quote === 'KRW' ? Promise.resolve(null) : read(card.exchange, card.quote, 'KRW'),
    card.quote === 'KRW' ? Promise.resolve(null) : read('upbit', card.quote, 'KRW'),
    overseas ? read(overseas, card.base, 'USDT') : Promise.resolve(new Map<number, number>()),
    read('upbit', 'USDT', 'KRW'),
  ]);
  const points: ListingChart['points'] = [];
  let last = { listing: null as number | null, quote: null as number | null, abroad: null as number | null };
  // Until the first stored USDT/KRW minute, the rate now stands in; after it, the last one seen.
  let rate: number | null = card.price.usdtKrw;
  for (let t = from; t < to; t += 60_000) {
    const quoteRate = quoteKrw?.get(t) ?? quoteKrwUpbit?.get(t);
    last = {
      listing: listing.get(t) ?? last.listing,
      quote: card.quote === 'KRW' ? 1 : (quoteRate ?? last.quote),
      abroad: abroad.get(t) ?? last.abroad,
    };
    rate = usdtKrw.get(t) ?? rate;
    const krw = last.listing !== null && last.quote !== null ? last.listing * last.quote : null;
    const overseasKrw = last.abroad !== null && rate ? last.abroad * rate : null;
    if (krw === null && overseasKrw === null) continue;
    points.push({
      t,
      krw,
      overseasKrw,
      premiumPct:
        krw !== null && last.abroad !== null && rate ? listingPremiumPct(krw, last.abroad, rate) : null,
    });
  }
  return { ...frame, points };
}
