/**
 * Replica lag (entry published by the ingest → applied here) over the most recent entries — 600, the last minute
 * at 10 entries a second — kept in a ring, so the percentiles describe now rather than since start.
 */
export class LagStats {
  private readonly samples: Float64Array;
  private count = 0;
  private next = 0;
  /** Entries applied since start. */
  applied = 0;
  /** Snapshots loaded since start (the first, and each catch-up over a gap). */
  snapshotsLoaded = 0;
  /** Wall time the latest entry was applied (0: none yet). */
  lastAppliedAt = 0;

  constructor(size = 600) {
    this.samples = new Float64Array(size);
  }

  record(lagMs: number, appliedAt: number): void {
    this.samples[this.next] = Math.max(0, lagMs);
    this.next = (this.next + 1) % this.samples.length;
    if (this.count < this.samples.length) this.count++;
    this.applied++;
    this.lastAppliedAt = appliedAt;
  }

  /** The q-quantile (0…1) of the recent samples in ms, or null before the first. */
  quantile(q: number): number | null {
    if (this.count === 0) return null;
    const sorted = Array.from(this.samples.subarray(0, this.count)).sort((a, b) => a - b);
    const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
    return sorted[index] ?? null;
  }

  latest(): number | null {
    if (this.count === 0) return null;
    return this.samples[(this.next - 1 + this.samples.length) % this.samples.length] ?? null;
  }
}
