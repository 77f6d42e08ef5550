/**
 * Picks one page of ranked candidates without sorting them all: a bounded heap keeps the best
 * `start + limit` (O(n log k)), and only those are sorted. Deep pages fall back to a full sort.
 *
 * Order: fresh before stale (when stale flags are given), then by key in `direction` with NaN keys last,
 * then by position (stable, so equal keys keep the combination order).
 */
export function selectPage(
  count: number,
  keys: Float64Array,
  stale: Uint8Array | null,
  direction: 1 | -1,
  start: number,
  limit: number,
): number[] {
  const before = (a: number, b: number): boolean => {
    if (stale) {
      const sa = stale[a] as number;
      const sb = stale[b] as number;
      if (sa !== sb) return sa < sb;
    }
    const ka = keys[a] as number;
    const kb = keys[b] as number;
    const na = Number.isNaN(ka);
    const nb = Number.isNaN(kb);
    if (na !== nb) return nb;
    if (!na && ka !== kb) return direction === 1 ? ka < kb : ka > kb;
    return a < b;
  };
  const k = Math.min(count, start + limit);
  if (k <= 0 || start >= count) return [];
  if (k > 4_096 || k * 4 > count) {
    const all = Array.from({ length: count }, (_, i) => i);
    all.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    return all.slice(start, k);
  }
  // Max-heap on "worst first": the root is the candidate that would leave the top k first.
  const heap: number[] = [];
  const worse = (a: number, b: number) => before(b, a);
  for (let i = 0; i < count; i++) {
    if (heap.length < k) {
      heap.push(i);
      siftUp(heap, heap.length - 1, worse);
    } else if (before(i, heap[0] as number)) {
      heap[0] = i;
      siftDown(heap, 0, worse);
    }
  }
  heap.sort((a, b) => (before(a, b) ? -1 : 1));
  return heap.slice(start, k);
}

function siftUp(heap: number[], index: number, worse: (a: number, b: number) => boolean): void {
  let i = index;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!worse(heap[i] as number, heap[parent] as number)) return;
    [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
    i = parent;
  }
}

function siftDown(heap: number[], index: number, worse: (a: number, b: number) => boolean): void {
  let i = index;
  for (;;) {
    const left = 2 * i + 1;
    const right = left + 1;
    let top = i;
    if (left < heap.length && worse(heap[left] as number, heap[top] as number)) top = left;
    if (right < heap.length && worse(heap[right] as number, heap[top] as number)) top = right;
    if (top === i) return;
    [heap[i], heap[top]] = [heap[top] as number, heap[i] as number];
    i = top;
  }
}
