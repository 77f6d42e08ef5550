import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/** One serialized answer: its bytes, and each compressed form once someone asked for it. */
export interface CachedAnswer {
  readonly key: string;
  /** The market version it was computed at. */
  readonly version: number;
  /** Wall time it was computed at (coalescing), and the market clock then (freshness flags move with it). */
  readonly at: number;
  readonly marketAt: number;
  readonly raw: Buffer;
  /** Weak validator of the bytes: the same table at another version with the same bytes still revalidates. */
  readonly etag: string;
  readonly encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** Bytes held: raw plus every compressed form finished. */
  bytes: number;
  /** Its key names everything it depends on: current until replaced or evicted, whatever the market does. */
  readonly pinned?: boolean;
  /** Wall ms it stays current however the market moves, when longer than the cache's coalescing. */
  readonly holdMs?: number;
}

export interface AnswerCacheOptions {
  /** Bytes kept (raw and compressed together); the least recently used answers go first. */
  readonly maxBytes?: number;
  /**
   * An answer younger than this (wall ms) is served even if the market moved meanwhile: under a live feed the
   * version moves with every quote (the simulator's every 100 ms), and a table recomputed per move would cost
   * more than every request it serves; a reader gains nothing from a table newer by less than half the
   * WebSocket's real-time push period (500 ms). 0: every market move recomputes.
   */
  readonly coalesceMs?: number;
  /**
   * An answer older than this on the market clock is recomputed even when the market did not move: staleness
   * flags and `updatedAt` move with the clock.
   */
  readonly maxAgeMs?: number;
  /** Answers shorter than this are sent uncompressed (the headers would outweigh the gain). */
  readonly minCompressBytes?: number;
  /** Held answers up to this size are compressed on the event loop (see encode). */
  readonly syncCompressBytes?: number;
}

/**
 * Brotli at quality 4 takes about 1 ms per 100 KB here (the 340 KB drawn page 3.5 ms with the market running).
 * Off the loop, its caller waits instead for the loop to come round to the result, which behind the market's
 * work measured 60-130 ms on a loaded two-core machine.
 */
const SYNC_COMPRESS_BYTES = 512 * 1024;

export const DEFAULT_ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Market answers (tables, lists, the index) serialized once per (route, canonical query, caller's view,
 * market version) and served as the same bytes — raw, brotli or gzip — to every caller until the market moves.
 * Bounded by bytes, least recently used first out.
 */
export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private heldBytes = 0;
  /**
   * Answers replaced under their key (the market moved), by key and ETag, oldest first, within an eighth of the
   * byte budget: a page served one of them a moment ago may still start its WebSocket from it (`byEtag`).
   */
  private readonly retired = new Map<string, CachedAnswer>();
  private retiredBytes = 0;
  private readonly maxBytes: number;
  private readonly coalesceMs: number;
  private readonly maxAgeMs: number;
  readonly minCompressBytes: number;
  private readonly syncCompressBytes: number;
  /** Counters for operators and the benchmark. */
  readonly stats = { hits: 0, misses: 0, evictions: 0, compressions: 0, stale: 0 };
  /** Sliced answers being computed, by key: every caller of a key shares one computation. */
  private readonly computing = new Map<string, Promise<CachedAnswer>>();
  /** Keys of held answers served past their hold, to be made anew (redrawSoon). */
  private readonly redrawing = new Set<string>();

  constructor(
    private readonly version: () => number,
    private readonly marketNow: () => number,
    options: AnswerCacheOptions = {},
    private readonly wallNow: () => number = Date.now,
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_ANSWER_CACHE_BYTES;
    this.coalesceMs = options.coalesceMs ?? 250;
    this.maxAgeMs = options.maxAgeMs ?? 1_000;
    this.minCompressBytes = options.minCompressBytes ?? 1_024;
    this.syncCompressBytes = options.syncCompressBytes ?? SYNC_COMPRESS_BYTES;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.heldBytes;
  }

  /** Every answer held, least recently used first. */
  held(): IterableIterator<CachedAnswer> {
    return this.entries.values();
  }

  /**
   * The answer under `key` if it still shows the market, else a new one from `compute` (kept), serialized as
   * JSON unless `serialize` says otherwise (the served page is HTML). A `pinned` answer does not follow the
   * market at all: its key carries its own version (a wallet table's), so it is current until that moves.
   * `holdMs` keeps a costly answer (a drawn page) for that long whatever the market does: its reader goes live
   * from it at once (the WebSocket joins from the table it carries). For `staleMs` past its hold it is still
   * served, and made anew after that caller has been answered (redrawSoon), so a visitor after a quiet spell
   * does not wait for the drawing either.
   */
  answer(
    key: string,
    compute: () => unknown,
    serialize: (value: unknown) => string = JSON.stringify,
    pinned = false,
    holdMs = 0,
    staleMs = 0,
  ): CachedAnswer {
    const found = this.entries.get(key);
    if (found && this.isCurrent(found)) return this.hit(found);
    if (found?.holdMs !== undefined && this.wallNow() - found.at < found.holdMs + staleMs) {
      this.stats.stale++;
      this.redrawSoon(found, () => Buffer.from(serialize(compute())));
      return this.hit(found);
    }
    this.stats.misses++;
    // Read the version before computing: an event landing meanwhile must not be taken as included.
    const version = this.version();
    const marketAt = this.marketNow();
    return this.store(key, version, marketAt, Buffer.from(serialize(compute())), pinned, holdMs);
  }

  /**
   * answer() for a costly market answer computed in slices (`steps` yields between them, and the event loop
   * serves everything else in between), so no request waits behind a whole computation. While a newer answer
   * is computed, callers get the one it replaces if that is within maxAgeMs of the market (stale while
   * revalidating: its freshness is in its bytes); with none, they wait for the computation, one for them all.
   */
  answerSliced(key: string, steps: () => Generator<void, unknown>): Promise<CachedAnswer> | CachedAnswer {
    const found = this.entries.get(key);
    if (found && this.isCurrent(found)) return this.hit(found);
    let pending = this.computing.get(key);
    if (!pending) {
      this.stats.misses++;
      pending = this.computeSliced(key, steps).finally(() => this.computing.delete(key));
      // Callers served the answer it replaces never await it: a failure must not go unhandled (and end the process).
      pending.catch(() => {});
      this.computing.set(key, pending);
    }
    if (found && this.marketNow() - found.marketAt <= this.maxAgeMs) {
      this.stats.stale++;
      return found;
    }
    return pending;
  }

  private async computeSliced(key: string, steps: () => Generator<void, unknown>): Promise<CachedAnswer> {
    const version = this.version();
    const marketAt = this.marketNow();
    const run = steps();
    for (let step = run.next(); ; step = run.next()) {
      if (step.done) return this.store(key, version, marketAt, Buffer.from(JSON.stringify(step.value)));
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * Makes a held answer served past its hold anew, once, REDRAW_AFTER_MS later: the caller it was served to has
   * fetched what the page loads by then, rather than waiting behind the drawing. One that fails is dropped, so
   * the next caller computes it and meets the failure in its own answer.
   */
  private redrawSoon(found: CachedAnswer, make: () => Buffer): void {
    if (this.redrawing.has(found.key)) return;
    this.redrawing.add(found.key);
    setTimeout(() => {
      this.redrawing.delete(found.key);
      // Replaced or dropped meanwhile: nothing to redraw.
      if (this.entries.get(found.key) !== found) return;
      const version = this.version();
      const marketAt = this.marketNow();
      let raw: Buffer;
      try {
        raw = make();
      } catch {
        this.remove(found);
        return;
      }
      this.store(found.key, version, marketAt, raw, false, found.holdMs);
    }, REDRAW_AFTER_MS).unref();
  }

  private hit(found: CachedAnswer): CachedAnswer {
    this.stats.hits++;
    // Map order is the recency order: move it to the back.
    this.entries.delete(found.key);
    this.entries.set(found.key, found);
    return found;
  }

  /** Keeps a computed answer under `key`, retiring the one it replaces. */
  private store(
    key: string,
    version: number,
    marketAt: number,
    raw: Buffer,
    pinned = false,
    holdMs = 0,
  ): CachedAnswer {
    const found = this.entries.get(key);
    if (found) {
      this.remove(found);
      this.retire(found);
    }
    const entry: CachedAnswer = {
      key,
      version,
      at: this.wallNow(),
      marketAt,
      raw,
      etag: etagOf(raw),
      encoded: {},
      bytes: raw.length,
      ...(pinned ? { pinned } : {}),
      ...(holdMs > this.coalesceMs ? { holdMs } : {}),
    };
    this.entries.set(key, entry);
    this.heldBytes += entry.bytes;
    this.evict();
    return entry;
  }

  /**
   * The answer under `key` with ETag `etag`, current or recently replaced, without touching its recency: what a
   * client that fetched it may still hold (a WebSocket subscription starting from it, ws/held-tables.ts).
   */
  byEtag(key: string, etag: string): CachedAnswer | undefined {
    const found = this.entries.get(key);
    if (found?.etag === etag) return found;
    return this.retired.get(`${key}\n${etag}`);
  }

  private retire(entry: CachedAnswer): void {
    const id = `${entry.key}\n${entry.etag}`;
    const before = this.retired.get(id);
    if (before) this.retiredBytes -= before.raw.length;
    this.retired.delete(id);
    // The bytes only: its compressed forms are for HTTP, which is served the current answer.
    this.retired.set(id, { ...entry, encoded: {}, bytes: entry.raw.length });
    this.retiredBytes += entry.raw.length;
    for (const [oldId, oldest] of this.retired) {
      if (this.retiredBytes <= this.maxBytes / 8) return;
      this.retired.delete(oldId);
      this.retiredBytes -= oldest.raw.length;
    }
  }

  /**
   * The answer's bytes in `encoding`, compressed once and kept beside the raw bytes. A held answer (a drawn
   * page, made at most once per hold) is compressed at once when small enough, so every caller waiting for it
   * is answered in this turn of the loop. The others, which may miss at every market move under thousands of
   * requests a second, go to the thread pool: on the loop they measured p99 378-718 ms against 91-256 ms in
   * the paid API's bench.
   */
  encode(entry: CachedAnswer, encoding: Encoding): Promise<Buffer> {
    let pending = entry.encoded[encoding];
    if (!pending) {
      this.stats.compressions++;
      const now = entry.holdMs !== undefined && entry.raw.length <= this.syncCompressBytes;
      const compressed =
        encoding === 'br'
          ? now
            ? Promise.resolve(
                brotliCompressSync(entry.raw, brotliOptions(entry.raw.length, HELD_BROTLI_QUALITY)),
              )
            : brotli(entry.raw, brotliOptions(entry.raw.length, BROTLI_QUALITY))
          : now
            ? Promise.resolve(gzipSync(entry.raw, GZIP_OPTIONS))
            : gzipAsync(entry.raw, GZIP_OPTIONS);
      pending = compressed.then((bytes) => {
        // Counted only while still cached: an evicted entry's bytes leave with it.
        if (this.entries.get(entry.key) === entry) {
          entry.bytes += bytes.length;
          this.heldBytes += bytes.length;
          this.evict();
        }
        return bytes;
      });
      entry.encoded[encoding] = pending;
    }
    return pending;
  }

  private isCurrent(entry: CachedAnswer): boolean {
    if (entry.pinned) return true;
    if (entry.holdMs !== undefined) return this.wallNow() - entry.at < entry.holdMs;
    if (this.marketNow() - entry.marketAt > this.maxAgeMs) return false;
    return entry.version === this.version() || this.wallNow() - entry.at < this.coalesceMs;
  }

  private remove(entry: CachedAnswer): void {
    this.entries.delete(entry.key);
    this.heldBytes -= entry.bytes;
  }

  private evict(): void {
    for (const oldest of this.entries.values()) {
      if (this.heldBytes <= this.maxBytes) return;
      this.remove(oldest);
      this.stats.evictions++;
    }
  }
}

/** The weak validator of serialized bytes: the same bytes, wherever they were serialized, give the same tag. */
export function etagOf(raw: Buffer | string): string {
  return `W/"${createHash('sha1').update(raw).digest('base64url')}"`;
}

/** How long after serving a held answer past its hold it is made anew (redrawSoon). */
const REDRAW_AFTER_MS = 1_000;

const GZIP_OPTIONS = { level: 6 };

/** Quality 5: about gzip's speed at a third smaller output; 11 would take ~50× longer per table. */
const BROTLI_QUALITY = 5;
/**
 * A held answer (the drawn page) is compressed on the loop while its first visitor waits: quality 4 took a
 * little over half of quality 5's time on the 340 KB page (3.5 against 6.0 ms; 6.0 against 18.7 ms on a busy
 * machine) for 5 % more bytes (44.0 against 42.0 KB).
 */
const HELD_BROTLI_QUALITY = 4;

function brotliOptions(size: number, quality: number) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}
