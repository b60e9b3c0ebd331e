// A weights file for <nw-train>, checked before its tensors are read: a .safetensors file
// (8-byte little-endian header length N, N bytes of JSON, the tensors) is read up to its first
// 8 + N bytes, and one that does not hold the tiny sort model, or holds more than it, is refused.
// The figure imports this module when the reader picks a file.
import { SORT, modelConfig } from './train-session.js';

/** Bytes per element of the dtypes the trainer loads (F16 and BF16 are widened to F32). */
const DTYPE_BYTES = Object.freeze({ F32: 4, F16: 2, BF16: 2 });

/** The longest header read; the model's own is under 4 KB. */
export const MAX_WEIGHTS_HEADER = 1 << 20;

/** The model's tensors ({ name, shape, numel }) in state-dict order, as the trainer names them. */
export function modelTensors(nw, normFirst) {
  const config = modelConfig(!!normFirst);
  const d = config.dModel;
  return [
    { name: 'embedding.weight', shape: [SORT.vocab, d], numel: SORT.vocab * d },
    ...nw
      .encoderParameters(config)
      .parameters.map((p) => ({ name: `encoder.${p.name}`, shape: [...p.shape], numel: p.numel })),
    { name: 'head.weight', shape: [SORT.classes, d], numel: SORT.classes * d },
    { name: 'head.bias', shape: [SORT.classes], numel: SORT.classes },
  ];
}

const shown = (v) => String(v).slice(0, 80);
const shapeText = (shape) => (Array.isArray(shape) ? `[${shape.map(shown).join(', ')}]` : shown(JSON.stringify(shape)));

/**
 * Checks a weights file (a Blob: a File from an input) against the model, reading only its
 * header. Answers { normFirst, needed } (the model it holds, its size in bytes), or
 * { refused: { key, vars } }: the web/i18n key of the reason and its values (sizes in bytes, as
 * text).
 * normFirst is the file's (metadata norm_first), else `normFirst` as given.
 */
export async function checkWeightsFile(file, nw, normFirst) {
  const size = file.size;
  // Sizes as the figure shows them (1,234,567 bytes in both languages).
  const count = (v) => v.toLocaleString('en-US');
  const refuse = (key, vars = {}) => ({ refused: { key, vars: { size: count(size), ...vars } } });
  const read = async (start, end) => new Uint8Array(await file.slice(start, end).arrayBuffer());
  const headerBytes = size >= 8 ? new DataView((await read(0, 8)).buffer).getBigUint64(0, true) : null;
  if (headerBytes === null || headerBytes > BigInt(Math.min(MAX_WEIGHTS_HEADER, size - 8)))
    return refuse('train.loadNotWeights');
  const n = Number(headerBytes);
  let header;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(await read(8, 8 + n)));
  } catch {
    header = null;
  }
  if (typeof header !== 'object' || header === null || Array.isArray(header)) return refuse('train.loadNotWeights');
  const meta = Object.hasOwn(header, '__metadata__') ? header.__metadata__ : undefined;
  const fileNormFirst = meta?.norm_first === undefined ? !!normFirst : meta.norm_first === 'true';
  const tensors = modelTensors(nw, fileNormFirst);
  const known = new Set(tensors.map((t) => t.name));
  for (const name of Object.keys(header)) {
    if (name !== '__metadata__' && !known.has(name)) return refuse('train.loadUnexpected', { tensor: shown(name) });
  }
  let data = 0;
  for (const t of tensors) {
    const h = Object.hasOwn(header, t.name) ? header[t.name] : null;
    if (typeof h !== 'object' || h === null)
      return refuse('train.loadMissing', { tensor: t.name, expected: shapeText(t.shape) });
    // dtype, shape and data offsets: one message names all three against the model's.
    const bytes = Object.hasOwn(DTYPE_BYTES, h.dtype) ? DTYPE_BYTES[h.dtype] : 0;
    const [start, end] = Array.isArray(h.data_offsets) ? h.data_offsets : [];
    const fits =
      bytes > 0 &&
      Array.isArray(h.shape) &&
      h.shape.length === t.shape.length &&
      h.shape.every((v, i) => v === t.shape[i]) &&
      Number.isSafeInteger(start) &&
      Number.isSafeInteger(end) &&
      start >= 0 &&
      end - start === t.numel * bytes;
    if (!fits)
      return refuse('train.loadTensor', {
        tensor: t.name,
        dtype: shown(h.dtype),
        shape: shapeText(h.shape),
        expected: shapeText(t.shape),
      });
    data += t.numel * bytes;
  }
  // Larger than the model needs (trailing bytes) or shorter (cut): refused before it is read.
  const needed = 8 + n + data;
  if (size !== needed)
    return refuse('train.loadSize', { needed: count(needed), header: count(8 + n), tensors: count(data) });
  return { normFirst: fileNormFirst, needed };
}
