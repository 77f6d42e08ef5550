import type { AlertBacktest, AlertInput } from '@spreadscope/contracts';
import {
  DAY_MS,
  frequencyAllows,
  HOUR_MS,
  initialTriggerState,
  MINUTE_MS,
  stepSettlement,
  stepTrigger,
} from '@spreadscope/core';
import type { MarketHistoryRepository } from '@spreadscope/db';
import { type AlertRule, type LegSpec, seriesOf, watchesSingleLegs } from '@spreadscope/engine';
import { type EventHistory, eventFireTimes } from './alert-backtest-events.ts';
import { toRule } from './alert-mapping.ts';

/** Series replayed per back-test: the history read is one query per series over 30 days of minutes. */
const MAX_SERIES = 12;
const WINDOWS = [
  { window: '24h', ms: DAY_MS },
  { window: '7d', ms: 7 * DAY_MS },
  { window: '30d', ms: 30 * DAY_MS },
] as const;
const MAX_TIMES = 200;

interface Point {
  readonly t: number;
  readonly value: number;
  /** A settlement (after funding distribution) rather than a level observation. */
  readonly settlement?: boolean;
}

const quoteOf = (leg: LegSpec) => leg.quotes[0] ?? 'USDT';
const key = (leg: LegSpec) => ({ venue: leg.venue, market: leg.market, base: leg.base, quote: quoteOf(leg) });

/**
 * "This rule would have fired N times": the rule's series read from the stored minute history (premium
 * minutes for price gaps, settled fundings for funding rules) and fed, in time order, through the same trigger
 * state machine and frequency as the live evaluator. One-time rules are counted as every-time rules at their
 * interval, so the answer says how often the condition would have been met.
 */
export function createBacktest(history: () => MarketHistoryRepository, events?: EventHistory) {
  return async (input: AlertInput, now: number): Promise<AlertBacktest> => {
    const to = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    const from = to - 30 * DAY_MS;
    const empty = { windows: WINDOWS.map((w) => ({ window: w.window, fires: 0, times: [] })), from, to };
    const rule = toRule('backtest', input, { active: true, expiresAt: null, lastTriggeredAt: null });
    const eventRule = input.strategy === 'listing-arbitrage' || input.strategy === 'wallet-status';
    if (rule && eventRule && events) {
      const { times, events: count } = await eventFireTimes(events, input, rule, from);
      return {
        supported: true,
        series: 0,
        skippedSeries: 0,
        events: count,
        ...windowsOf(times, to),
        from,
        to,
      };
    }
    if (!rule || input.tokens.length === 0 || eventRule) {
      return { supported: false, series: 0, skippedSeries: 0, ...empty };
    }
    const series = input.tokens.flatMap((token) => seriesOf(rule, token));
    const replayed = series.slice(0, MAX_SERIES);
    const repo = history();
    const tapes = await Promise.all(
      replayed.map((s) => readSeries(repo, rule, s.source, s.target, from, to)),
    );
    const times = replay({ ...rule, once: false }, tapes);
    return {
      supported: true,
      series: replayed.length,
      skippedSeries: series.length - replayed.length,
      ...windowsOf(times, to),
      from,
      to,
    };
  };
}

/** Fire times counted into the 24 h, 7 d and 30 d windows ending at `to`. */
function windowsOf(times: readonly number[], to: number): Pick<AlertBacktest, 'windows'> {
  return {
    windows: WINDOWS.map((w) => {
      const inside = times.filter((t) => t >= to - w.ms);
      return { window: w.window, fires: inside.length, times: inside.slice(-MAX_TIMES) };
    }),
  };
}

/** Fires of a rule over several series, merged in time order; the frequency is the rule's, across them. */
export function replay(rule: AlertRule, tapes: readonly Point[][]): number[] {
  const merged: { t: number; value: number; series: number; settlement: boolean }[] = [];
  tapes.forEach((tape, series) => {
    for (const p of tape) merged.push({ t: p.t, value: p.value, series, settlement: p.settlement === true });
  });
  merged.sort((a, b) => a.t - b.t);
  const states = tapes.map(() => initialTriggerState());
  let lastFired = 0;
  const fired: number[] = [];
  for (const p of merged) {
    const state = states[p.series];
    if (!state) continue;
    const outcome = p.settlement
      ? stepSettlement(rule, state, p.value, p.t)
      : stepTrigger(rule, state, p.value, p.t);
    if (!outcome.fire || !frequencyAllows(rule, lastFired, p.t)) continue;
    lastFired = p.t;
    fired.push(p.t);
  }
  return fired;
}

async function readSeries(
  repo: MarketHistoryRepository,
  rule: AlertRule,
  source: LegSpec,
  target: LegSpec | null,
  from: number,
  to: number,
): Promise<Point[]> {
  if (rule.dataType.startsWith('funding')) return readFunding(repo, rule, source, target, from, to);
  if (!target) return [];
  const sourceKrw = quoteOf(source) === 'KRW';
  const targetKrw = quoteOf(target) === 'KRW';
  const candles = await repo.readGapCandles({
    source: key(source),
    target: key(target),
    from,
    to,
    stepMs: MINUTE_MS,
    exponent: sourceKrw === targetKrw ? 0 : sourceKrw ? -1 : 1,
    conversionBase: rule.dataType === 'price-gap-usdt' ? 'USDT' : 'USD',
  });
  return candles.map((c) => ({ t: c.t + MINUTE_MS, value: c.c }));
}

async function readFunding(
  repo: MarketHistoryRepository,
  rule: AlertRule,
  source: LegSpec,
  target: LegSpec | null,
  from: number,
  to: number,
): Promise<Point[]> {
  const read = (leg: LegSpec) =>
    repo.readFundingSettlements({ venue: leg.venue, base: leg.base, quote: quoteOf(leg), from, to });
  const settlement = rule.condition === 'after-funding-distribution';
  if (watchesSingleLegs(rule) || !target) {
    const rows = await read(source);
    return rows.map((r) => ({
      t: r.fundingTime,
      value: rule.dataType === 'funding-interval-change' ? r.intervalHours : r.rate * 100,
      settlement,
    }));
  }
  // Funding gap: the two legs' settlements paired by the hour they fell in.
  const [long, short] = await Promise.all([read(source), read(target)]);
  const shortByHour = new Map(short.map((r) => [Math.floor(r.fundingTime / HOUR_MS), r]));
  const out: Point[] = [];
  for (const l of long) {
    const s = shortByHour.get(Math.floor(l.fundingTime / HOUR_MS));
    if (!s) continue;
    out.push({
      t: l.fundingTime,
      value: (l.rate - s.rate) * (l.intervalHours / s.intervalHours) * 100,
      settlement,
    });
  }
  return out;
}
