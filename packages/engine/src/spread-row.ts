import {
  annualizedFundingPercent,
  ESTIMATE_BUY_FEE,
  ESTIMATE_SELL_FEE,
  GAP_WINDOW_MINUTES,
  GAP_WINDOWS,
  type GapWindow,
  gapPercent,
  minuteStart,
  type PremiumType,
} from '@spreadscope/core';
import { SOURCE_KOREAN, SOURCE_PERP, TARGET_KOREAN, TARGET_PERP } from './combos.ts';
import { MAKER_FEES, TAKER_FEES } from './fee-schedule.ts';
import { maxEntry } from './max-entry.ts';
import type { SpreadCalc } from './spread-calc.ts';
import type { BookUnavailable, SpreadLegView, SpreadRowView, TransferNetworkView } from './spread-types.ts';
import { chooseNetworks } from './wallets.ts';

const PREMIUM_TYPES: readonly PremiumType[] = ['spot-spot', 'spot-perp', 'perp-spot', 'perp-perp'];

const orNull = (value: number): number | null => (Number.isFinite(value) ? value : null);

/** The minute whose close answers "as of `minutes` ago": the last minute that ended at or before then. */
export function minuteAgo(now: number, minutes: number): number {
  return minuteStart(now - minutes * 60_000) - 60_000;
}

/** One market of a row, in the display currency. */
export function buildLeg(calc: SpreadCalc, id: number): SpreadLegView {
  const { state, books, bars } = calc.parts;
  const info = state.instruments[id];
  if (!info) throw new Error(`unknown instrument ${id}`);
  const factor = calc.displayFactor(id);
  const native = state.last.array[id] as number;
  const updatedAt = state.updatedAt.array[id] as number;
  const perp = info.market === 'perp';
  const rate = perp ? (state.fundingRate.array[id] as number) : Number.NaN;
  const hours = perp ? (state.fundingIntervalHours.array[id] as number) : Number.NaN;
  let change = gapPercent(native, state.open24h.array[id] as number);
  // Venues that report no 24 h open get the change from the engine's own 24 h memory.
  if (Number.isNaN(change)) change = gapPercent(native, bars.priceAt(id, minuteAgo(calc.now, 1_440)));
  const slot = info.venueIndex * 2 + (perp ? 1 : 0);
  return {
    exchange: info.venue,
    market: info.market,
    quote: info.quote,
    symbol: info.symbol,
    price: native * factor,
    nativePrice: native,
    bid: orNull((state.bid.array[id] as number) * factor),
    ask: orNull((state.ask.array[id] as number) * factor),
    volume24h: orNull((state.volume24h.array[id] as number) * factor),
    change24hPercent: orNull(change),
    updatedAt,
    stale: updatedAt < calc.freshAfter,
    fundingRatePercent: orNull(rate * 100),
    fundingIntervalHours: orNull(hours),
    nextFundingTime: perp ? orNull(state.nextFundingTime.array[id] as number) : null,
    annualizedFundingPercent: orNull(annualizedFundingPercent(rate, hours)),
    bidDepth: orNull(books.depth(id, 'bid', calc.freshAfter) * factor),
    askDepth: orNull(books.depth(id, 'ask', calc.freshAfter) * factor),
    makerFeePercent: (MAKER_FEES[slot] as number) * 100,
    takerFeePercent: (TAKER_FEES[slot] as number) * 100,
  };
}

/** Every field of spec §3 for combination `c`. */
export function buildSpreadRow(calc: SpreadCalc, c: number): SpreadRowView {
  const { state, combos } = calc.parts;
  const s = combos.source.array[c] as number;
  const t = combos.target.array[c] as number;
  const kind = combos.kind.array[c] as number;
  const sourceInfo = state.instruments[s];
  const targetInfo = state.instruments[t];
  if (!sourceInfo || !targetInfo) throw new Error(`combination ${c} has unknown markets`);
  const source = buildLeg(calc, s);
  const target = buildLeg(calc, t);
  const premium = calc.options.convention === 'premium';
  const buysTarget = calc.buysTarget(c);
  const buy = buysTarget ? t : s;
  const sell = buysTarget ? s : t;
  const buyLeg = buysTarget ? target : source;

  const gapAgo = {} as Record<GapWindow, number | null>;
  for (const w of GAP_WINDOWS) gapAgo[w] = orNull(calc.gapAt(c, minuteAgo(calc.now, GAP_WINDOW_MINUTES[w])));

  const perHour = calc.netFundingPerHour(c);

  const needed = calc.transferNeeded(c);
  const route = needed ? calc.route(c) : null;
  const chosen = route ? chooseNetworks(route.networks, calc.options.networkChoice) : [];
  const networks: TransferNetworkView[] = chosen.map((n) => ({
    ...n,
    withdrawFeeValue: n.withdrawFee === null ? null : n.withdrawFee * buyLeg.price,
  }));
  const stale = source.stale || target.stale;
  const tokenMismatch = calc.tokenMismatch(c);
  let transferState: SpreadRowView['transfer']['state'] = null;
  // Two different tokens cannot be traded against each other: no arbitrage state, like a stale row.
  if (!stale && !tokenMismatch) {
    if (!needed) transferState = 'trading_available';
    else if (route?.known) {
      transferState =
        route.networks.length > 0
          ? 'trading_available'
          : route.depositOpen
            ? 'deposit_available'
            : 'awaiting_deposit';
    }
  }

  const fees = calc.tradeFees(c);
  const withdrawal = calc.options.feeMode === 'withdrawal' ? orNull(calc.withdrawalPercent(c)) : null;
  const tradeRatio = calc.tradeRatio(c);
  const estimatePercent = orNull(((1 - ESTIMATE_BUY_FEE) * (1 - ESTIMATE_SELL_FEE) * tradeRatio - 1) * 100);

  return {
    id: `${sourceInfo.key}-${targetInfo.key}-${sourceInfo.base}`,
    base: sourceInfo.base,
    source,
    target,
    currency: calc.options.currency,
    conversionBase: calc.options.conversionBase,
    conversionRate: calc.rate,
    priceDiff: premium ? source.price - target.price : target.price - source.price,
    gapPercent: calc.gap(c),
    stale,
    tokenMismatch,
    scope:
      kind & SOURCE_KOREAN
        ? kind & TARGET_KOREAN
          ? 'domestic'
          : 'kimchi'
        : kind & TARGET_KOREAN
          ? 'kimchi'
          : 'global',
    premiumType: PREMIUM_TYPES[(kind & SOURCE_PERP ? 2 : 0) + (kind & TARGET_PERP ? 1 : 0)] ?? 'spot-spot',
    entryGapPercent: orNull(calc.entry(c)),
    exitGapPercent: orNull(calc.exit(c)),
    gapAgo,
    durationSince: orNull(calc.now - calc.durationMs(c)),
    // Entry buys the source at its asks and sells the target into its bids; exit is the way back.
    depth: depthView(calc, s, t, source, target),
    funding: {
      gapPercent: orNull(calc.fundingGap(c)),
      netRate8hPercent: orNull(perHour * 8 * 100),
      annualizedPercent: orNull(perHour * 8_760 * 100),
    },
    trade: buysTarget ? 'buyTarget' : 'buySource',
    transfer: {
      needed,
      from: buysTarget ? 'target' : 'source',
      networks,
      transferable: route ? (route.known ? route.networks.length > 0 : null) : null,
      state: transferState,
    },
    fees: {
      mode: calc.options.feeMode,
      buyFeePercent: fees.buy * 100,
      sellFeePercent: fees.sell * 100,
      withdrawalFeePercent: withdrawal,
      netGapPercent: orNull(calc.netGap(c)),
    },
    estimate: {
      amount: calc.options.amount,
      buyFeePercent: 0.1,
      sellFeePercent: 0.1,
      profit: estimatePercent === null ? null : (calc.options.amount * estimatePercent) / 100,
      profitPercent: estimatePercent,
    },
    ...walkBooks(calc, c, buy, sell, fees),
  };
}

/**
 * Largest entry of the row's trade: the bought market's asks against the sold market's bids, both fresh. In
 * withdrawal fee mode the withdrawal fee is a fixed cost of the trade (unknown fee: unknown size). Sizes in
 * the display currency and in US dollars.
 */
function walkBooks(
  calc: SpreadCalc,
  c: number,
  buy: number,
  sell: number,
  fees: { buy: number; sell: number },
): Pick<SpreadRowView, 'maxEntry' | 'maxEntryUnavailable'> {
  const { books } = calc.parts;
  const problem = worst(bookProblem(calc, buy), bookProblem(calc, sell));
  const buyBook = books.get(buy);
  const sellBook = books.get(sell);
  if (problem !== null || !buyBook || !sellBook)
    return { maxEntry: null, maxEntryUnavailable: problem ?? 'no_book' };
  const fixed = calc.options.feeMode === 'withdrawal' ? calc.withdrawalCost(c) : 0;
  if (Number.isNaN(fixed)) return { maxEntry: null, maxEntryUnavailable: 'withdrawal_fee_unknown' };
  const found = maxEntry(
    buyBook.asks,
    sellBook.bids,
    calc.displayFactor(buy),
    calc.displayFactor(sell),
    fees.buy,
    fees.sell,
    fixed,
  );
  if (!found) return { maxEntry: null, maxEntryUnavailable: 'empty_book' };
  const usd = calc.options.currency === 'USD' ? 1 : 1 / calc.rate;
  return {
    maxEntry: {
      ...found,
      sizeUsd: found.size * usd,
      optimalSizeUsd: found.optimalSize * usd,
      optimalProfitUsd: found.optimalProfit * usd,
    },
    maxEntryUnavailable: null,
  };
}

/** Why `id` has no usable book: never had one, too old, or a side empty; null when it is usable. */
function bookProblem(calc: SpreadCalc, id: number): BookUnavailable | null {
  const book = calc.parts.books.get(id);
  if (!book) return 'no_book';
  if (book.at < calc.freshAfter) return 'stale_book';
  if (book.bids.prices.length === 0 || book.asks.prices.length === 0) return 'empty_book';
  return null;
}

/** The more fundamental problem of two legs: no book, then a stale one, then an empty side. */
function worst(a: BookUnavailable | null, b: BookUnavailable | null): BookUnavailable | null {
  for (const problem of ['no_book', 'stale_book', 'empty_book'] as const)
    if (a === problem || b === problem) return problem;
  return a ?? b;
}

/** Depth within ±2 % for entry (source asks, target bids) and exit (the other sides), and why it is missing. */
function depthView(
  calc: SpreadCalc,
  s: number,
  t: number,
  source: SpreadLegView,
  target: SpreadLegView,
): SpreadRowView['depth'] {
  const depthOf = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.min(a, b));
  const entry = depthOf(source.askDepth, target.bidDepth);
  const exit = depthOf(source.bidDepth, target.askDepth);
  const unavailable =
    entry === null || exit === null
      ? (worst(bookProblem(calc, s), bookProblem(calc, t)) ?? 'empty_book')
      : null;
  return { entry, exit, unavailable };
}
