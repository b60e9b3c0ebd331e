// Colour maps as 256-entry lookup tables (d3-scale-chromatic), so a heatmap costs one table read
// per cell while a slider is dragged.
import { interpolateRdBu, interpolateViridis } from 'd3-scale-chromatic';

function table(interpolate) {
  const lut = new Uint8ClampedArray(256 * 3);
  for (let i = 0; i < 256; i++) {
    // d3's interpolators return "rgb(r, g, b)" or "#rrggbb".
    const s = interpolate(i / 255);
    const rgb = s.startsWith('#')
      ? [1, 3, 5].map((k) => parseInt(s.slice(k, k + 2), 16))
      : s.match(/\d+/g).map(Number);
    lut.set(rgb.slice(0, 3), 3 * i);
  }
  return lut;
}

/** Diverging blue (−1) → white (0) → red (+1), for values in [−1, 1]. */
export const DIVERGING = table((t) => interpolateRdBu(1 - t));
/** Sequential, for non-negative values such as attention weights or distances. */
export const SEQUENTIAL = table(interpolateViridis);

/** CSS colour of value v in [lo, hi] on lut. */
export function cssColor(lut, v, lo, hi) {
  const k = Math.max(0, Math.min(255, Math.round(((v - lo) / (hi - lo)) * 255)));
  return `rgb(${lut[3 * k]}, ${lut[3 * k + 1]}, ${lut[3 * k + 2]})`;
}

/**
 * Paints a rows × cols matrix (row-major) into canvas, one canvas pixel per cell, values mapped
 * from [lo, hi] through lut. CSS scales the canvas (image-rendering: pixelated).
 * colIndex (optional) maps a drawn column to the source column, for re-ordered layouts.
 */
export function paintMatrix(canvas, data, rows, cols, { lo = -1, hi = 1, lut = DIVERGING, colIndex = null } = {}) {
  if (canvas.width !== cols) canvas.width = cols;
  if (canvas.height !== rows) canvas.height = rows;
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(cols, rows);
  const px = img.data;
  const scale = 255 / (hi - lo);
  for (let r = 0; r < rows; r++) {
    const base = r * cols;
    for (let c = 0; c < cols; c++) {
      const v = data[base + (colIndex ? colIndex[c] : c)];
      let k = ((v - lo) * scale + 0.5) | 0;
      k = k < 0 ? 0 : k > 255 ? 255 : k;
      const o = 4 * (base + c);
      px[o] = lut[3 * k];
      px[o + 1] = lut[3 * k + 1];
      px[o + 2] = lut[3 * k + 2];
      px[o + 3] = 255;
    }
  }
  ctx.putImageData(img, 0, 0);
}
