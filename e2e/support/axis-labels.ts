import type { Locator } from 'playwright-core';

export interface CutLabels {
  /** Price-axis canvases found in the chart (one per price scale). */
  readonly axes: number;
  /** Rows of ink in the axes' first and last device pixels: a label cut by the edge. */
  readonly top: number;
  readonly bottom: number;
}

/**
 * Whether a chart's price-axis labels are drawn cut by its top or bottom edge. lightweight-charts paints them
 * on a canvas, so this reads the canvas: a label cut by an edge leaves ink in the canvas's first or last row
 * of device pixels, while a whole label sits a few pixels inside.
 */
export function cutAxisLabels(chart: Locator): Promise<CutLabels> {
  return chart.evaluate((figure) => {
    const canvases = [...figure.querySelectorAll('canvas')];
    let pane = canvases[0];
    for (const c of canvases) if (pane && c.width * c.height > pane.width * pane.height) pane = c;
    // The price axis is the narrow cell beside the pane, its canvas as tall as the pane's.
    const axes = canvases.filter(
      (c) => pane && c !== pane && c.height === pane.height && c.width < pane.width / 3 && c.width > 20,
    );
    const edge = Math.max(1, Math.round(window.devicePixelRatio));
    let top = 0;
    let bottom = 0;
    for (const axis of axes) {
      const context = axis.getContext('2d');
      if (!context) continue;
      const { width, height } = axis;
      const pixels = context.getImageData(0, 0, width, height).data;
      const at = (width - 1) * 4 + Math.floor(height / 2) * width * 4;
      const background = [pixels[at] ?? 0, pixels[at + 1] ?? 0, pixels[at + 2] ?? 0];
      const rows = [
        ...Array.from({ length: edge }, (_, i) => ({ y: i, side: 'top' })),
        ...Array.from({ length: edge }, (_, i) => ({ y: height - 1 - i, side: 'bottom' })),
      ];
      for (const { y, side } of rows) {
        // The axis's own border runs down its left side: ink from the fifth pixel on is a label's.
        let ink = false;
        for (let x = 4; x < width && !ink; x++) {
          const i = (y * width + x) * 4;
          const delta =
            Math.abs((pixels[i] ?? 0) - (background[0] ?? 0)) +
            Math.abs((pixels[i + 1] ?? 0) - (background[1] ?? 0)) +
            Math.abs((pixels[i + 2] ?? 0) - (background[2] ?? 0));
          ink = delta > 60;
        }
        if (ink && side === 'top') top++;
        if (ink && side === 'bottom') bottom++;
      }
    }
    return { axes: axes.length, top, bottom };
  });
}

/**
 * The heights, in device pixels, of the runs of rows that carry ink on a chart's price axis: one run per label
 * when the axis is drawn once. A frame painted over the previous one without clearing it leaves labels of two
 * scales interleaved, which show as runs taller than one label (two labels overlapping) or of uneven height.
 */
export function axisLabelBands(chart: Locator): Promise<number[]> {
  return chart.evaluate((figure) => {
    const canvases = [...figure.querySelectorAll('canvas')];
    let pane = canvases[0];
    for (const c of canvases) if (pane && c.width * c.height > pane.width * pane.height) pane = c;
    const axis = canvases.find(
      (c) => pane && c !== pane && c.height === pane.height && c.width < pane.width / 3 && c.width > 20,
    );
    const context = axis?.getContext('2d');
    if (!axis || !context) return [];
    const { width, height } = axis;
    const pixels = context.getImageData(0, 0, width, height).data;
    const at = (width - 1) * 4 + Math.floor(height / 2) * width * 4;
    const background = [pixels[at] ?? 0, pixels[at + 1] ?? 0, pixels[at + 2] ?? 0];
    const bands: number[] = [];
    let run = 0;
    for (let y = 0; y < height; y++) {
      let ink = false;
      // The axis's border and tick marks sit in its first pixels: ink from the tenth pixel on is a label's.
      for (let x = 10; x < width && !ink; x++) {
        const i = (y * width + x) * 4;
        ink =
          Math.abs((pixels[i] ?? 0) - (background[0] ?? 0)) +
            Math.abs((pixels[i + 1] ?? 0) - (background[1] ?? 0)) +
            Math.abs((pixels[i + 2] ?? 0) - (background[2] ?? 0)) >
          60;
      }
      if (ink) run++;
      else if (run > 0) {
        bands.push(run);
        run = 0;
      }
    }
    if (run > 0) bands.push(run);
    return bands;
  });
}
