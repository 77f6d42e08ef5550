import { tokenIdOf } from '@spreadscope/core';
import type { DeskEvent, HeldLiquidation, HeldOpenInterest } from '../../derivatives/derivatives-desk.ts';
import { readNativeSymbol } from '../derivatives-lookup.ts';
import type { ChannelTopic, PublicWsChannel } from './public-channels.ts';

/**
 * The event-driven channels (shared/formats/public-api.md §3.4–3.5): `/open-interest` and `/liquidation` take
 * `SYMBOL@exchange` and push each reading or liquidation of that perpetual as it arrives; `/liquidation/feed`
 * (and our own `/front/liquidation/feed`) push every liquidation from the moment the socket opens, with no
 * SUBSCRIBE. A new subscriber first gets the current state (`snap: true` on replayed liquidations).
 */

/** What the channels read from the derivatives desk. */
export interface DeskView {
  subscribe(listener: (event: DeskEvent) => void): () => void;
  openInterestOf(base?: string): HeldOpenInterest[];
  recentLiquidations(filter: (l: HeldLiquidation) => boolean, limit: number): HeldLiquidation[];
}

export interface DerivativeTopic {
  /** The key the hub indexes the topic's group by: `channel|venue|BASE|QUOTE`, or `channel|*` for a feed. */
  readonly match: string;
  message(event: DeskEvent, usdKrw: number, snap: boolean): Record<string, unknown> | null;
  /** What a new subscriber gets at once, oldest first. */
  snapshot(desk: DeskView, usdKrw: number): Record<string, unknown>[];
}

export const FEED_CHANNELS: ReadonlySet<PublicWsChannel> = new Set([
  '/liquidation/feed',
  '/front/liquidation/feed',
]);

/** Liquidations a new subscriber of one symbol gets replayed; a feed gets more. */
const SYMBOL_REPLAY = 20;
const FEED_REPLAY = 50;

const inKrw = (usd: number | null, usdKrw: number) =>
  usd === null || !Number.isFinite(usdKrw) ? null : usd * usdKrw;

export function oiMessage(o: HeldOpenInterest, usdKrw: number): Record<string, unknown> {
  return {
    e: o.venue,
    s: `${o.base}-${o.quote}`,
    b: o.base,
    q: o.quote,
    id: tokenIdOf(o.base),
    oi: o.openInterest,
    oiusd: o.openInterestUsd,
    oifiat: inKrw(o.openInterestUsd, usdKrw),
    d: o.at,
  };
}

/** `sd` is the forced order's side, as in the REST LiqEvent: `sell` liquidates a long, `buy` a short. */
export function liquidationMessage(
  l: HeldLiquidation,
  usdKrw: number,
  snap: boolean,
): Record<string, unknown> {
  const priceUsd = l.valueUsd === null ? null : l.price;
  return {
    e: l.venue,
    s: `${l.base}-${l.quote}`,
    b: l.base,
    q: l.quote,
    id: tokenIdOf(l.base),
    sd: l.side === 'long' ? 'sell' : 'buy',
    p: l.price,
    pusd: priceUsd,
    pfiat: inKrw(priceUsd, usdKrw),
    v: l.size,
    vusd: l.valueUsd,
    vfiat: inKrw(l.valueUsd, usdKrw),
    snap,
    d: l.at,
  };
}

/** The index keys an event is pushed to. */
export function matchesOf(event: DeskEvent): string[] {
  if (event.type === 'oi') {
    const o = event.oi;
    return [`/open-interest|${o.venue}|${o.base}|${o.quote}`];
  }
  const l = event.liquidation;
  return [`/liquidation|${l.venue}|${l.base}|${l.quote}`, '/liquidation/feed|*', '/front/liquidation/feed|*'];
}

/** `/open-interest` or `/liquidation` with `SYMBOL@exchange` (the symbol as BASE-QUOTE or native). */
export function symbolTopic(channel: '/open-interest' | '/liquidation', raw: string): ChannelTopic | null {
  const [symbol = '', exchange = '', ...rest] = raw.split('@');
  const parsed = readNativeSymbol(symbol);
  if (!parsed || !/^[a-z0-9]{2,24}$/i.test(exchange) || rest.length > 0) return null;
  const venue = exchange.toLowerCase();
  const { base, quote } = parsed;
  const mine = (x: { venue: string; base: string; quote: string }) =>
    x.venue === venue && x.base === base && x.quote === quote;
  const derivative: DerivativeTopic =
    channel === '/open-interest'
      ? {
          match: `${channel}|${venue}|${base}|${quote}`,
          message: (event, usdKrw) => (event.type === 'oi' ? oiMessage(event.oi, usdKrw) : null),
          snapshot: (desk, usdKrw) =>
            desk
              .openInterestOf(base)
              .filter(mine)
              .map((o) => oiMessage(o, usdKrw)),
        }
      : {
          match: `${channel}|${venue}|${base}|${quote}`,
          message: (event, usdKrw, snap) =>
            event.type === 'liquidation' ? liquidationMessage(event.liquidation, usdKrw, snap) : null,
          snapshot: (desk, usdKrw) =>
            desk
              .recentLiquidations(mine, SYMBOL_REPLAY)
              .reverse()
              .map((l) => liquidationMessage(l, usdKrw, true)),
        };
  return { param: raw, derivative };
}

/** The feed every socket of a feed channel joins as it opens. */
export function feedTopic(channel: PublicWsChannel): ChannelTopic {
  return {
    param: '',
    derivative: {
      match: `${channel}|*`,
      message: (event, usdKrw, snap) =>
        event.type === 'liquidation' ? liquidationMessage(event.liquidation, usdKrw, snap) : null,
      snapshot: (desk, usdKrw) =>
        desk
          .recentLiquidations(() => true, FEED_REPLAY)
          .reverse()
          .map((l) => liquidationMessage(l, usdKrw, true)),
    },
  };
}
