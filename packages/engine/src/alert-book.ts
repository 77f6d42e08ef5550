import {
  EVENT_STRATEGIES,
  frequencyAllows,
  initialTriggerState,
  stepSettlement,
  stepTrigger,
  type TriggerState,
} from '@spreadscope/core';
import {
  type AlertRule,
  type LegSpec,
  seriesOf,
  type Watch,
  watchesSingleLegs,
  watchKey,
} from './alert-rule.ts';
import {
  fastKind,
  find,
  KIND_FUNDING_GAP,
  KIND_FUNDING_RATE,
  KIND_GAP_USDT,
  pairLabel,
  quietBand,
  seriesValue,
} from './alert-values.ts';
import type { MarketEngine } from './market-engine.ts';
import { type MarketState, UNIT_DOLLAR, UNIT_KRW } from './market-state.ts';

export { pairLabel, seriesValue } from './alert-values.ts';

export interface AlertFire {
  readonly rule: AlertRule;
  readonly watch: Watch;
  readonly value: number;
  readonly at: number;
  /** Label of the series: `upbit → binance.perp`, or the perpetual. */
  readonly pair: string;
}

/** A conversion-rate move reaches the Kimchi series it shifts over this many ticks, a share per tick. */
const RATE_SWEEP_TICKS = 5;

/**
 * Every active alert rule, indexed by the markets its series read. On each engine tick only series whose
 * markets changed (a quote or a funding update since the last tick) are looked at, and a conversion-rate move
 * reaches the Kimchi series over the next few ticks — never the whole book at once.
 *
 * Hot path (the spec's 100,000 rules over 7,000 tokens move thousands of markets a tick): series live in
 * typed arrays (markets, value kind, and the band of values inside which their trigger state cannot change),
 * the changed markets' series are found through a compressed adjacency list, and a series' value is computed
 * from the engine's arrays and compared with its band; only a value outside it runs the exact state machine
 * (filters, staleness, hysteresis, frequency) on the series object. Rules and series are objects because a
 * firing is rare.
 */
export class AlertBook {
  private readonly rules = new Map<string, AlertRule>();
  private readonly watchesOf = new Map<string, Watch[]>();
  /** Tokens each rule already watches (rules over every token add them as markets appear). */
  private readonly tokensOf = new Map<string, Set<string>>();
  /** Trigger states loaded from the database, by `ruleId|watchKey`, used when a series is (re)created. */
  private readonly saved = new Map<string, TriggerState>();
  /** Series not resolved to markets yet, by `venue|market|base`. */
  private pending = new Map<string, Watch[]>();
  /** Resolved series by slot, and their columns. */
  private series: Watch[] = [];
  private srcOf = new Int32Array(0);
  private tgtOf = new Int32Array(0);
  private kindOf = new Uint8Array(0);
  private lo = new Float64Array(0);
  private hi = new Float64Array(0);
  private stampOf = new Int32Array(0);
  /** Watched markets, the last update times seen, and their series (CSR: slots of market i in offsets[i..i+1]). */
  private watched = new Int32Array(0);
  private offsets = new Int32Array(1);
  private adjacency = new Int32Array(0);
  private seenQuote = new Float64Array(0);
  private seenFunding = new Float64Array(0);
  private fxSlots = new Int32Array(0);
  private usdtSlots = new Int32Array(0);
  private fxSweep = 0;
  private usdtSweep = 0;
  private layoutStale = true;
  private readonly holding = new Set<Watch>();
  private engine: MarketEngine | null = null;
  private instrumentCount = 0;
  private tick = 0;
  private fxAt = -1;
  private usdtAt = -1;
  /** Series whose trigger state changed since the caller last drained them (to persist). */
  readonly changed = new Set<Watch>();
  /** Series looked at in the last tick, and of those the ones that took the exact path (benchmarks, tests). */
  looked = 0;
  exactRuns = 0;

  get size(): number {
    return this.rules.size;
  }

  get(id: string): AlertRule | undefined {
    return this.rules.get(id);
  }

  /** Adds or replaces a rule; `states` are its persisted trigger states by watch key. */
  upsert(rule: AlertRule, states?: ReadonlyMap<string, TriggerState>): void {
    this.remove(rule.id);
    if (states) for (const [key, state] of states) this.saved.set(`${rule.id}|${key}`, state);
    this.rules.set(rule.id, rule);
    this.watchesOf.set(rule.id, []);
    this.tokensOf.set(rule.id, new Set());
    // Event rules (wallet status, listing arbitrage) watch no series: the evaluator fires them on their event.
    if (EVENT_STRATEGIES.includes(rule.strategy)) return;
    if (rule.tokens.length > 0) {
      for (const token of rule.tokens) if (!rule.blacklist.includes(token)) this.addSeries(rule, token);
    } else if (this.engine && watchesSingleLegs(rule)) {
      for (const token of this.engine.state.tokens) this.addToken(rule, token.base);
    }
  }

  remove(id: string): void {
    const watches = this.watchesOf.get(id);
    if (!watches) return;
    for (const w of watches) {
      this.holding.delete(w);
      this.changed.delete(w);
      w.slot = -1;
    }
    this.watchesOf.delete(id);
    this.tokensOf.delete(id);
    this.rules.delete(id);
    for (const key of [...this.saved.keys()]) if (key.startsWith(`${id}|`)) this.saved.delete(key);
    // Parked series of the rule are dropped lazily (a slot of -1 and no rule); the layout is rebuilt.
    this.layoutStale = true;
  }

  watchesFor(id: string): readonly Watch[] {
    return this.watchesOf.get(id) ?? [];
  }

  private addToken(rule: AlertRule, token: string): void {
    if (rule.blacklist.includes(token)) return;
    const tokens = this.tokensOf.get(rule.id);
    if (!tokens || tokens.has(token)) return;
    this.addSeries(rule, token);
  }

  private addSeries(rule: AlertRule, token: string): void {
    const watches = this.watchesOf.get(rule.id) as Watch[];
    this.tokensOf.get(rule.id)?.add(token);
    for (const { source, target } of seriesOf(rule, token)) {
      const key = watchKey(token, source, target);
      const watch: Watch = {
        rule,
        key,
        token,
        source,
        target,
        sourceId: -1,
        targetId: -1,
        state: this.saved.get(`${rule.id}|${key}`) ?? initialTriggerState(),
        previous: Number.NaN,
        nextFunding: Number.NaN,
        slot: -1,
      };
      watches.push(watch);
      this.resolve(watch);
    }
  }

  /** Finds the watch's markets in the engine, or parks it until they appear. */
  private resolve(watch: Watch): void {
    const state = this.engine?.state;
    watch.sourceId = state ? find(state, watch.source) : -1;
    watch.targetId = state && watch.target ? find(state, watch.target) : -1;
    if (watch.sourceId < 0) this.park(watch, watch.source);
    else if (watch.target && watch.targetId < 0) this.park(watch, watch.target);
    else this.layoutStale = true;
  }

  private park(watch: Watch, leg: LegSpec): void {
    const key = `${leg.venue}|${leg.market}|${leg.base}`;
    const list = this.pending.get(key);
    if (list) list.push(watch);
    else this.pending.set(key, [watch]);
  }

  /** Re-resolves every series (after an engine switch: markets are numbered afresh). */
  private reresolve(): void {
    this.pending = new Map();
    for (const watches of this.watchesOf.values()) for (const w of watches) this.resolve(w);
    this.layoutStale = true;
  }

  /** Lays the resolved series out in columns and builds the market → series adjacency. */
  private layout(): void {
    const state = this.engine?.state;
    const series: Watch[] = [];
    for (const watches of this.watchesOf.values()) {
      for (const w of watches) {
        w.slot = -1;
        if (w.sourceId >= 0 && (!w.target || w.targetId >= 0)) series.push(w);
      }
    }
    // Slots in market order: a changed market's series sit side by side in the columns the hot loop reads.
    series.sort((a, b) => a.sourceId - b.sourceId || a.targetId - b.targetId);
    const n = series.length;
    this.series = series;
    this.srcOf = new Int32Array(n);
    this.tgtOf = new Int32Array(n);
    this.kindOf = new Uint8Array(n);
    this.lo = new Float64Array(n);
    this.hi = new Float64Array(n);
    this.stampOf = new Int32Array(n).fill(-1);
    const markets = state?.instruments.length ?? 0;
    const counts = new Int32Array(markets + 1);
    const fx: number[] = [];
    const usdt: number[] = [];
    const units = state?.unitOf.array;
    series.forEach((w, slot) => {
      w.slot = slot;
      this.srcOf[slot] = w.sourceId;
      this.tgtOf[slot] = w.target ? w.targetId : -1;
      const kind = fastKind(w.rule);
      this.kindOf[slot] = kind;
      this.setBand(w);
      counts[w.sourceId] = (counts[w.sourceId] ?? 0) + 1;
      if (w.target) counts[w.targetId] = (counts[w.targetId] ?? 0) + 1;
      const krw = w.target && units && (units[w.sourceId] === UNIT_KRW || units[w.targetId] === UNIT_KRW);
      if (krw && !w.rule.dataType.startsWith('funding')) (kind === KIND_GAP_USDT ? usdt : fx).push(slot);
    });
    const watched: number[] = [];
    for (let id = 0; id < markets; id++) if ((counts[id] ?? 0) > 0) watched.push(id);
    const offsets = new Int32Array(watched.length + 1);
    const position = new Int32Array(markets).fill(-1);
    watched.forEach((id, i) => {
      position[id] = i;
      offsets[i + 1] = (offsets[i] ?? 0) + (counts[id] ?? 0);
    });
    const adjacency = new Int32Array(offsets[watched.length] ?? 0);
    const fill = offsets.slice(0, watched.length);
    series.forEach((w, slot) => {
      for (const id of w.target ? [w.sourceId, w.targetId] : [w.sourceId]) {
        const p = position[id] as number;
        adjacency[fill[p] as number] = slot;
        fill[p] = (fill[p] as number) + 1;
      }
    });
    this.watched = Int32Array.from(watched);
    this.offsets = offsets;
    this.adjacency = adjacency;
    this.seenQuote = new Float64Array(watched.length).fill(-1);
    this.seenFunding = new Float64Array(watched.length).fill(-1);
    this.fxSlots = Int32Array.from(fx);
    this.usdtSlots = Int32Array.from(usdt);
    this.fxSweep = fx.length;
    this.usdtSweep = usdt.length;
    this.layoutStale = false;
  }

  private setBand(w: Watch): void {
    if (w.slot < 0) return;
    const [lo, hi] = w.rule.active
      ? quietBand(w.rule, w.state)
      : [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
    this.lo[w.slot] = lo;
    this.hi[w.slot] = hi;
  }

  private onNewInstruments(state: MarketState): void {
    const from = this.instrumentCount;
    this.instrumentCount = state.instruments.length;
    const allTokenRules = [...this.rules.values()].filter(
      (r) => r.tokens.length === 0 && watchesSingleLegs(r),
    );
    for (let id = from; id < state.instruments.length; id++) {
      const info = state.instruments[id];
      if (!info) continue;
      const key = `${info.venue}|${info.market}|${info.base}`;
      const waiting = this.pending.get(key);
      if (waiting) {
        this.pending.delete(key);
        for (const w of waiting) if (this.rules.get(w.rule.id) === w.rule) this.resolve(w);
      }
      if (info.market === 'perp') {
        for (const rule of allTokenRules)
          if (rule.exchanges.includes(info.venue)) this.addToken(rule, info.base);
      }
    }
  }

  /**
   * One engine tick: evaluates the series whose inputs changed and returns what fires (after each rule's
   * frequency). The caller persists `changed` states and delivers the fires.
   */
  evaluate(engine: MarketEngine, now: number): AlertFire[] {
    if (engine !== this.engine) {
      // A new engine (source switch) numbers its markets afresh; trigger states carry over.
      this.engine = engine;
      this.instrumentCount = engine.state.instruments.length;
      const allTokenRules = [...this.rules.values()].filter(
        (r) => r.tokens.length === 0 && watchesSingleLegs(r),
      );
      for (const rule of allTokenRules)
        for (const token of engine.state.tokens) this.addToken(rule, token.base);
      this.reresolve();
    }
    const state = engine.state;
    if (state.instruments.length !== this.instrumentCount) this.onNewInstruments(state);
    if (this.layoutStale) this.layout();
    const tick = ++this.tick;
    this.looked = 0;
    this.exactRuns = 0;
    const fires: AlertFire[] = [];
    const quoteAt = state.updatedAt.array;
    const fundingAt = state.fundingAt.array;
    const { watched, seenQuote, seenFunding, offsets, adjacency, stampOf } = this;
    for (let i = 0; i < watched.length; i++) {
      const id = watched[i] as number;
      const q = quoteAt[id] as number;
      const f = fundingAt[id] as number;
      if (q === seenQuote[i] && f === seenFunding[i]) continue;
      seenQuote[i] = q;
      seenFunding[i] = f;
      const end = offsets[i + 1] as number;
      for (let k = offsets[i] as number; k < end; k++) {
        const slot = adjacency[k] as number;
        if (stampOf[slot] === tick) continue;
        stampOf[slot] = tick;
        this.look(slot, state, now, fires);
      }
    }
    // A conversion-rate move shifts every Kimchi series on that rate: they are swept over the next ticks.
    if (state.usdKrwAt !== this.fxAt) {
      this.fxAt = state.usdKrwAt;
      this.fxSweep = 0;
    }
    if (state.usdtKrwAt !== this.usdtAt) {
      this.usdtAt = state.usdtKrwAt;
      this.usdtSweep = 0;
    }
    this.fxSweep = this.sweep(this.fxSlots, this.fxSweep, tick, state, now, fires);
    this.usdtSweep = this.sweep(this.usdtSlots, this.usdtSweep, tick, state, now, fires);
    // A min-duration clock runs on time alone: those series are looked at every tick until they fire or reset.
    for (const w of this.holding) {
      if (w.slot < 0 || stampOf[w.slot] === tick) continue;
      stampOf[w.slot] = tick;
      this.exact(w, state, now, fires);
    }
    return fires;
  }

  private sweep(
    slots: Int32Array,
    from: number,
    tick: number,
    state: MarketState,
    now: number,
    fires: AlertFire[],
  ): number {
    if (from >= slots.length) return from;
    const to = Math.min(slots.length, from + Math.ceil(slots.length / RATE_SWEEP_TICKS));
    for (let i = from; i < to; i++) {
      const slot = slots[i] as number;
      if (this.stampOf[slot] === tick) continue;
      this.stampOf[slot] = tick;
      this.look(slot, state, now, fires);
    }
    return to;
  }

  /** The hot path: the series' raw value against its quiet band; outside it, the exact evaluation. */
  private look(slot: number, state: MarketState, now: number, fires: AlertFire[]): void {
    this.looked++;
    const s = this.srcOf[slot] as number;
    const t = this.tgtOf[slot] as number;
    let value: number;
    switch (this.kindOf[slot]) {
      case KIND_FUNDING_RATE:
        value = (state.fundingRate.array[s] as number) * 100;
        break;
      case KIND_FUNDING_GAP: {
        const rates = state.fundingRate.array;
        const hours = state.fundingIntervalHours.array;
        value =
          ((rates[s] as number) - (rates[t] as number)) * ((hours[s] as number) / (hours[t] as number)) * 100;
        break;
      }
      case KIND_GAP_USDT:
      case 0: {
        const rate = this.kindOf[slot] === KIND_GAP_USDT ? state.usdtKrw : state.usdKrw;
        const units = state.unitOf.array;
        const last = state.last.array;
        const us = units[s];
        const ut = units[t];
        const a =
          us === UNIT_DOLLAR
            ? (last[s] as number)
            : us === UNIT_KRW
              ? (last[s] as number) / rate
              : Number.NaN;
        const b =
          ut === UNIT_DOLLAR
            ? (last[t] as number)
            : ut === UNIT_KRW
              ? (last[t] as number) / rate
              : Number.NaN;
        value = (a / b - 1) * 100;
        break;
      }
      default:
        value = Number.NaN;
    }
    // Inside the band nothing can change, and only settlement rules (never in a band) read `previous`: the
    // series object is not touched, which keeps the loop in the typed arrays.
    if (value > (this.lo[slot] as number) && value < (this.hi[slot] as number)) return;
    this.exact(this.series[slot] as Watch, state, now, fires);
  }

  private exact(w: Watch, state: MarketState, now: number, fires: AlertFire[]): void {
    this.exactRuns++;
    const rule = w.rule;
    if (!rule.active || now >= rule.expiresAt) {
      this.setBand(w);
      return;
    }
    const value = seriesValue(w, state, now);
    let fire = false;
    let fired = value;
    if (rule.condition === 'after-funding-distribution') {
      const next = state.nextFundingTime.array[w.sourceId] as number;
      const updated = state.fundingAt.array[w.sourceId] as number;
      // The venue moved its next funding time on past one that has come: that funding was settled, at the rate
      // it showed before the update.
      if (Number.isFinite(w.nextFunding) && next > w.nextFunding && w.nextFunding <= updated) {
        const outcome = stepSettlement(rule, w.state, w.previous, w.nextFunding);
        if (outcome.changed) this.changed.add(w);
        fire = outcome.fire;
        fired = w.previous;
      }
      if (Number.isFinite(next)) w.nextFunding = next;
    } else {
      const outcome = stepTrigger(rule, w.state, value, now);
      if (outcome.changed) this.changed.add(w);
      fire = outcome.fire;
      if (w.state.since > 0) this.holding.add(w);
      else this.holding.delete(w);
    }
    if (Number.isFinite(value)) w.previous = value;
    if (fire && frequencyAllows(rule, rule.lastFiredAt, now)) {
      rule.lastFiredAt = now;
      if (rule.once) rule.active = false;
      fires.push({ rule, watch: w, value: fired, at: now, pair: pairLabel(w) });
    }
    this.setBand(w);
  }
}
