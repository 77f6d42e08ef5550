// The frame measurement both table benches share (web-table-bench.tsx, token-list-bench.tsx): one vsync of
// this browser, the table's scroller moved every animation frame, and the time between frames read with
// requestAnimationFrame, late frames counted by the Long Tasks and Long Animation Frames observers. Kept in one
// place so the premium table and the token list are timed exactly the same way.

/** A deterministic generator, so every run moves the same rows by the same amounts. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

export const round = (value: number) => Math.round(value * 100) / 100;

/** The time between frames of an idle page: one vsync (performance.now() is coarsened to 0.1 ms). */
export function measureVsync(): Promise<number> {
  return new Promise((resolve) => {
    const deltas: number[] = [];
    let last = 0;
    const frame = (now: number) => {
      if (last > 0) deltas.push(now - last);
      last = now;
      if (deltas.length < 60) requestAnimationFrame(frame);
      else
        resolve(
          percentile(
            [...deltas].sort((a, b) => a - b),
            50,
          ),
        );
    };
    requestAnimationFrame(frame);
  });
}

/**
 * A frame interval as a whole number of vsyncs when it is one give or take the clock's coarsening. Animation
 * frames start on vsync, so intervals are whole vsyncs, but performance.now() is coarsened to 0.1 ms and the
 * vsync measured as 16.7 ms is 16.67: one vsync reads 16.6, 16.7 or 16.8, and a p95 of 16.8 would fail the
 * 16.7 ms target with no frame late. Only that jitter is removed: an interval more than 0.5 ms from a whole
 * number of vsyncs is kept as read, and a late frame is still at least two vsyncs.
 */
export function onVsync(interval: number, vsync: number): number {
  const frames = Math.max(1, Math.round(interval / vsync));
  return Math.abs(interval - frames * vsync) <= 0.5 ? frames * vsync : interval;
}

export interface FrameOptions {
  /** The table's scroll box; null: nothing scrolls (the idle page). */
  readonly scroller: HTMLElement | null;
  readonly vsync: number;
  readonly durationMs: number;
  readonly scroll: boolean;
  /** Pixels the scroller moves each frame, down until the bottom, then back up. */
  readonly stepPx: number;
  /**
   * Instead of a step a frame, a speed: each frame moves as far as the time since the last one carries it (a
   * fling), so a late frame does not slow the sweep and the run reaches the bottom on a loaded machine too.
   */
  readonly pxPerSecond?: number;
}

export interface FrameFigures {
  frames: number;
  vsync_ms: number;
  frame_p50_ms: number;
  frame_p95_ms: number;
  frame_p99_ms: number;
  frame_max_ms: number;
  /** The p95 of the intervals as read, before snapping them to whole vsyncs (onVsync). */
  frame_p95_raw_ms: number;
  dropped_frames_pct: number;
  tasks_over_50ms: number;
  /** Frames that took over 50 ms from start to paint (Long Animation Frames API), and their blocking time. */
  long_animation_frames: number;
  long_animation_frames_blocking_ms: number;
  /** The scroller's range and the deepest point the run scrolled to; 1 when it touched the bottom. */
  scroll_range_px: number;
  scroll_max_px: number;
  reached_bottom: number;
  duration_ms: number;
}

/** Scrolls the scroller `stepPx` every frame for `durationMs` and reads the time between frames. */
export function measureFrames(options: FrameOptions): Promise<FrameFigures & { elapsedMs: number }> {
  const { scroller, vsync } = options;
  return new Promise((resolve) => {
    const deltas: number[] = [];
    let longTasks = 0;
    const observer = new PerformanceObserver((list) => {
      longTasks += list.getEntries().length;
    });
    try {
      observer.observe({ type: 'longtask' });
    } catch {
      // No long-task timing in this browser: the count stays 0.
    }
    let longFrames = 0;
    let longFramesBlocking = 0;
    const frames = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        longFrames++;
        longFramesBlocking +=
          (entry as PerformanceEntry & { blockingDuration?: number }).blockingDuration ?? 0;
      }
    });
    try {
      frames.observe({ type: 'long-animation-frame' });
    } catch {
      // No Long Animation Frames API: the count stays 0.
    }
    let last = 0;
    let direction = 1;
    let deepest = 0;
    let bottom = false;
    const started = performance.now();
    const frame = (now: number) => {
      if (last > 0) deltas.push(now - last);
      last = now;
      if (scroller && options.scroll) {
        const end = scroller.scrollHeight - scroller.clientHeight;
        if (scroller.scrollTop >= end - 2) {
          direction = -1;
          bottom = true;
        }
        if (scroller.scrollTop <= 0) direction = 1;
        const step =
          options.pxPerSecond === undefined
            ? options.stepPx
            : (options.pxPerSecond * (deltas.at(-1) ?? vsync)) / 1000;
        scroller.scrollTop += step * direction;
        deepest = Math.max(deepest, scroller.scrollTop);
      }
      if (now - started < options.durationMs) {
        requestAnimationFrame(frame);
        return;
      }
      observer.disconnect();
      frames.disconnect();
      const sorted = deltas.map((d) => onVsync(d, vsync)).sort((a, b) => a - b);
      const raw = [...deltas].sort((a, b) => a - b);
      const elapsed = now - started;
      resolve({
        frames: deltas.length,
        vsync_ms: round(vsync),
        frame_p50_ms: round(percentile(sorted, 50)),
        frame_p95_ms: round(percentile(sorted, 95)),
        frame_p99_ms: round(percentile(sorted, 99)),
        frame_max_ms: round(sorted.at(-1) ?? Number.NaN),
        frame_p95_raw_ms: round(percentile(raw, 95)),
        // A frame that took over 1.5 vsyncs showed late: at least one refresh went by without a new picture.
        dropped_frames_pct: round((100 * deltas.filter((d) => d > 1.5 * vsync).length) / deltas.length),
        tasks_over_50ms: longTasks,
        long_animation_frames: longFrames,
        long_animation_frames_blocking_ms: Math.round(longFramesBlocking),
        scroll_range_px: scroller ? scroller.scrollHeight - scroller.clientHeight : 0,
        scroll_max_px: Math.round(deepest),
        reached_bottom: bottom ? 1 : 0,
        duration_ms: Math.round(elapsed),
        elapsedMs: elapsed,
      });
    };
    requestAnimationFrame(frame);
  });
}

/** Hands the page's figures to the bench driver (bench/web-table.ts waits for one of the two). */
export function publish(result: object): void {
  (window as unknown as { benchResult: object }).benchResult = result;
}

/** A run that cannot be measured (the table did not render its rows): the driver throws with this message. */
export function fail(message: string): void {
  (window as unknown as { benchError: string }).benchError = message;
}
