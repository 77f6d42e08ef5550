/**
 * Resolves once the browser has had the chance to paint what the page shows now: after the next frame's
 * callbacks and the task that follows them. A tab in the background paints no frames, so it resolves after
 * `limitMs` at the latest.
 */
export function afterNextPaint(limitMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const limit = setTimeout(resolve, limitMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(limit);
        resolve();
      }, 0),
    );
  });
}
