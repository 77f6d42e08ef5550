import { ALERT_MIN_INTERVAL_MS, type AlertCondition, type AlertDataType } from './alert-options.ts';

/**
 * The trigger of one alert rule on one watched series (a pair of markets, or one perpetual), as a pure state
 * machine: the live evaluator and the back-test feed it the same way, one observation at a time, so what a
 * back-test says would have fired is what would have fired.
 */
export interface TriggerSpec {
  readonly condition: AlertCondition;
  readonly dataType: AlertDataType;
  readonly threshold: number;
  /** How far back past the threshold a level must move before it can fire again (≥ 0, in the rule's unit). */
  readonly hysteresis: number;
  /** The condition must hold this long before it fires (0: at once). */
  readonly minDurationMs: number;
}

/**
 * What a series remembers between observations; persisted (alert_state) so a restart neither fires twice for
 * one crossing nor forgets which side of zero a value was on.
 */
export interface TriggerState {
  /** Level conditions: whether the next time the condition holds is a new crossing. */
  armed: boolean;
  /** Last sign seen beyond the margin (-1, 1), 0 before the first: cross zero and funding direction. */
  sign: number;
  /** Since when the condition has held (min duration), 0 when it does not. */
  since: number;
  /** Last value seen: funding interval (interval change), last settlement time (after distribution). */
  last: number;
}

export function initialTriggerState(): TriggerState {
  // A new rule is armed: a level already past the threshold when the rule is saved is told at once.
  return { armed: true, sign: 0, since: 0, last: Number.NaN };
}

export interface StepOutcome {
  /** This observation is a crossing the rule fires on (before the frequency is applied). */
  fire: boolean;
  /** The state changed in a way worth persisting. */
  changed: boolean;
}

const NOTHING: StepOutcome = { fire: false, changed: false };
const CHANGED: StepOutcome = { fire: false, changed: true };
const FIRE: StepOutcome = { fire: true, changed: true };

/** Tolerance of `equal to` for floats: half the margin, or a hair when the margin is zero. */
function equalTolerance(spec: TriggerSpec): number {
  return spec.hysteresis > 0 ? spec.hysteresis / 2 : 1e-9 * Math.max(1, Math.abs(spec.threshold));
}

function holds(spec: TriggerSpec, value: number): boolean {
  switch (spec.condition) {
    case 'greater-than':
      return value > spec.threshold;
    case 'less-than':
      return value < spec.threshold;
    default:
      return Math.abs(value - spec.threshold) <= equalTolerance(spec);
  }
}

function movedBack(spec: TriggerSpec, value: number): boolean {
  switch (spec.condition) {
    case 'greater-than':
      return value <= spec.threshold - spec.hysteresis;
    case 'less-than':
      return value >= spec.threshold + spec.hysteresis;
    default:
      return Math.abs(value - spec.threshold) > Math.max(spec.hysteresis, 2 * equalTolerance(spec));
  }
}

/** Which way a change must go: `greater-than` only up (longer, positive), `less-than` only down. */
function wantedWay(condition: AlertCondition): number {
  return condition === 'greater-than' ? 1 : condition === 'less-than' ? -1 : 0;
}

/**
 * One observation of a series at time `at`. A NaN value (a stale leg, a filter not met, no data) never fires
 * and leaves the state alone, except that a min-duration clock restarts.
 */
export function stepTrigger(spec: TriggerSpec, state: TriggerState, value: number, at: number): StepOutcome {
  if (!Number.isFinite(value)) {
    if (state.since === 0) return NOTHING;
    state.since = 0;
    return CHANGED;
  }
  if (spec.dataType === 'funding-interval-change') return stepIntervalChange(spec, state, value);
  if (spec.dataType === 'funding-direction-change' || spec.condition === 'cross-zero') {
    return stepSign(spec, state, value);
  }
  if (spec.condition === 'after-funding-distribution') return NOTHING;
  if (!state.armed) {
    if (!movedBack(spec, value)) return NOTHING;
    state.armed = true;
    state.since = 0;
    return CHANGED;
  }
  if (!holds(spec, value)) {
    if (state.since === 0) return NOTHING;
    state.since = 0;
    return CHANGED;
  }
  if (spec.minDurationMs > 0) {
    if (state.since === 0) {
      state.since = at;
      return CHANGED;
    }
    if (at - state.since < spec.minDurationMs) return NOTHING;
  }
  state.armed = false;
  state.since = 0;
  return FIRE;
}

/** Cross zero (and a funding rate changing sign): keeps the previous sign while the value sits near zero. */
function stepSign(spec: TriggerSpec, state: TriggerState, value: number): StepOutcome {
  const margin = spec.hysteresis;
  const sign = value > margin ? 1 : value < -margin ? -1 : 0;
  if (sign === 0 || sign === state.sign) return NOTHING;
  const previous = state.sign;
  state.sign = sign;
  if (previous === 0) return CHANGED;
  const way = spec.dataType === 'funding-direction-change' ? wantedWay(spec.condition) : 0;
  return way === 0 || way === sign ? FIRE : CHANGED;
}

function stepIntervalChange(spec: TriggerSpec, state: TriggerState, hours: number): StepOutcome {
  const previous = state.last;
  if (previous === hours) return NOTHING;
  state.last = hours;
  if (Number.isNaN(previous)) return CHANGED;
  const way = wantedWay(spec.condition);
  return way === 0 || way === Math.sign(hours - previous) ? FIRE : CHANGED;
}

/**
 * A settled funding of a watched perpetual (`after funding distribution`): fires once per funding time when
 * the settled value reaches the threshold in size (threshold 0: every settlement).
 */
export function stepSettlement(
  spec: TriggerSpec,
  state: TriggerState,
  settledValue: number,
  fundingTime: number,
): StepOutcome {
  if (spec.condition !== 'after-funding-distribution') return NOTHING;
  if (!(fundingTime > (Number.isNaN(state.last) ? Number.NEGATIVE_INFINITY : state.last))) return NOTHING;
  state.last = fundingTime;
  if (!Number.isFinite(settledValue)) return CHANGED;
  return Math.abs(settledValue) >= Math.abs(spec.threshold) ? FIRE : CHANGED;
}

export interface FrequencySpec {
  readonly once: boolean;
  /** Every-time rules: the least time between two firings (at least a minute). */
  readonly intervalMs: number;
}

/** Whether a rule that last fired at `lastFiredAt` (0: never) may fire at `at`. */
export function frequencyAllows(frequency: FrequencySpec, lastFiredAt: number, at: number): boolean {
  if (lastFiredAt <= 0) return true;
  if (frequency.once) return false;
  return at - lastFiredAt >= Math.max(frequency.intervalMs, ALERT_MIN_INTERVAL_MS);
}
