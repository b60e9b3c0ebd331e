// Colour maps as 256-entry lookup tables (d3-scale-chromatic), so a heatmap costs one table read
// per cell while a slider is dragged.
import { interpolateRdBu } from 'd3-scale-chromatic';
import { paintMatrix as paint } from './colormap-core.js';

export { SEQUENTIAL, cssColor } from './colormap-core.js';

function table(interpolate) {
  const lut = new Uint8ClampedArray(256 * 3);
  for (let i = 0; i < 256; i++) {
    // d3's interpolators return "rgb(r, g, b)" or "#rrggbb".
    const s = interpolate(i / 255);
    const rgb = s.startsWith('#') ? [1, 3, 5].map((k) => parseInt(s.slice(k, k + 2), 16)) : s.match(/\d+/g).map(Number);
    lut.set(rgb.slice(0, 3), 3 * i);
  }
  return lut;
}

/** Diverging blue (−1) → white (0) → red (+1), for values in [−1, 1]. */
export const DIVERGING = table((t) => interpolateRdBu(1 - t));

/** colormap-core.js's paintMatrix, with DIVERGING as the default lut. */
export function paintMatrix(canvas, data, rows, cols, opts = {}) {
  return paint(canvas, data, rows, cols, { ...opts, lut: opts.lut ?? DIVERGING });
}
