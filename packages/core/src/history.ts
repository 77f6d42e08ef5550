import type { MarketType } from './venues.ts';

/** One closed minute of one market, as the engine rolls it up and the database stores it. */
export interface MinuteBar {
  readonly venue: string;
  readonly market: MarketType;
  readonly base: string;
  readonly quote: string;
  /** Start of the minute, epoch ms UTC (a multiple of 60,000). */
  readonly minute: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  /** 24 h volume in quote currency at the close of the minute, when the venue reports it. */
  readonly volume24h: number | null;
  /** Base volume traded within the minute, where the source reports its trades (quote `traded`). */
  readonly volume?: number | null;
}

/** One closed minute of a fiat rate such as USD/KRW. */
export interface ForexMinuteBar {
  readonly pair: string;
  readonly minute: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

export function minuteStart(epochMs: number): number {
  return epochMs - (((epochMs % 60_000) + 60_000) % 60_000);
}
