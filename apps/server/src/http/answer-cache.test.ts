import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { AnswerCache } from './answer-cache.ts';
import { negotiate } from './cached-reply.ts';

function harness(options: ConstructorParameters<typeof AnswerCache>[2] = {}) {
  const clock = { version: 1, market: 1_000, wall: 5_000 };
  const cache = new AnswerCache(
    () => clock.version,
    () => clock.market,
    options,
    () => clock.wall,
  );
  let computed = 0;
  const table = (rows: number) => () => {
    computed++;
    return { data: Array.from({ length: rows }, (_, i) => ({ id: `row-${i}`, gap: i * 0.1 })) };
  };
  return { clock, cache, table, computed: () => computed };
}

describe('answer cache', () => {
  it('finds an answer by its tag after the market replaced it, within an eighth of the budget', () => {
    const { clock, cache, table } = harness({ coalesceMs: 0, maxBytes: 8 * 1_000 });
    const first = cache.answer('premium?{}', table(3));
    clock.version = 2;
    const second = cache.answer('premium?{}', table(4));
    // A page served the first answer a moment ago may still start its socket from it.
    expect(cache.byEtag('premium?{}', first.etag)?.raw).toEqual(first.raw);
    expect(cache.byEtag('premium?{}', second.etag)).toBe(second);
    expect(cache.byEtag('other?{}', first.etag)).toBeUndefined();
    expect(cache.byEtag('premium?{}', 'W/"made-up"')).toBeUndefined();
    // Replaced answers take at most 1,000 bytes here: a bigger one pushes the older out.
    clock.version = 3;
    cache.answer('premium?{}', table(30));
    clock.version = 4;
    cache.answer('premium?{}', table(2));
    expect(cache.byEtag('premium?{}', first.etag)).toBeUndefined();
  });

  it('computes a table once per market version and recomputes when the market moves', () => {
    const { clock, cache, table, computed } = harness({ coalesceMs: 0 });
    const first = cache.answer('premium?{}', table(3));
    expect(cache.answer('premium?{}', table(3))).toBe(first);
    expect(computed()).toBe(1);
    clock.version = 2;
    const second = cache.answer('premium?{}', table(4));
    expect(second).not.toBe(first);
    expect(second.version).toBe(2);
    expect(computed()).toBe(2);
    expect(second.etag).not.toBe(first.etag);
  });

  it('keeps a pinned answer (its key carries its own version) however the market and its clock move', () => {
    const { clock, cache, table, computed } = harness({ coalesceMs: 0, maxAgeMs: 1_000 });
    const wallets = cache.answer('wallets?{}#w7', table(1_500), JSON.stringify, true);
    clock.version = 2;
    clock.market += 60_000;
    clock.wall += 60_000;
    expect(cache.answer('wallets?{}#w7', table(1_500), JSON.stringify, true)).toBe(wallets);
    expect(computed()).toBe(1);
    // A new wallet version is a new key: computed afresh.
    expect(cache.answer('wallets?{}#w8', table(1_500), JSON.stringify, true)).not.toBe(wallets);
    expect(computed()).toBe(2);
  });

  it('gives the same bytes the same validator, whatever the version', () => {
    const { clock, cache, table } = harness({ coalesceMs: 0 });
    const first = cache.answer('a', table(3));
    clock.version = 9;
    expect(cache.answer('a', table(3)).etag).toBe(first.etag);
  });

  it('serves an answer younger than the coalescing window while the market moves, not after', () => {
    const { clock, cache, table, computed } = harness({ coalesceMs: 100 });
    cache.answer('a', table(3));
    clock.version = 2;
    clock.wall += 99;
    cache.answer('a', table(3));
    expect(computed()).toBe(1);
    clock.wall += 1;
    cache.answer('a', table(3));
    expect(computed()).toBe(2);
  });

  it('holds an answer given a hold for that long whatever the market and its clock do, then recomputes', () => {
    const { clock, cache, table, computed } = harness({ coalesceMs: 100, maxAgeMs: 1_000 });
    const page = cache.answer('page', table(3), JSON.stringify, false, 2_000);
    clock.version = 5;
    clock.market += 1_500;
    clock.wall += 1_999;
    expect(cache.answer('page', table(3), JSON.stringify, false, 2_000)).toBe(page);
    expect(computed()).toBe(1);
    clock.wall += 1;
    expect(cache.answer('page', table(3), JSON.stringify, false, 2_000)).not.toBe(page);
    expect(computed()).toBe(2);
  });

  it('serves a held answer past its hold for its stale time, made anew once a second later, then the new one', async () => {
    vi.useFakeTimers();
    try {
      const { clock, cache, table, computed } = harness();
      const rows = (answer: { raw: Buffer }) =>
        (JSON.parse(answer.raw.toString()) as { data: unknown[] }).data.length;
      const page = (rowCount: number) =>
        cache.answer('page', table(rowCount), JSON.stringify, false, 2_000, 10_000);
      const first = page(3);
      clock.version = 2;
      clock.wall += 2_500;
      // Past the hold: the same page at once, to every caller, while one drawing is due a second later.
      expect(page(4)).toBe(first);
      expect(page(4)).toBe(first);
      expect(computed()).toBe(1);
      await vi.advanceTimersByTimeAsync(999);
      expect(computed()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(computed()).toBe(2);
      const second = page(5);
      expect(rows(second)).toBe(4);
      // Past the hold and the stale time: the caller waits for a new one.
      clock.version = 3;
      clock.wall += 12_000;
      const third = page(6);
      expect(rows(third)).toBe(6);
      expect(computed()).toBe(3);
      // A drawing that fails drops the stale answer: the next caller draws it and meets the failure itself.
      clock.wall += 2_500;
      const broken = () =>
        cache.answer(
          'page',
          () => {
            throw new Error('render bug');
          },
          JSON.stringify,
          false,
          2_000,
          10_000,
        );
      expect(broken()).toBe(third);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(broken).toThrow('render bug');
    } finally {
      vi.useRealTimers();
    }
  });

  it('recomputes on the market clock even when nothing moved: staleness moves with time', () => {
    const { clock, cache, table, computed } = harness({ maxAgeMs: 1_000 });
    cache.answer('a', table(3));
    clock.market += 1_000;
    cache.answer('a', table(3));
    expect(computed()).toBe(1);
    clock.market += 1;
    cache.answer('a', table(3));
    expect(computed()).toBe(2);
  });

  it('keeps each query and view apart', () => {
    const { cache, table } = harness();
    const visitor = cache.answer('premium?{"limit":3}#visitor', table(1));
    const full = cache.answer('premium?{"limit":3}#full', table(2));
    expect(full).not.toBe(visitor);
    expect(cache.answer('premium?{"limit":3}#visitor', table(9))).toBe(visitor);
  });

  it('holds at most its byte budget, dropping the least recently used first', () => {
    const perAnswer = harness().cache.answer('x', harness().table(20)).raw.length;
    // Room for three answers, not four.
    const { cache, table } = harness({ maxBytes: perAnswer * 3 + perAnswer / 2 });
    cache.answer('a', table(20));
    cache.answer('b', table(20));
    cache.answer('a', table(20)); // a is now the most recent
    cache.answer('c', table(20));
    cache.answer('d', table(20)); // over budget: b goes first
    expect(cache.bytes).toBe(perAnswer * 3);
    const held = [...cache.held()].map((e) => e.key);
    expect(held).not.toContain('b');
    expect(held).toContain('a');
    expect(held.at(-1)).toBe('d');
    expect(cache.stats.evictions).toBeGreaterThan(0);
  });

  it('compresses once per answer and counts the compressed bytes in the budget', async () => {
    const { cache, table } = harness();
    const entry = cache.answer('a', table(500));
    const [br, br2, gz] = await Promise.all([
      cache.encode(entry, 'br'),
      cache.encode(entry, 'br'),
      cache.encode(entry, 'gzip'),
    ]);
    expect(br2).toBe(br);
    expect(cache.stats.compressions).toBe(2);
    expect(brotliDecompressSync(br).equals(entry.raw)).toBe(true);
    expect(gunzipSync(gz).equals(entry.raw)).toBe(true);
    expect(br.length).toBeLessThan(entry.raw.length / 4);
    expect(cache.bytes).toBe(entry.raw.length + br.length + gz.length);
  });

  it('compresses a small held answer (a drawn page) in the same turn of the loop; a large one, and any answer that misses at each market move, off it', async () => {
    const { cache, table } = harness({ syncCompressBytes: 50_000 });
    const arrival = async (rows: number, encoding: 'br' | 'gzip', holdMs = 2_000) => {
      const entry = cache.answer(`${rows}:${encoding}:${holdMs}`, table(rows), JSON.stringify, false, holdMs);
      const order: string[] = [];
      setImmediate(() => order.push('loop came round'));
      const bytes = await cache.encode(entry, encoding);
      order.push('compressed');
      await new Promise((resolve) => setImmediate(resolve));
      const inflated = encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes);
      return { order, size: entry.raw.length, same: inflated.equals(entry.raw) };
    };
    for (const encoding of ['br', 'gzip'] as const) {
      const small = await arrival(500, encoding);
      expect(small.size).toBeLessThan(50_000);
      expect(small).toMatchObject({ order: ['compressed', 'loop came round'], same: true });
      const large = await arrival(5_000, encoding);
      expect(large.size).toBeGreaterThan(50_000);
      expect(large).toMatchObject({ order: ['loop came round', 'compressed'], same: true });
      const unheld = await arrival(500, encoding, 0);
      expect(unheld).toMatchObject({ order: ['loop came round', 'compressed'], same: true });
    }
  });
});

describe('answers computed in slices', () => {
  /** A table computed in `slices` steps, counting computations and the slices run. */
  function sliced(rows: number, slices: number, counts = { computed: 0, sliceRuns: 0 }) {
    return {
      counts,
      steps: function* () {
        counts.computed++;
        for (let i = 0; i < slices; i++) {
          counts.sliceRuns++;
          yield;
        }
        return { data: Array.from({ length: rows }, (_, i) => ({ id: `row-${i}` })) };
      },
    };
  }

  it('lets the loop run between slices, and computes once for every caller waiting', async () => {
    const { cache } = harness();
    const table = sliced(3, 5);
    const order: string[] = [];
    const first = cache.answerSliced('premium', table.steps);
    const second = cache.answerSliced('premium', table.steps);
    setImmediate(() => order.push(`loop ran after ${table.counts.sliceRuns} slices`));
    const [a, b] = await Promise.all([first, second]);
    order.push('answered');
    expect(a).toBe(b);
    expect(table.counts.computed).toBe(1);
    expect(order[0]).toMatch(/^loop ran after [1-4] slices$/);
    expect(order.at(-1)).toBe('answered');
    expect(JSON.parse(a.raw.toString()).data).toHaveLength(3);
    // Current: served as it is, no new computation.
    expect(cache.answerSliced('premium', table.steps)).toBe(a);
    expect(table.counts.computed).toBe(1);
  });

  it("serves the answer it replaces while the market's newer one is computed, then the newer", async () => {
    const { clock, cache } = harness({ coalesceMs: 0, maxAgeMs: 1_000 });
    const old = await cache.answerSliced('premium', sliced(3, 2).steps);
    clock.version = 2;
    clock.market += 500;
    const newer = sliced(4, 3);
    // Within a second of the market: the old bytes at once, no wait.
    expect(cache.answerSliced('premium', newer.steps)).toBe(old);
    expect(cache.answerSliced('premium', newer.steps)).toBe(old);
    expect(newer.counts.computed).toBe(1);
    expect(cache.stats.stale).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const fresh = cache.answerSliced('premium', newer.steps);
    expect(fresh).not.toBe(old);
    expect((fresh as { version: number }).version).toBe(2);
    expect(newer.counts.computed).toBe(1);
  });

  it('reports a failed computation to the callers waiting for it, and to nobody else as an unhandled error', async () => {
    const { clock, cache } = harness({ coalesceMs: 0, maxAgeMs: 1_000 });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const old = await cache.answerSliced('premium', sliced(3, 1).steps);
      clock.version = 2;
      const failing = function* (): Generator<void, unknown> {
        yield;
        throw new Error('engine broke');
      };
      // Served the old answer: nobody awaits the failing computation.
      expect(cache.answerSliced('premium', failing)).toBe(old);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      // Too old to serve: the caller waits and gets the failure.
      clock.version = 3;
      clock.market += 2_000;
      await expect(cache.answerSliced('premium', failing)).rejects.toThrow('engine broke');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('makes callers wait for the computation when the answer it replaces is too old to serve', async () => {
    const { clock, cache } = harness({ coalesceMs: 0, maxAgeMs: 1_000 });
    const old = await cache.answerSliced('premium', sliced(3, 2).steps);
    clock.version = 2;
    clock.market += 1_001;
    const waiting = cache.answerSliced('premium', sliced(4, 2).steps);
    expect(waiting).toBeInstanceOf(Promise);
    const fresh = await waiting;
    expect(fresh).not.toBe(old);
    expect(JSON.parse(fresh.raw.toString()).data).toHaveLength(4);
  });
});

describe('content negotiation', () => {
  it('prefers brotli, falls back to gzip, honours q=0', () => {
    expect(negotiate('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiate('gzip, deflate')).toBe('gzip');
    expect(negotiate('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiate('gzip;q=0')).toBeNull();
    expect(negotiate('identity')).toBeNull();
    expect(negotiate('*')).toBe('gzip');
    expect(negotiate(undefined)).toBeNull();
  });
});
