import { annualizedFundingPercent, type FundingEvent, HOUR_MS, minuteStart } from '@spreadscope/core';
import { Float64Column } from './growable.ts';
import type { MarketState } from './market-state.ts';

/** One settled funding: the last rate a venue published before its funding time passed. */
export interface FundingSettlement {
  readonly venue: string;
  readonly base: string;
  readonly quote: string;
  readonly fundingTime: number;
  readonly rate: number;
  readonly intervalHours: number;
  readonly markPrice: number | null;
}

/** The funding state of one perpetual at the close of a minute in which it was updated. */
export interface FundingMinute {
  readonly venue: string;
  readonly base: string;
  readonly quote: string;
  readonly minute: number;
  readonly rate: number;
  readonly intervalHours: number;
  readonly nextFundingTime: number | null;
  readonly markPrice: number | null;
}

const HEAT_HOURS = 25;

/** One perpetual's annualized funding over one past hour, from persisted minutes (restart). */
export interface FundingHeatHour {
  readonly venue: string;
  readonly base: string;
  readonly quote: string;
  /** Epoch hours. */
  readonly hour: number;
  readonly annualizedSum: number;
  readonly count: number;
}

/**
 * Follows funding over time: settlements (for the 1 d … 1 y history), 1-minute rollups (persisted), and
 * hourly means of the annualized rate over the last day (the 24 h heatmap), kept in memory per perpetual.
 */
export class FundingTracker {
  private readonly pendingMinute = new Float64Column(1024, -1);
  private readonly pendingIds: number[] = [];
  private minutes: FundingMinute[] = [];
  private settlements: FundingSettlement[] = [];
  /** Per perpetual: [hour, sum, count] × 25 hourly slots. */
  private readonly heat: (Float64Array | undefined)[] = [];
  /** Restored hours of perpetuals not quoted yet, by venue|base|quote: applied when they appear. */
  private readonly heatWaiting = new Map<string, FundingHeatHour[]>();

  constructor(private readonly state: MarketState) {}

  /** Call before the state takes the event: compares it with the funding the state still holds. */
  beforeFunding(id: number, event: FundingEvent): void {
    this.pendingMinute.ensure(id + 1);
    const state = this.state;
    const previousNext = state.nextFundingTime.array[id] as number;
    const next = event.nextFundingTime;
    if (
      next !== undefined &&
      Number.isFinite(previousNext) &&
      next > previousNext &&
      previousNext <= event.t &&
      Number.isFinite(state.fundingRate.array[id] as number)
    ) {
      this.settlements.push(this.snapshotSettlement(id, previousNext));
    }
    const m = minuteStart(event.t);
    const pending = this.pendingMinute.array[id] as number;
    if (pending !== m) {
      if (pending >= 0) {
        if (m < pending) return;
        this.rollMinute(id);
      } else {
        this.pendingIds.push(id);
      }
      this.pendingMinute.array[id] = m;
    }
  }

  /** Call after the state took the event. */
  afterFunding(id: number, event: FundingEvent): void {
    const annualized = annualizedFundingPercent(event.rate, event.intervalHours);
    if (!Number.isFinite(annualized)) return;
    this.addHeat(id, Math.floor(event.t / HOUR_MS), annualized, 1);
  }

  /**
   * Adds `count` samples summing `sum` to the hour's slot; a slot holding an older hour is reused, one
   * holding a newer hour is left alone (the sample is older than the ring reaches).
   */
  private addHeat(id: number, hour: number, sum: number, count: number): void {
    let slots = this.heat[id];
    if (!slots) {
      slots = new Float64Array(HEAT_HOURS * 3).fill(-1);
      this.heat[id] = slots;
    }
    const at = (hour % HEAT_HOURS) * 3;
    const held = slots[at] as number;
    if (held > hour) return;
    if (held !== hour) {
      slots[at] = hour;
      slots[at + 1] = 0;
      slots[at + 2] = 0;
    }
    slots[at + 1] = (slots[at + 1] as number) + sum;
    slots[at + 2] = (slots[at + 2] as number) + count;
  }

  /**
   * Refills the 24 h heatmap from persisted funding minutes (start-up), so a restart does not blank it for a
   * day. An hour restored next to live samples of the same hour is merged with them (live hours weigh each
   * update, restored ones each minute). Perpetuals not seen yet get theirs when they first appear.
   */
  restoreHeat(hours: readonly FundingHeatHour[]): void {
    for (const h of hours) {
      if (!(h.count > 0) || !Number.isFinite(h.annualizedSum)) continue;
      const id = this.state.find(h.venue, 'perp', h.base, h.quote);
      if (id >= 0) this.addHeat(id, h.hour, h.annualizedSum, h.count);
      else {
        const key = `${h.venue}|${h.base}|${h.quote}`;
        const list = this.heatWaiting.get(key);
        if (list) list.push(h);
        else this.heatWaiting.set(key, [h]);
      }
    }
  }

  /** A market appeared: give it the restored hours that waited for it. */
  onNewInstrument(id: number): void {
    if (this.heatWaiting.size === 0) return;
    const info = this.state.instruments[id];
    if (info?.market !== 'perp') return;
    const key = `${info.venue}|${info.base}|${info.quote}`;
    const waiting = this.heatWaiting.get(key);
    if (!waiting) return;
    this.heatWaiting.delete(key);
    for (const h of waiting) this.addHeat(id, h.hour, h.annualizedSum, h.count);
  }

  /** Mean annualized funding (percent) seen during hour `hour` (epoch hours), or NaN. */
  hourlyMean(id: number, hour: number): number {
    const slots = this.heat[id];
    if (!slots) return Number.NaN;
    const at = (hour % HEAT_HOURS) * 3;
    if (slots[at] !== hour || (slots[at + 2] as number) === 0) return Number.NaN;
    return (slots[at + 1] as number) / (slots[at + 2] as number);
  }

  /** Rolls up every perpetual whose pending minute started before `minute`. */
  closeBefore(minute: number): void {
    let kept = 0;
    for (let i = 0; i < this.pendingIds.length; i++) {
      const id = this.pendingIds[i] as number;
      if ((this.pendingMinute.array[id] as number) < minute) this.rollMinute(id);
      else this.pendingIds[kept++] = id;
    }
    this.pendingIds.length = kept;
  }

  drain(): { minutes: FundingMinute[]; settlements: FundingSettlement[] } {
    const out = { minutes: this.minutes, settlements: this.settlements };
    this.minutes = [];
    this.settlements = [];
    return out;
  }

  private rollMinute(id: number): void {
    const info = this.state.instruments[id];
    const minute = this.pendingMinute.array[id] as number;
    this.pendingMinute.array[id] = -1;
    if (!info || minute < 0) return;
    const s = this.state;
    const rate = s.fundingRate.array[id] as number;
    const intervalHours = s.fundingIntervalHours.array[id] as number;
    if (!Number.isFinite(rate) || !(intervalHours > 0)) return;
    this.minutes.push({
      venue: info.venue,
      base: info.base,
      quote: info.quote,
      minute,
      rate,
      intervalHours,
      nextFundingTime: finiteOrNull(s.nextFundingTime.array[id] as number),
      markPrice: finiteOrNull(s.markPrice.array[id] as number),
    });
  }

  private snapshotSettlement(id: number, fundingTime: number): FundingSettlement {
    const info = this.state.instruments[id];
    const s = this.state;
    return {
      venue: info?.venue ?? '',
      base: info?.base ?? '',
      quote: info?.quote ?? '',
      fundingTime,
      rate: s.fundingRate.array[id] as number,
      intervalHours: s.fundingIntervalHours.array[id] as number,
      markPrice: finiteOrNull(s.markPrice.array[id] as number),
    };
  }
}

function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}
