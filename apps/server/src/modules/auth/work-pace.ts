/**
 * How long a piece of real work usually takes (an exponentially weighted mean of the last runs), so the
 * answer for an address with no account can take as long as the answer for one with an account: both say
 * the same thing, and the clock must not tell them apart either (a reset link is issued and mailed for a
 * real account; for an unknown one there is nothing to do but wait as long).
 */
export class WorkPace {
  private meanMs: number;

  constructor(
    initialMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.meanMs = initialMs;
  }

  /** Runs the real work and learns its duration (failed runs too: they answer after as long). */
  async measure<T>(work: () => Promise<T>): Promise<T> {
    const started = this.clock();
    try {
      return await work();
    } finally {
      this.meanMs = 0.8 * this.meanMs + 0.2 * (this.clock() - started);
    }
  }

  /** Waits about as long as the real work takes, with jitter like the real work's own. */
  stallLikeWork(): Promise<void> {
    const ms = this.meanMs * (0.85 + Math.random() * 0.3);
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}
