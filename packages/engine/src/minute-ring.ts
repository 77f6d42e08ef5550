const CHUNK = 1024;

/**
 * The last N 1-minute closes of every instrument, in memory, for the short look-back windows (5 m … 24 h) and
 * premium duration. Float32 keeps a 24 h ring at 5.8 KB per market (prices to 7 significant digits, which
 * moves a premium by under 0.00003 percentage points); storage grows in chunks of 1,024 markets, so adding
 * markets never copies the rings already filled.
 *
 * A minute without a quote carries the previous close forward: the ring always answers "the last price as of
 * the end of minute M".
 */
export class MinuteRing {
  readonly slots: number;
  private readonly chunks: Float32Array[] = [];
  private lastWritten = new Float64Array(CHUNK).fill(-1);
  private firstWritten = new Float64Array(CHUNK).fill(-1);

  constructor(minutes: number) {
    this.slots = minutes + 1;
  }

  private ensure(id: number): void {
    while (this.chunks.length * CHUNK <= id) this.chunks.push(new Float32Array(CHUNK * this.slots));
    if (id >= this.lastWritten.length) {
      let size = this.lastWritten.length;
      while (size <= id) size *= 2;
      this.lastWritten = grow(this.lastWritten, size);
      this.firstWritten = grow(this.firstWritten, size);
    }
  }

  /** Records the close of minute `minute` (epoch ms of its start) for series `id`. Older minutes are ignored. */
  write(id: number, minute: number, close: number): void {
    this.ensure(id);
    const m = minute / 60_000;
    const previous = this.lastWritten[id] ?? -1;
    if (previous >= 0 && m <= previous) return;
    const chunk = this.chunks[Math.floor(id / CHUNK)] as Float32Array;
    const offset = (id % CHUNK) * this.slots;
    if (previous >= 0) {
      const carried = chunk[offset + (previous % this.slots)] as number;
      for (let k = Math.max(previous + 1, m - this.slots + 1); k < m; k++)
        chunk[offset + (k % this.slots)] = carried;
    } else {
      this.firstWritten[id] = m;
    }
    chunk[offset + (m % this.slots)] = close;
    this.lastWritten[id] = m;
  }

  /**
   * Fills minutes from before what the ring holds for `id` (persisted history, at start-up): `minutes` are
   * minute starts in epoch ms, ascending. Minutes at or after the first one already written are left to the
   * live data; between two given minutes, and up to the first live one, the earlier close carries forward, as
   * live writes do.
   */
  backfill(id: number, minutes: ArrayLike<number>, closes: ArrayLike<number>): void {
    this.ensure(id);
    const last = this.lastWritten[id] ?? -1;
    if (last < 0) {
      for (let k = 0; k < minutes.length; k++) this.write(id, minutes[k] as number, closes[k] as number);
      return;
    }
    const first = this.firstWritten[id] as number;
    const floor = last - this.slots + 1;
    const chunk = this.chunks[Math.floor(id / CHUNK)] as Float32Array;
    const offset = (id % CHUNK) * this.slots;
    let earliest = -1;
    for (let k = 0; k < minutes.length; k++) {
      const m = (minutes[k] as number) / 60_000;
      if (m >= first) break;
      const next = Math.min(k + 1 < minutes.length ? (minutes[k + 1] as number) / 60_000 : first, first);
      for (let slot = Math.max(m, floor); slot < next; slot++)
        chunk[offset + (slot % this.slots)] = closes[k] as number;
      if (earliest < 0) earliest = m;
    }
    if (earliest >= 0) this.firstWritten[id] = earliest;
  }

  /** Epoch ms of the last minute written for `id`, or -1. */
  lastMinute(id: number): number {
    const m = this.lastWritten[id] ?? -1;
    return m < 0 ? -1 : m * 60_000;
  }

  /**
   * The close of minute `minute` for `id`: NaN before the first minute written or beyond the ring's memory.
   * A minute after the last one written answers the last close written (the caller knows whether a later
   * price exists).
   */
  at(id: number, minute: number): number {
    const last = this.lastWritten[id] ?? -1;
    if (last < 0) return Number.NaN;
    const m = minute / 60_000;
    if (m < (this.firstWritten[id] ?? 0) || m <= last - this.slots) return Number.NaN;
    const chunk = this.chunks[Math.floor(id / CHUNK)] as Float32Array;
    const slot = (Math.min(m, last) % this.slots) + (id % CHUNK) * this.slots;
    return chunk[slot] as number;
  }
}

function grow(array: Float64Array, size: number): Float64Array<ArrayBuffer> {
  const next = new Float64Array(size).fill(-1);
  next.set(array);
  return next;
}
