// The tiny trained encoder of <nw-attention> (scripts/train_tiny.py): it sorts 3–8 digits.
// Its weights ship as dist/models/tiny-sort.safetensors, with torch.nn.TransformerEncoder names
// under "encoder." plus "embedding.weight", "head.weight" and "head.bias". Every number is the
// library's:
//   x[p]   = embedding.weight[token[p]] + PE[p]      nw.positionalEncoding (interleaved sin/cos,
//                                                    no sqrt(d_model) scale, as in training)
//   h      = encoder(x, paddingMask = token is <PAD>) nw.createEncoder + enc.loadSafetensors
//   logits = h · head.weightᵀ + head.bias              nw.linear
// The module takes the loaded library as an argument (it never imports it), so Node tests can
// hand it dist/normwave.mjs and the file's bytes.

import { assetUrl } from './assets.js';

/** Where the weights are: dist/models/, next to the module holding this code (or the asset base). */
export function modelUrl(element) {
  return assetUrl(
    element,
    'models/tiny-sort.safetensors',
    () => new URL('./models/tiny-sort.safetensors', import.meta.url),
  );
}

/** PyTorch's held-out set and its predictions (scripts/train_tiny.py), shipped in dist/golden/. */
export function heldoutUrl(element) {
  return assetUrl(
    element,
    'golden/tiny_sort_heldout.safetensors',
    () => new URL('./golden/tiny_sort_heldout.safetensors', import.meta.url),
  );
}

/** Token id of <PAD>; 0–9 are the digits. */
export const PAD = 10;

const pending = new Map();

/** The model file's bytes, fetched once per page and location (a failed fetch is retried next time). */
export function fetchTinyModel(element) {
  const url = modelUrl(element).href;
  if (!pending.has(url)) {
    pending.set(
      url,
      fetch(url)
        .then(async (res) => {
          if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
          return new Uint8Array(await res.arrayBuffer());
        })
        .catch((e) => {
          pending.delete(url);
          throw e;
        }),
    );
  }
  return pending.get(url);
}

/** compareHeldout on the page's copy of PyTorch's held-out fixture. */
export async function checkHeldout(model, element) {
  const url = heldoutUrl(element);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return model.compareHeldout(new Uint8Array(await res.arrayBuffer()));
}

/** A TinyModel of its own (dispose() it when done), from the page's copy of the weights. */
export async function loadTinyModel(nw, element) {
  return new TinyModel(nw, await fetchTinyModel(element));
}

function metaNumber(meta, key) {
  const v = Number(meta[key]);
  if (!(key in meta) || !Number.isFinite(v))
    throw new Error(`tiny model: metadata "${key}" is missing or not a number (${meta[key]})`);
  return v;
}

/** Argmax of each row of width n. */
function argmaxRows(values, n) {
  const out = new Int8Array(values.length / n);
  for (let r = 0; r < out.length; r++) {
    let best = 0;
    for (let c = 1; c < n; c++) if (values[r * n + c] > values[r * n + best]) best = c;
    out[r] = best;
  }
  return out;
}

export class TinyModel {
  /**
   * @param {object} nw the loaded library (loadNormwave())
   * @param {Uint8Array} bytes the .safetensors file written by scripts/train_tiny.py
   */
  constructor(nw, bytes) {
    this.nw = nw;
    /** Size of the weights file in bytes. */
    this.bytes = bytes.length;
    const meta = nw.inspectSafetensors(bytes).metadata;
    /** The file's metadata (task, sizes, PyTorch's held-out accuracy, training time, seed…). */
    this.meta = meta;
    this.config = {
      dModel: metaNumber(meta, 'd_model'),
      nHeads: metaNumber(meta, 'n_heads'),
      dFF: metaNumber(meta, 'd_ff'),
      nLayers: metaNumber(meta, 'n_layers'),
      normFirst: meta.norm_first === 'true',
      activation: meta.activation === 'gelu' ? 'gelu' : 'relu',
      finalNorm: meta.final_norm === 'true',
      eps: metaNumber(meta, 'eps'),
    };
    this.seqLen = metaNumber(meta, 'seq_len');
    this.minLen = metaNumber(meta, 'min_len');
    this.vocab = JSON.parse(meta.vocab);
    this.nClasses = JSON.parse(meta.classes).length;
    const tensors = nw.readSafetensors(bytes);
    const { dModel } = this.config;
    const expect = {
      'embedding.weight': this.vocab.length * dModel,
      'head.weight': this.nClasses * dModel,
      'head.bias': this.nClasses,
    };
    for (const [name, size] of Object.entries(expect)) {
      if (tensors[name]?.length !== size)
        throw new Error(`tiny model: "${name}" has ${tensors[name]?.length ?? 'no'} values, expected ${size}`);
    }
    this.embedding = tensors['embedding.weight'];
    this.headWeight = tensors['head.weight'];
    this.headBias = tensors['head.bias'];
    this.encoder = nw.createEncoder(this.config);
    try {
      this.encoder.loadSafetensors(bytes, { prefix: meta.prefix ?? 'encoder.', strict: false });
    } catch (e) {
      this.encoder.dispose();
      throw e;
    }
    this.parameterCount =
      this.encoder.parameterCount + this.embedding.length + this.headWeight.length + this.headBias.length;
    this._pe = new Map();
  }

  /** PyTorch's held-out accuracy from the file: { token, sequence, sequences, correctSequences, … }. */
  get accuracy() {
    const m = this.meta;
    return {
      token: Number(m.accuracy_token),
      sequence: Number(m.accuracy_sequence),
      sequences: Number(m.heldout_sequences),
      tokens: Number(m.heldout_tokens),
      correctSequences: Number(m.correct_sequences),
      correctTokens: Number(m.correct_tokens),
      trainSeconds: Number(m.train_seconds),
      seed: m.seed,
      torch: m.torch,
    };
  }

  _positional(seqLen) {
    if (!this._pe.has(seqLen)) this._pe.set(seqLen, this.nw.positionalEncoding(seqLen, this.config.dModel));
    return this._pe.get(seqLen);
  }

  /**
   * Runs a batch of token rows (flat, batch × seqLen ids 0–10). mask: whether <PAD> keys are
   * masked (the model was trained with the mask). Returns { outputs (argmax per position),
   * logits (batch·seqLen·classes), hidden (encoder output), attention (one array per layer,
   * [b][h][q][k]) }.
   */
  run(tokens, { batch = 1, seqLen = tokens.length / batch, mask = true, attention = true } = {}) {
    const { dModel } = this.config;
    if (!Number.isInteger(seqLen) || seqLen < 1 || tokens.length !== batch * seqLen) {
      throw new RangeError(`tiny model: ${tokens.length} tokens do not make ${batch} rows of ${seqLen}`);
    }
    const pe = this._positional(seqLen);
    const x = new Float32Array(batch * seqLen * dModel);
    const paddingMask = new Uint8Array(batch * seqLen);
    for (let r = 0; r < batch * seqLen; r++) {
      const id = tokens[r];
      if (!(Number.isInteger(id) && id >= 0 && id < this.vocab.length))
        throw new RangeError(`tiny model: token ${r} is ${id}, not an id 0–${this.vocab.length - 1}`);
      if (mask && id === PAD) paddingMask[r] = 1;
      const e = id * dModel;
      const p = (r % seqLen) * dModel;
      for (let k = 0; k < dModel; k++) x[r * dModel + k] = this.embedding[e + k] + pe[p + k];
    }
    const result = this.encoder.forward(x, { batch, seqLen, paddingMask, attention });
    const logits = this.nw.linear(result.output, this.headWeight, this.headBias, { inFeatures: dModel });
    return { outputs: argmaxRows(logits, this.nClasses), logits, hidden: result.output, attention: result.attention };
  }

  /**
   * One sequence: tokens is an array of ids (digits 0–9, <PAD> = 10 anywhere). Returns
   * { inputs, seqLen, outputs, logits, hidden, attention, target, real, correct }: target is
   * the sorted digits at the real (non-<PAD>) positions, correct whether every real output
   * equals it.
   */
  predict(tokens, { mask = true } = {}) {
    const inputs = Array.from(tokens);
    const { outputs, logits, hidden, attention } = this.run(inputs, { mask });
    const real = [];
    inputs.forEach((id, p) => {
      if (id !== PAD) real.push(p);
    });
    const sorted = real.map((p) => inputs[p]).sort((a, b) => a - b);
    const target = inputs.map(() => null);
    real.forEach((p, i) => {
      target[p] = sorted[i];
    });
    const correct = real.every((p) => outputs[p] === target[p]);
    return {
      inputs,
      seqLen: inputs.length,
      outputs: Array.from(outputs),
      logits,
      hidden,
      attention,
      target,
      real,
      correct,
    };
  }

  /**
   * Runs the whole held-out set of scripts/train_tiny.py (the fixture's bytes) in one batch and
   * compares with what PyTorch predicted and measured. Returns { sequences, correctSequences,
   * sequence, tokens, correctTokens, token, agree, total, maxLogitError, torch: { sequence,
   * token } }: agree counts the real positions where our argmax equals PyTorch's.
   */
  compareHeldout(bytes) {
    const meta = this.nw.inspectSafetensors(bytes).metadata;
    const t = this.nw.readSafetensors(bytes);
    const sequences = metaNumber(meta, 'heldout_sequences');
    const seqLen = metaNumber(meta, 'seq_len');
    const rows = metaNumber(meta, 'logit_rows');
    const tokens = Array.from(t.tokens, Math.round);
    const { outputs, logits } = this.run(tokens, { batch: sequences, seqLen, attention: false });
    let correctSequences = 0,
      correctTokens = 0,
      total = 0,
      agree = 0;
    for (let b = 0; b < sequences; b++) {
      let right = true;
      for (let p = b * seqLen; p < (b + 1) * seqLen; p++) {
        if (tokens[p] === PAD) continue;
        total++;
        if (outputs[p] === t.targets[p]) correctTokens++;
        else right = false;
        if (outputs[p] === t.torch_pred[p]) agree++;
      }
      if (right) correctSequences++;
    }
    let maxLogitError = 0;
    const n = rows * seqLen * this.nClasses;
    for (let i = 0; i < n; i++) maxLogitError = Math.max(maxLogitError, Math.abs(logits[i] - t.logits[i]));
    return {
      sequences,
      correctSequences,
      sequence: correctSequences / sequences,
      tokens: total,
      correctTokens,
      token: correctTokens / total,
      agree,
      total,
      maxLogitError,
      torch: { sequence: Number(meta.accuracy_sequence), token: Number(meta.accuracy_token) },
    };
  }

  dispose() {
    this.encoder?.dispose();
    this.encoder = null;
  }
}
