import {
  EVENT_STRATEGIES,
  frequencyAllows,
  initialTriggerState,
  stepSettlement,
  stepTrigger,
  type TriggerState,
} from '@spreadscope/core';
import {
  type AlertLayout,
  layOut,
  type MarketAdjacency,
  pairBand,
  pairValue,
  RATE_NONE,
  rateRange,
} from './alert-index.ts';
import {
  type AlertRule,
  type LegSpec,
  seriesOf,
  type Watch,
  watchesSingleLegs,
  watchKey,
} from './alert-rule.ts';
import { find, pairLabel, quietBand, seriesValue } from './alert-values.ts';
import type { MarketEngine } from './market-engine.ts';
import type { MarketState } from './market-state.ts';

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
  /** Resolved series laid out in columns, pairs and market adjacency (rebuilt when the set changes). */
  private lay: AlertLayout = layOut([], undefined);
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

  /** Lays the resolved series out in columns and builds the market → pair adjacency. */
  private layout(): void {
    const resolved: Watch[] = [];
    for (const watches of this.watchesOf.values()) {
      for (const w of watches) {
        w.slot = -1;
        if (w.sourceId >= 0 && (!w.target || w.targetId >= 0)) resolved.push(w);
      }
    }
    const lay = layOut(resolved, this.engine?.state);
    this.lay = lay;
    for (const w of lay.series) this.setBand(w);
    for (let p = 0; p < lay.pairSrc.length; p++) pairBand(lay, p);
    this.fxSweep = lay.fxPairs.length;
    this.usdtSweep = lay.usdtPairs.length;
    this.layoutStale = false;
  }

  /** Sets a series' own band; the caller refreshes its pair's band (`pairBand`) once it is done with the pair. */
  private setBand(w: Watch): void {
    if (w.slot < 0) return;
    const [lo, hi] = w.rule.active
      ? quietBand(w.rule, w.state)
      : [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
    this.lay.lo[w.slot] = lo;
    this.lay.hi[w.slot] = hi;
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
    this.visit(this.lay.quotes, state.updatedAt.array, tick, state, now, fires);
    this.visit(this.lay.funding, state.fundingAt.array, tick, state, now, fires);
    // A conversion-rate move shifts every Kimchi series on that rate: they are swept over the next ticks.
    if (state.usdKrwAt !== this.fxAt) {
      this.fxAt = state.usdKrwAt;
      this.fxSweep = 0;
    }
    if (state.usdtKrwAt !== this.usdtAt) {
      this.usdtAt = state.usdtKrwAt;
      this.usdtSweep = 0;
    }
    this.fxSweep = this.sweep(this.lay.fxPairs, state.usdKrw, this.fxSweep, tick, state, now, fires);
    this.usdtSweep = this.sweep(this.lay.usdtPairs, state.usdtKrw, this.usdtSweep, tick, state, now, fires);
    // A min-duration clock runs on time alone: those series are looked at every tick until they fire or reset.
    const { pairOf, pairStamp } = this.lay;
    for (const w of this.holding) {
      if (w.slot < 0) continue;
      const p = pairOf[w.slot] as number;
      if (pairStamp[p] === tick) continue;
      this.exact(w, state, now, fires);
      pairBand(this.lay, p);
      // Its band changed without a look at the value: the next rate move looks at it.
      this.lay.rateLo[p] = Number.NaN;
    }
    return fires;
  }

  /** Looks at the pairs of every market whose update time (quote or funding) moved since the last tick. */
  private visit(
    adj: MarketAdjacency,
    updatedAt: Float64Array,
    tick: number,
    state: MarketState,
    now: number,
    fires: AlertFire[],
  ): void {
    const { markets, offsets, pairs, seen } = adj;
    const stamp = this.lay.pairStamp;
    for (let i = 0; i < markets.length; i++) {
      const at = updatedAt[markets[i] as number] as number;
      if (at === seen[i]) continue;
      seen[i] = at;
      const end = offsets[i + 1] as number;
      for (let k = offsets[i] as number; k < end; k++) {
        const p = pairs[k] as number;
        if (stamp[p] === tick) continue;
        stamp[p] = tick;
        this.look(p, state, now, fires);
      }
    }
  }

  private sweep(
    pairs: Int32Array,
    rate: number,
    from: number,
    tick: number,
    state: MarketState,
    now: number,
    fires: AlertFire[],
  ): number {
    if (from >= pairs.length) return from;
    const to = Math.min(pairs.length, from + Math.ceil(pairs.length / RATE_SWEEP_TICKS));
    const { pairStamp: stamp, rateLo, rateHi } = this.lay;
    for (let i = from; i < to; i++) {
      const p = pairs[i] as number;
      // Only pairs the new rate moves out of their band (at the prices they were last looked at with).
      if (rate > (rateLo[p] as number) && rate < (rateHi[p] as number)) continue;
      if (stamp[p] === tick) continue;
      stamp[p] = tick;
      this.look(p, state, now, fires);
    }
    return to;
  }

  /** The hot path: a pair's raw value against its band; outside it, each series against its own. */
  private look(p: number, state: MarketState, now: number, fires: AlertFire[]): void {
    this.looked++;
    const lay = this.lay;
    const value = pairValue(lay, p, state);
    // Inside the band nothing can change, and only settlement rules (never in a band) read `previous`: the
    // series objects are not touched, which keeps the loop in the typed arrays. No value (a leg without a
    // price, an unknown rate): a series with a real band (greater / less than, cross zero, no clock running, or
    // paused) has nothing to step on, and the exact path would read the same NaN; series that must always be
    // evaluated (settlements, clocks, equal to) have an empty band.
    const pairLo = lay.pairLo[p] as number;
    const pairHi = lay.pairHi[p] as number;
    const unknown = Number.isNaN(value);
    if (unknown ? pairLo >= pairHi : !(value > pairLo && value < pairHi)) {
      const { lo, hi, series } = lay;
      const end = lay.pairStart[p + 1] as number;
      for (let slot = lay.pairStart[p] as number; slot < end; slot++) {
        const l = lo[slot] as number;
        const h = hi[slot] as number;
        if (unknown ? l < h : value > l && value < h) continue;
        this.exact(series[slot] as Watch, state, now, fires);
      }
      pairBand(lay, p);
    }
    if (lay.pairRate[p] !== RATE_NONE) rateRange(lay, p, state);
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
