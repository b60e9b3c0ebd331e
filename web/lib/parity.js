// Live parity with PyTorch: figures that mirror a PyTorch op show the max error of the library's
// result against reference tensors written by torch (tests/golden/, shipped in dist/golden/ and in
// the npm package). The fixtures are read by the library itself (nw.readSafetensors) and found
// like every asset (lib/assets.js): next to this module, or under an overriding asset base.
import { assetUrl } from './assets.js';
import { maxAbsDiff } from './diff.js';

// Each check runs the library on a fixture's inputs and compares with torch's output. `url` is
// the default location, written literally so bundlers see the file.
const CHECKS = new Map(
  Object.entries({
    positionalEncoding: {
      torch: 'SinusoidalPositionalEncoding (float64)',
      tolerance: 1e-5,
      path: 'golden/pe_d16_base10000.safetensors',
      url: () => new URL('./golden/pe_d16_base10000.safetensors', import.meta.url),
      run: (nw, t) => maxAbsDiff(nw.positionalEncoding(64, 16), t.pe),
    },
    layerNorm: {
      torch: 'torch.nn.functional.layer_norm',
      tolerance: 1e-5,
      path: 'golden/layernorm_5x37.safetensors',
      url: () => new URL('./golden/layernorm_5x37.safetensors', import.meta.url),
      run: (nw, t) => maxAbsDiff(nw.layerNorm(t.x, 37, { gamma: t.gamma, beta: t.beta }), t.out),
    },
    rmsNorm: {
      torch: 'x / sqrt(mean(x²) + eps) · γ (torch, float64)',
      tolerance: 1e-5,
      path: 'golden/rmsnorm_4x33.safetensors',
      url: () => new URL('./golden/rmsnorm_4x33.safetensors', import.meta.url),
      run: (nw, t) => maxAbsDiff(nw.rmsNorm(t.x, 33, { gamma: t.gamma }), t.out),
    },
    batchNorm: {
      torch: 'torch.nn.functional.batch_norm (training)',
      tolerance: 1e-5,
      path: 'golden/batchnorm_6x13.safetensors',
      url: () => new URL('./golden/batchnorm_6x13.safetensors', import.meta.url),
      run: (nw, t) => maxAbsDiff(nw.batchNorm(t.x, 13, { gamma: t.gamma, beta: t.beta }), t.out),
    },
    encoder: {
      torch: 'torch.nn.TransformerEncoder',
      tolerance: 2e-4,
      path: 'golden/encoder_d_preln_relu_2l_norm_pad.safetensors',
      url: () => new URL('./golden/encoder_d_preln_relu_2l_norm_pad.safetensors', import.meta.url),
      run: (nw, t, bytes) => {
        const m = nw.inspectSafetensors(bytes).metadata;
        const enc = nw.createEncoder({
          dModel: +m.d_model,
          nHeads: +m.n_heads,
          dFF: +m.d_ff,
          nLayers: +m.n_layers,
          normFirst: m.norm_first === 'true',
          activation: m.activation,
          finalNorm: m.final_norm === 'true',
        });
        try {
          enc.loadSafetensors(bytes, { strict: false });
          const paddingMask = Uint8Array.from(t.mask, (v) => (v ? 1 : 0));
          const { output } = enc.forward(t.x, { batch: +m.batch, seqLen: +m.seq, paddingMask, attention: false });
          return maxAbsDiff(output, t.output);
        } finally {
          enc.dispose();
        }
      },
    },
  }),
);

/** A fixture that could not be fetched: the badge says the check did not run, not that it failed. */
export class FixtureUnavailable extends Error {
  constructor(url, detail) {
    super(`${url}: ${detail}`);
    this.name = 'FixtureUnavailable';
    this.url = String(url);
  }
}

async function fetchFixture(url) {
  let res;
  try {
    res = await fetch(url);
  } catch (e) {
    throw new FixtureUnavailable(url, String(e?.message ?? e));
  }
  if (!res.ok) throw new FixtureUnavailable(url, `HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

const results = new Map();

/**
 * Resolves to { op, torch, maxError, tolerance, ok } for one of: positionalEncoding, layerNorm,
 * rmsNorm, batchNorm, encoder, computed once per page and fixture location. nw is the loaded
 * library; element (optional) picks the asset base. Rejects with FixtureUnavailable when the
 * fixture cannot be fetched.
 */
export function parity(op, nw, element) {
  const check = CHECKS.get(op);
  if (!check) return Promise.reject(new Error(`unknown parity check ${op}`));
  const url = assetUrl(element, check.path, check.url);
  const key = `${op} ${url}`;
  if (!results.has(key)) {
    const p = (async () => {
      const bytes = await fetchFixture(url);
      const maxError = check.run(nw, nw.readSafetensors(bytes), bytes);
      return { op, torch: check.torch, maxError, tolerance: check.tolerance, ok: maxError <= check.tolerance };
    })();
    p.catch(() => results.delete(key));
    results.set(key, p);
  }
  return results.get(key);
}

export const PARITY_OPS = Object.freeze([...CHECKS.keys()]);

/** Each check's fixture, relative to dist/ (the package ships them all). */
export const PARITY_FIXTURES = Object.freeze(Object.fromEntries([...CHECKS].map(([op, c]) => [op, c.path])));
