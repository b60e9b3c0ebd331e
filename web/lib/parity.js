// Live parity with PyTorch: figures that mirror a PyTorch op show the max error of the library's
// result against reference tensors written by torch (tests/golden/, shipped in dist/golden/).
import { loadNormwave } from '../normwave.js';

const GOLDEN = new URL('./golden/', import.meta.url);

async function readFixture(name) {
  const res = await fetch(new URL(name, GOLDEN));
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const view = new DataView(bytes.buffer);
  const n = Number(view.getBigUint64(0, true));
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + n)));
  const tensors = {};
  for (const [key, info] of Object.entries(header)) {
    if (key === '__metadata__') continue;
    const [begin, end] = info.data_offsets;
    tensors[key] = new Float32Array(bytes.slice(8 + n + begin, 8 + n + end).buffer);
  }
  return { bytes, meta: header.__metadata__ ?? {}, tensors };
}

function maxAbsDiff(a, b) {
  let worst = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    if (!(d <= worst)) worst = d;
  }
  return a.length === b.length ? worst : Infinity;
}

// Each check runs the library on a fixture's inputs and compares with torch's output.
const CHECKS = {
  positionalEncoding: {
    torch: 'SinusoidalPositionalEncoding (float64)', tolerance: 1e-5, file: 'pe_d16_base10000.safetensors',
    run: (nw, g) => maxAbsDiff(nw.positionalEncoding(64, 16), g.tensors.pe),
  },
  layerNorm: {
    torch: 'torch.nn.functional.layer_norm', tolerance: 1e-5, file: 'layernorm_5x37.safetensors',
    run: (nw, g) => maxAbsDiff(nw.layerNorm(g.tensors.x, 37, { gamma: g.tensors.gamma, beta: g.tensors.beta }), g.tensors.out),
  },
  rmsNorm: {
    torch: 'x / sqrt(mean(x²) + eps) · γ (torch, float64)', tolerance: 1e-5, file: 'rmsnorm_4x33.safetensors',
    run: (nw, g) => maxAbsDiff(nw.rmsNorm(g.tensors.x, 33, { gamma: g.tensors.gamma }), g.tensors.out),
  },
  batchNorm: {
    torch: 'torch.nn.functional.batch_norm (training)', tolerance: 1e-5, file: 'batchnorm_6x13.safetensors',
    run: (nw, g) => maxAbsDiff(nw.batchNorm(g.tensors.x, 13, { gamma: g.tensors.gamma, beta: g.tensors.beta }), g.tensors.out),
  },
  encoder: {
    torch: 'torch.nn.TransformerEncoder', tolerance: 2e-4, file: 'encoder_d_preln_relu_2l_norm_pad.safetensors',
    run: (nw, g) => {
      const m = g.meta;
      const enc = nw.createEncoder({
        dModel: +m.d_model, nHeads: +m.n_heads, dFF: +m.d_ff, nLayers: +m.n_layers,
        normFirst: m.norm_first === 'true', activation: m.activation, finalNorm: m.final_norm === 'true',
      });
      try {
        enc.loadSafetensors(g.bytes, { strict: false });
        const paddingMask = Uint8Array.from(g.tensors.mask, (v) => (v ? 1 : 0));
        const { output } = enc.forward(g.tensors.x, { batch: +m.batch, seqLen: +m.seq, paddingMask, attention: false });
        return maxAbsDiff(output, g.tensors.output);
      } finally {
        enc.dispose();
      }
    },
  },
};

const results = new Map();

/**
 * Resolves to { op, torch, maxError, tolerance, ok } for one of: positionalEncoding, layerNorm,
 * rmsNorm, batchNorm, encoder. Computed once per page.
 */
export function parity(op) {
  if (!results.has(op)) {
    const check = CHECKS[op];
    if (!check) return Promise.reject(new Error(`unknown parity check ${op}`));
    results.set(op, (async () => {
      const [nw, g] = await Promise.all([loadNormwave(), readFixture(check.file)]);
      const maxError = check.run(nw, g);
      return { op, torch: check.torch, maxError, tolerance: check.tolerance, ok: maxError <= check.tolerance };
    })());
  }
  return results.get(op);
}

export const PARITY_OPS = Object.freeze(Object.keys(CHECKS));
