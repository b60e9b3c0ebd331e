// The two PE layouts readers meet. The library computes the paper's interleaved table
// (dim 2i = sin, 2i+1 = cos); the concatenated layout of tensor2tensor, [sin … | cos …], is the
// same numbers with the columns re-ordered, so figures draw it through a column index.
const cache = new Map();

/** For each drawn column, the column of the interleaved table it shows. */
export function layoutColumns(layout, dModel) {
  const key = `${layout}:${dModel}`;
  let idx = cache.get(key);
  if (!idx) {
    idx = new Int32Array(dModel);
    const half = Math.ceil(dModel / 2);
    for (let c = 0; c < dModel; c++) idx[c] = layout === 'concat' ? (c < half ? 2 * c : 2 * (c - half) + 1) : c;
    cache.set(key, idx);
  }
  return idx;
}
