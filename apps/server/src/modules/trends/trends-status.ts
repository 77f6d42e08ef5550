import type { TrendSource, TrendSourceStatus } from '@spreadscope/contracts';

type Reason = TrendSourceStatus['reason'];

/**
 * What each trend source did last, held by the process that reads the sources (the ingest). The screens
 * show it so an operator sees which source is off and why, not just an empty chart.
 */
export class TrendSourceStates {
  private readonly states = new Map<TrendSource, TrendSourceStatus>();

  constructor(initial: readonly TrendSourceStatus[]) {
    for (const s of initial) this.states.set(s.source, s);
  }

  ok(source: TrendSource, at: number, message: string | null = null): void {
    this.states.set(source, { source, state: 'ok', reason: null, message, updatedAt: at });
  }

  simulated(source: TrendSource, at: number): void {
    this.states.set(source, { source, state: 'simulated', reason: null, message: null, updatedAt: at });
  }

  off(source: TrendSource, reason: Reason, message: string): void {
    const previous = this.states.get(source);
    this.states.set(source, {
      source,
      state: 'off',
      reason,
      message,
      updatedAt: previous?.updatedAt ?? null,
    });
  }

  failed(source: TrendSource, reason: Reason, message: string): void {
    const previous = this.states.get(source);
    this.states.set(source, {
      source,
      state: 'error',
      reason,
      message,
      updatedAt: previous?.updatedAt ?? null,
    });
  }

  get(source: TrendSource): TrendSourceStatus {
    return (
      this.states.get(source) ?? { source, state: 'pending', reason: null, message: null, updatedAt: null }
    );
  }

  all(): TrendSourceStatus[] {
    return (['telegram', 'naver', 'google'] as const).map((s) => this.get(s));
  }
}
