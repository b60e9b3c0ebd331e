// The colour-map machinery without d3: lookup tables read per cell, the sequential map (viridis)
// as a table of its own, and the painters. lib/colormap.js adds the diverging map, which d3-scale-
// chromatic computes; a figure that needs only SEQUENTIAL imports this module and so carries no d3.

// Viridis (van der Walt & Smith, CC0) as d3-scale-chromatic 3.1 ships it: its 256 colours, which
// d3's interpolateViridis(i / 255) returns for i = 0…255. Read here directly so that a figure using
// only SEQUENTIAL does not carry d3-scale-chromatic (~13 KB gzipped: its module keeps every scheme).
const VIRIDIS = [
  '44015444025645045745055946075a46085c460a5d460b5e470d60470e61471063471164471365481467481668481769',
  '48186a481a6c481b6d481c6e481d6f481f70482071482173482374482475482576482677482878482979472a7a472c7a',
  '472d7b472e7c472f7d46307e46327e46337f463480453581453781453882443983443a83443b84433d84433e85423f85',
  '4240864241864142874144874045884046883f47883f48893e49893e4a893e4c8a3d4d8a3d4e8a3c4f8a3c508b3b518b',
  '3b528b3a538b3a548c39558c39568c38588c38598c375a8c375b8d365c8d365d8d355e8d355f8d34608d34618d33628d',
  '33638d32648e32658e31668e31678e31688e30698e306a8e2f6b8e2f6c8e2e6d8e2e6e8e2e6f8e2d708e2d718e2c718e',
  '2c728e2c738e2b748e2b758e2a768e2a778e2a788e29798e297a8e297b8e287c8e287d8e277e8e277f8e27808e26818e',
  '26828e26828e25838e25848e25858e24868e24878e23888e23898e238a8d228b8d228c8d228d8d218e8d218f8d21908d',
  '21918c20928c20928c20938c1f948c1f958b1f968b1f978b1f988b1f998a1f9a8a1e9b8a1e9c891e9d891f9e891f9f88',
  '1fa0881fa1881fa1871fa28720a38620a48621a58521a68522a78522a88423a98324aa8325ab8225ac8226ad8127ad81',
  '28ae8029af7f2ab07f2cb17e2db27d2eb37c2fb47c31b57b32b67a34b67935b77937b87838b9773aba763bbb753dbc74',
  '3fbc7340bd7242be7144bf7046c06f48c16e4ac16d4cc26c4ec36b50c46a52c56954c56856c66758c7655ac8645cc863',
  '5ec96260ca6063cb5f65cb5e67cc5c69cd5b6ccd5a6ece5870cf5773d05675d05477d1537ad1517cd2507fd34e81d34d',
  '84d44b86d54989d5488bd6468ed64590d74393d74195d84098d83e9bd93c9dd93ba0da39a2da37a5db36a8db34aadc32',
  'addc30b0dd2fb2dd2db5de2bb8de29bade28bddf26c0df25c2df23c5e021c8e020cae11fcde11dd0e11cd2e21bd5e21a',
  'd8e219dae319dde318dfe318e2e418e5e419e7e419eae51aece51befe51cf1e51df4e61ef6e620f8e621fbe723fde725',
].join('');

function hexTable(hex) {
  const lut = new Uint8ClampedArray(256 * 3);
  for (let i = 0; i < lut.length; i++) lut[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return lut;
}

/** Sequential, for non-negative values such as attention weights or distances. */
export const SEQUENTIAL = hexTable(VIRIDIS);

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
      words[k] = LITTLE_ENDIAN
        ? ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0
        : ((r << 24) | (g << 16) | (b << 8) | 255) >>> 0;
    }
    packedTables.set(lut, words);
  }
  return words;
}
const images = new WeakMap(); // canvas → its ImageData, reused while the size stays

/**
 * Paints a rows × cols matrix (row-major) into canvas, one canvas pixel per cell, values mapped
 * from [lo, hi] through lut (a table of this module or lib/colormap.js). CSS scales the canvas
 * (image-rendering: pixelated).
 * colIndex (optional) maps a drawn column to the source column, for re-ordered layouts.
 * maxRows/maxCols (optional) cap the canvas at the pixels it is shown with: a larger matrix is
 * sampled (nearest cell), since painting cells that the screen cannot show only costs time.
 */
export function paintMatrix(
  canvas,
  data,
  rows,
  cols,
  { lo = -1, hi = 1, lut, colIndex = null, maxRows = rows, maxCols = cols } = {},
) {
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
