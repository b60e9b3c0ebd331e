// Writes the seed corpus in tests/fuzz/corpus/<target>/ (committed; rerun after changing a
// target's input format):  node tests/fuzz/make_corpus.mjs
// Seeds are small valid inputs that reach deep into each target; crashes found later are added
// beside them as regression-<what>.bin files, which this script leaves alone.
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { readOpTable } from '../../scripts/op-table.mjs';

const root = new URL('./corpus/', import.meta.url);
const golden = new URL('../golden/', import.meta.url);

let seed = 12345;
const rand = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;

// header: { name: { dtype, shape, data? } }, data as Uint8Array of the exact byte length.
function safetensors(tensors, metadata) {
  const header = {};
  const chunks = [];
  let offset = 0;
  if (metadata) header.__metadata__ = metadata;
  for (const [name, { dtype, shape, bytes }] of Object.entries(tensors)) {
    header[name] = { dtype, shape, data_offsets: [offset, offset + bytes.length] };
    chunks.push(bytes);
    offset += bytes.length;
  }
  let json = JSON.stringify(header);
  while (json.length % 8) json += ' ';
  const head = new TextEncoder().encode(json);
  const out = new Uint8Array(8 + head.length + offset);
  new DataView(out.buffer).setBigUint64(0, BigInt(head.length), true);
  out.set(head, 8);
  let at = 8 + head.length;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const f32 = (values) => new Uint8Array(Float32Array.from(values).buffer);
// Finite halves / bfloat16s below 2 in magnitude: exponent bits kept small.
const f16 = (n) =>
  new Uint8Array(
    Uint16Array.from(
      { length: n },
      () => (rand() < 0.5 ? 0x8000 : 0) | (Math.floor(rand() * 16) << 10) | Math.floor(rand() * 1024),
    ).buffer,
  );
const bf16 = (n) =>
  new Uint8Array(
    Uint16Array.from(
      { length: n },
      () => (rand() < 0.5 ? 0x8000 : 0) | ((100 + Math.floor(rand() * 28)) << 7) | Math.floor(rand() * 128),
    ).buffer,
  );

function write(target, name, bytes) {
  const dir = new URL(`${target}/`, root);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL(name, dir), bytes);
}

// --- fuzz_safetensors ---------------------------------------------------------------------
for (const g of ['layernorm_5x37', 'batchnorm_6x13', 'pe_d7_base10000']) {
  write('fuzz_safetensors', `golden-${g}.safetensors`, readFileSync(new URL(`${g}.safetensors`, golden)));
}
write('fuzz_safetensors', 'empty-header.safetensors', safetensors({}));
write(
  'fuzz_safetensors',
  'dtypes.safetensors',
  safetensors(
    {
      a: { dtype: 'F32', shape: [2, 3], bytes: f32([1, -2, 0.5, Infinity, NaN, -0]) },
      'h\u00e9\u{1F600}': {
        dtype: 'F16',
        shape: [5],
        bytes: new Uint8Array(Uint16Array.from([0x0001, 0x03ff, 0x3c00, 0x7c00, 0xfe01]).buffer),
      },
      b: { dtype: 'BF16', shape: [1, 4], bytes: bf16(4) },
      i: { dtype: 'I64', shape: [2], bytes: new Uint8Array(16) },
      z: { dtype: 'F32', shape: [0, 7], bytes: new Uint8Array(0) },
      s: { dtype: 'F32', shape: [], bytes: f32([3]) },
    },
    { format: 'pt', 'k\\"\n': 'v' },
  ),
);
write(
  'fuzz_safetensors',
  'unknown-keys.safetensors',
  (() => {
    const json =
      '{"t":{"x":[{"a":null,"b":[true,false,-1.5e-3]}],"dtype":"F32","shape":[1],"data_offsets":[0,4]},"__metadata__":{"\\u00e9\\ud83d\\ude00":"\\n"}}';
    const head = new TextEncoder().encode(json);
    const out = new Uint8Array(8 + head.length + 4);
    new DataView(out.buffer).setBigUint64(0, BigInt(head.length), true);
    out.set(head, 8);
    return out;
  })(),
);

// A file from raw header text and data bytes, with an optional claimed header length.
function raw(json, data = new Uint8Array(0), claimed = undefined) {
  const head = new TextEncoder().encode(json);
  const out = new Uint8Array(8 + head.length + data.length);
  new DataView(out.buffer).setBigUint64(0, BigInt(claimed ?? head.length), true);
  out.set(head, 8);
  out.set(data, 8 + head.length);
  return out;
}
const entry = (name, dtype, shape, begin, end) =>
  `${JSON.stringify(name)}:{"dtype":"${dtype}","shape":[${shape.join(',')}],"data_offsets":[${begin},${end}]}`;

// The format's own rules (data offsets, trailing data, the header's length, dtypes): each seed is
// one step from the boundary.
write(
  'fuzz_safetensors',
  'rule-overlap.safetensors',
  raw(`{${entry('a', 'F32', [2], 0, 8)},${entry('b', 'F32', [2], 4, 12)}}`, new Uint8Array(12)),
);
write(
  'fuzz_safetensors',
  'rule-gap.safetensors',
  raw(`{${entry('b', 'F32', [1], 8, 12)},${entry('a', 'F32', [1], 0, 4)}}`, new Uint8Array(12)),
);
write(
  'fuzz_safetensors',
  'rule-first-not-at-0.safetensors',
  raw(`{${entry('w', 'F32', [1], 4, 8)}}`, new Uint8Array(8)),
);
write(
  'fuzz_safetensors',
  'rule-trailing-data.safetensors',
  raw(`{${entry('x', 'U8', [2], 0, 2)}}`, new Uint8Array(10)),
);
write('fuzz_safetensors', 'rule-no-tensor-with-data.safetensors', raw('{}', new Uint8Array(3)));
write(
  'fuzz_safetensors',
  'rule-empty-tensors-at-boundaries.safetensors',
  raw(
    `{${[
      entry('c', 'F32', [0], 12, 12),
      entry('b', 'F32', [2], 4, 12),
      entry('e', 'F32', [3, 0], 4, 4),
      entry('z', 'U8', [0], 0, 0),
      entry('a', 'F32', [1], 0, 4),
    ].join(',')},"__metadata__":null}`,
    f32([1, 2, 3]),
  ),
);
write(
  'fuzz_safetensors',
  'rule-sub-byte-dtypes.safetensors',
  raw(
    `{${[
      entry('f4', 'F4', [4], 0, 2),
      entry('f6', 'F6_E2M3', [4], 2, 5),
      entry('c', 'C64', [1], 5, 13),
      entry('odd', 'F4', [3], 13, 15),
    ].join(',')}}`,
    new Uint8Array(15),
  ),
);
// Only the 8-byte length is read: 100,000,001 is over the limit, 100,000,000 runs past the end.
write('fuzz_safetensors', 'rule-header-100000001.safetensors', raw('{}', new Uint8Array(0), 100_000_001));
write('fuzz_safetensors', 'rule-header-100000000.safetensors', raw('{}', new Uint8Array(0), 100_000_000));
// The dimension cap: 64 dimensions load, 65 and 4096 are refused.
const ones = (n) => Array(n).fill(1);
write('fuzz_safetensors', 'dims-64.safetensors', raw(`{${entry('t', 'F32', ones(64), 0, 4)}}`, f32([1])));
write('fuzz_safetensors', 'dims-65.safetensors', raw(`{${entry('t', 'F32', ones(65), 0, 4)}}`, f32([1])));
write('fuzz_safetensors', 'dims-4096.safetensors', raw(`{${entry('t', 'F32', ones(4096), 0, 4)}}`, f32([1])));
// Many small entries, where the parser's memory per header byte is highest.
write(
  'fuzz_safetensors',
  'many-entries.safetensors',
  raw(
    `{${Array.from({ length: 300 }, (_, i) => entry(String(i), 'U8', i % 3 ? [1] : [], i, i + 1)).join(
      ',',
    )},"__metadata__":{${Array.from({ length: 300 }, (_, i) => `"${i}":""`).join(',')}}}`,
    new Uint8Array(300),
  ),
);

// --- fuzz_load_parameters -------------------------------------------------------------------
const DFF = [1, 2, 3, 4, 7, 8, 16, 32];

function specs({ d, ff, layers, finalNorm }) {
  const out = [];
  for (let l = 0; l < layers; l++) {
    const p = `layers.${l}.`;
    out.push(
      [`${p}self_attn.in_proj_weight`, [3 * d, d]],
      [`${p}self_attn.in_proj_bias`, [3 * d]],
      [`${p}self_attn.out_proj.weight`, [d, d]],
      [`${p}self_attn.out_proj.bias`, [d]],
      [`${p}linear1.weight`, [ff, d]],
      [`${p}linear1.bias`, [ff]],
      [`${p}linear2.weight`, [d, ff]],
      [`${p}linear2.bias`, [d]],
      [`${p}norm1.weight`, [d]],
      [`${p}norm1.bias`, [d]],
      [`${p}norm2.weight`, [d]],
      [`${p}norm2.bias`, [d]],
    );
  }
  if (finalNorm) out.push(['norm.weight', [d]], ['norm.bias', [d]]);
  return out;
}

// cfg: heads, hd, ffIndex, layers (1|2), normFirst, finalNorm, gelu, strict, prefix, run (0..7)
function loadSeed(name, cfg, dtype) {
  const d = cfg.heads * cfg.hd;
  const b0 = (cfg.heads - 1) | ((cfg.hd - 1) << 2) | (cfg.ffIndex << 4) | (cfg.strict ? 0x80 : 0);
  const b1 =
    (cfg.layers - 1) |
    (cfg.normFirst ? 2 : 0) |
    (cfg.finalNorm ? 4 : 0) |
    (cfg.gelu ? 8 : 0) |
    (cfg.prefix ? 16 : 0) |
    (cfg.run << 5);
  const tensors = {};
  for (const [n, shape] of specs({ d, ff: DFF[cfg.ffIndex], layers: cfg.layers, finalNorm: cfg.finalNorm })) {
    const numel = shape.reduce((a, b) => a * b, 1);
    const bytes =
      dtype === 'F16'
        ? f16(numel)
        : dtype === 'BF16'
          ? bf16(numel)
          : f32(Array.from({ length: numel }, () => rand() * 2 - 1));
    tensors[(cfg.prefix ? 'encoder.' : '') + n] = { dtype, shape, bytes };
  }
  const file = safetensors(tensors, { seed: name });
  write('fuzz_load_parameters', `${name}.bin`, Uint8Array.from([b0, b1, ...file]));
}

loadSeed('d1-ff1-1layer', { heads: 1, hd: 1, ffIndex: 0, layers: 1, strict: true, run: 0 }, 'F32');
loadSeed(
  'd4-ff8-2layers-prefix-f16',
  {
    heads: 2,
    hd: 2,
    ffIndex: 5,
    layers: 2,
    normFirst: true,
    finalNorm: true,
    gelu: true,
    strict: true,
    prefix: true,
    run: 7,
  },
  'F16',
);
loadSeed(
  'd12-ff7-1layer-bf16',
  { heads: 3, hd: 4, ffIndex: 4, layers: 1, finalNorm: true, strict: false, run: 5 },
  'BF16',
);
// A strict load with one tensor too many, named with a terminal escape (quoted in the message),
// and the same file with that tensor overlapping the last parameter.
{
  const b0 = 0x80,
    b1 = 0; // 1 head of size 1, d_ff 1, 1 layer, strict
  const tensors = {};
  for (const [n, shape] of specs({ d: 1, ff: 1, layers: 1, finalNorm: false })) {
    tensors[n] = {
      dtype: 'F32',
      shape,
      bytes: f32(Array.from({ length: shape.reduce((a, b) => a * b, 1) }, (_, i) => Math.sin(i + 1) / 2)),
    };
  }
  tensors['\u001b[31mextra'] = { dtype: 'F32', shape: [1], bytes: f32([1]) };
  const file = safetensors(tensors);
  write('fuzz_load_parameters', 'd1-strict-unexpected-escaped-name.bin', Uint8Array.from([b0, b1, ...file]));
  const text = new TextDecoder().decode(file);
  const last = /"data_offsets":\[(\d+),(\d+)\]\}\}/.exec(text);
  const overlapped = text.replace(last[0], `"data_offsets":[${Number(last[1]) - 4},${Number(last[2]) - 4}]}}`);
  write(
    'fuzz_load_parameters',
    'd1-overlapping-tensor.bin',
    Uint8Array.from([b0 & 0x7f, b1, ...new TextEncoder().encode(overlapped)]),
  );
}
// The PyTorch fixtures: d_model 16 (4 heads of 4), d_ff 32; they also hold inputs and outputs,
// so they load only when not strict.
write(
  'fuzz_load_parameters',
  'golden-encoder_a.bin',
  Uint8Array.from([0x7f, 0x00, ...readFileSync(new URL('encoder_a_postln_relu_1l.safetensors', golden))]),
);
write(
  'fuzz_load_parameters',
  'golden-encoder_c.bin',
  Uint8Array.from([
    0x7f,
    1 | 4 | 8 | (3 << 5),
    ...readFileSync(new URL('encoder_c_postln_gelu_2l_norm.safetensors', golden)),
  ]),
);

// --- fuzz_kernels ---------------------------------------------------------------------------
// FuzzedDataProvider takes integers from the end of the input: the last byte is the op's id in
// the op table (cpp/include/normwave/ops.hpp); the rest is random. Two seeds per row.
for (const { id, name } of readOpTable()) {
  for (const len of [300, 3000]) {
    const b = Uint8Array.from({ length: len }, () => Math.floor(rand() * 256));
    b[len - 1] = id;
    write('fuzz_kernels', `${name}-${len}.bin`, b);
  }
}
// --- fuzz_sizes -----------------------------------------------------------------------------
// Little-endian int32s: batch, seq, d_model, n_heads, d_ff, n_layers, flags (1 Pre-LN, 2 final
// norm, 4 GELU), m, n, k. The shapes sit at wasm32's overflow boundary: products of 2^16 · 2^16.
const sizes = (name, words) => write('fuzz_sizes', `${name}.bin`, new Uint8Array(Int32Array.from(words).buffer));
sizes('attention-2p32', [1, 65536, 1, 1, 1, 1, 0, 1, 1, 1]);
sizes('attention-2p32-preln-final', [1, 65536, 1, 1, 1, 1, 3, 1, 1, 1]);
sizes('rows-2p32', [65536, 65536, 64, 4, 128, 2, 5, 65536, 65536, 65536]);
sizes('heads-2p16-seq-2p8', [256, 256, 256, 256, 256, 1, 1, 4096, 4096, 256]);
sizes('layers-1024', [64, 1024, 64, 4, 128, 1024, 7, 1, 1, 1]);
sizes('width-32768', [1, 131072, 32768, 32768, 32768, 1, 2, 32768, 32768, 32768]);
sizes('negative', [-1, -65536, 64, 4, 128, 2, 0, -1, -65536, 65536]);
sizes('tiny-sort', [256, 8, 64, 4, 128, 2, 3, 2048, 64, 64]);

console.log('corpus written to', root.pathname);
