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

// The same lookup tables as packed RGBA words (alpha 255) in the platform's byte order, so a
// pixel is one 32-bit store.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const packedTables = new WeakMap();
function packed(lut) {
  let words = packedTables.get(lut);
  if (!words) {
    words = new Uint32Array(256);
    for (let k = 0; k < 256; k++) {
      const [r, g, b] = [lut[3 * k], lut[3 * k + 1], lut[3 * k + 2]];
      words[k] = LITTLE_ENDIAN ? ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0 : ((r << 24) | (g << 16) | (b << 8) | 255) >>> 0;
    }
    packedTables.set(lut, words);
  }
  return words;
}
const images = new WeakMap();  // canvas → its ImageData, reused while the size stays

/**
 * Paints a rows × cols matrix (row-major) into canvas, one canvas pixel per cell, values mapped
 * from [lo, hi] through lut. CSS scales the canvas (image-rendering: pixelated).
 * colIndex (optional) maps a drawn column to the source column, for re-ordered layouts.
 * maxRows/maxCols (optional) cap the canvas at the pixels it is shown with: a larger matrix is
 * sampled (nearest cell), since painting cells that the screen cannot show only costs time.
 */
export function paintMatrix(canvas, data, rows, cols, { lo = -1, hi = 1, lut = DIVERGING, colIndex = null, maxRows = rows, maxCols = cols } = {}) {
  const h = Math.max(1, Math.min(rows, maxRows));
  const w = Math.max(1, Math.min(cols, maxCols));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const ctx = canvas.getContext('2d');
  let img = images.get(canvas);
  if (!img || img.width !== w || img.height !== h) {
    img = ctx.createImageData(w, h);
    images.set(canvas, img);
  }
  const px = new Uint32Array(img.data.buffer);
  const words = packed(lut);
  const scale = 255 / (hi - lo);
  const offset = -lo * scale + 0.5;
  const source = new Int32Array(w);
  for (let c = 0; c < w; c++) {
    const col = w === cols ? c : Math.floor(((c + 0.5) * cols) / w);
    source[c] = colIndex ? colIndex[col] : col;
  }
  for (let r = 0; r < h; r++) {
    const row = (h === rows ? r : Math.floor(((r + 0.5) * rows) / h)) * cols;
    const base = r * w;
    for (let c = 0; c < w; c++) {
      let k = (data[row + source[c]] * scale + offset) | 0;
      k = k < 0 ? 0 : k > 255 ? 255 : k;
      px[base + c] = words[k];
    }
  }
  ctx.putImageData(img, 0, 0);
}
