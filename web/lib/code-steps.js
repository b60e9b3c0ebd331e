// Which figure step each line of the code <nw-kernel-source> shows performs. The PyTorch lines carry
// their step from scripts/article_code.py ("#@ step"); the C++ lines are matched here by rules, so
// that pointing at a PyTorch line also marks the C++ lines doing the same thing. A rule is
// [regex, steps, { wiring }]: the first rule whose regex matches a line (and whose wiring, if given,
// is the tab's) gives the line its steps. Lines of a function's signature are never matched.
// Encoder::forward is read by section, from its own comments ("Self-attention sub-block.",
// "Feed-forward sub-block.") and its final-norm branch; tests/browser/kernel-source.test.mjs checks
// that every step of every tab still finds a C++ line, so a change to the kernels shows up there.

/** The tabs: PyTorch blocks, C++ excerpts (readable reference and the fast path), steps, parity. */
export const CODE_TABS = {
  positionalEncoding: {
    python: ['sinusoidal_pe', 'add_positions'],
    cpp: { ref: ['positionalEncodingRef'], fast: ['positionalEncoding'] },
    steps: ['pos', 'omega', 'angle', 'sin', 'cos', 'add'],
    parity: 'positionalEncoding',
    // Adding PE to the embeddings happens before the kernels (in the caller), and the fast path has
    // no per-position loop: these steps have no C++ line.
    noCpp: { ref: ['add'], fast: ['pos', 'add'] },
  },
  layerNorm: {
    python: ['layer_norm'],
    cpp: { ref: ['layerNormRef'], fast: ['layerNorm'] },
    steps: ['1', '2', '3', '4'],
    parity: 'layerNorm',
    channel: 'ln-step',
  },
  ffn: {
    python: ['FeedForward'],
    cpp: { ref: ['linearRef', 'geluRef'], fast: ['linearPacked', 'gelu'] },
    steps: ['linear1', 'act', 'linear2'],
    channel: 'ffn-step',
  },
  preLnBlock: {
    python: ['PreLNBlock', 'PreLNEncoder'],
    cpp: { ref: ['encoderForwardRef'], fast: ['encoderForward'] },
    steps: ['ln1', 'attn', 'add1', 'ln2', 'ffn', 'add2', 'final'],
    parity: 'encoder',
    channel: 'encoder-step',
    wiring: 'pre',
  },
  encoderLayer: {
    python: ['PostLNLayer', 'PostLNEncoder'],
    cpp: { ref: ['encoderForwardRef'], fast: ['encoderForward'] },
    steps: ['attn', 'add1', 'ln1', 'ffn', 'add2', 'ln2'],
    parity: 'encoder',
    channel: 'encoder-step',
    wiring: 'post',
  },
};
export const TAB_NAMES = Object.keys(CODE_TABS);

const RULES = {
  layerNormRef: [
    [/gamma\[|beta\[/, ['4']],
    [/rstd/, ['3']],
    [/\bv\b|var\[/, ['2']],
    [/\bm\b|mean\[/, ['1']],
  ],
  layerNorm: [
    [/normalize_row\(/, ['3', '4']],
    [/const float m = /, ['1', '2']],
    [/shifted_sums|row_shift/, ['1', '2']],
    [/\bv\b|var\[/, ['2']],
    [/mean\[/, ['1']],
  ],
  positionalEncodingRef: [
    [/std::sin\(angle\)|std::cos\(angle\)/, ['sin', 'cos']],
    [/const double angle/, ['omega', 'angle']],
    [/const int i = /, ['omega']],
    [/static_cast<float>\(v\)/, ['sin', 'cos']],
    [/int pos = 0/, ['pos']],
  ],
  positionalEncoding: [
    [/freq\[i\] = std::min/, ['omega']],
    [/centre \* freq/, ['angle']],
    [/sw\[i\] = std::sin|cw\[i\] = std::cos/, ['angle']],
    [/anchor_a\[2 \* i\] = s/, ['sin']],
    [/anchor_a\[2 \* i \+ 1\] = c/, ['cos']],
  ],
  linearRef: [[/acc|y\[/, ['linear1', 'linear2']]],
  linearPacked: [[/micro_kernel|bias\[c\]/, ['linear1', 'linear2']]],
  geluRef: [[/erf/, ['act']]],
  gelu: [[/erf/, ['act']]],
  encoderForwardRef: [
    [/sub_in\(kNorm1W/, ['ln1', 'attn'], { wiring: 'pre' }],
    [/sub_in\(kNorm1W/, ['attn']],
    [/attention_core|ctx\.data\(\), P\(kOutProjW/, ['attn']],
    [/residual\(kNorm1W/, ['add1'], { wiring: 'pre' }],
    [/residual\(kNorm1W/, ['add1', 'ln1']],
    [/sub_in\(kNorm2W/, ['ln2', 'ffn'], { wiring: 'pre' }],
    [/sub_in\(kNorm2W/, ['ffn']],
    [/gelu(?:<T>)?\(hidden|relu(?:<T>)?\(hidden|hidden\.data\(\), P\(kLin2W/, ['ffn']],
    [/residual\(kNorm2W/, ['add2'], { wiring: 'pre' }],
    [/residual\(kNorm2W/, ['add2', 'ln2']],
    [/layer_norm(?:<T>)?\(normed/, ['ln1', 'ln2'], { wiring: 'pre' }],
    [/cur\[i\] \+= proj/, ['add1', 'add2']],
    [/layer_norm(?:<T>)?\(cur/, ['ln1', 'ln2'], { wiring: 'post' }],
    [/final_norm|params\[base\]/, ['final'], { wiring: 'pre' }],
  ],
};

/** Encoder::forward, read by section. */
function encoderSteps(lines, wiring) {
  let section = '';
  return lines.map((l) => {
    if (/Self-attention sub-block/.test(l)) section = 'attn';
    else if (/Feed-forward sub-block/.test(l)) section = 'ffn';
    else if (/cfg_\.final_norm/.test(l)) section = 'final';
    if (section === 'attn') {
      if (/layer_norm\(normed/.test(l)) return wiring === 'pre' ? ['ln1'] : [];
      if (/layer_norm\(cur/.test(l)) return wiring === 'post' ? ['ln1'] : [];
      if (/add_inplace/.test(l)) return ['add1'];
      if (/qkv|attention_core|ctx/.test(l)) return ['attn'];
    }
    if (section === 'ffn') {
      if (/layer_norm\(normed/.test(l)) return wiring === 'pre' ? ['ln2'] : [];
      if (/layer_norm\(cur/.test(l)) return wiring === 'post' ? ['ln2'] : [];
      if (/add_inplace/.test(l)) return ['add2'];
      if (/hidden|gelu|relu/.test(l)) return ['ffn'];
    }
    if (section === 'final' && wiring === 'pre' && /layer_norm\(out/.test(l)) return ['final'];
    return [];
  });
}

/** The steps of each line of C++ excerpt `key` (its code split on newlines) for a tab's wiring. */
export function cppLineSteps(key, code, wiring) {
  const lines = code.split('\n');
  if (key === 'encoderForward') return encoderSteps(lines, wiring);
  const rules = RULES[key] ?? [];
  let inBody = false;
  return lines.map((l) => {
    if (!inBody) {
      if (/\)\s*\{\s*$/.test(l)) inBody = true;
      return [];
    }
    for (const [re, steps, opt] of rules) {
      if (opt?.wiring && opt.wiring !== wiring) continue;
      if (re.test(l)) return steps;
    }
    return [];
  });
}
