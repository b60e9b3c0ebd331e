// Which figure step each line of the code <nw-kernel-source> shows performs. The PyTorch lines carry
// their step from scripts/article_code.py ("#@ step"); the C++ lines are matched here by rules, so
// that pointing at a PyTorch line also marks the C++ lines doing the same thing. A rule is
// [regex, steps, { wiring }]: the first rule whose regex matches a line (and whose wiring, if given,
// is the tab's) gives the line its steps. Lines of a function's signature are never matched.
// tests/browser/kernel-source.test.mjs checks that every step of every tab still finds a C++
// line, so a change to the kernels shows up there.

/** The tabs: PyTorch blocks, C++ excerpts (readable reference and the fast path), steps, parity. */
export const CODE_TABS = {
  positionalEncoding: {
    python: ['sinusoidal_pe', 'add_positions'],
    cpp: {
      ref: ['positionalEncodingRef'],
      fast: ['positionalEncodingTables', 'positionalEncodingAnchor', 'positionalEncoding'],
    },
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
    cpp: { ref: ['encoderForwardRef'], fast: ['encoderRun', 'encoderLayer'] },
    steps: ['ln1', 'attn', 'add1', 'ln2', 'ffn', 'add2', 'final'],
    parity: 'encoder',
    channel: 'encoder-step',
    wiring: 'pre',
  },
  encoderLayer: {
    python: ['PostLNLayer', 'PostLNEncoder'],
    cpp: { ref: ['encoderForwardRef'], fast: ['encoderRun', 'encoderLayer'] },
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
  positionalEncodingTables: [
    [/freq\[i\] = std::min/, ['omega']],
    [/sw\[i\] = std::sin|cw\[i\] = std::cos/, ['angle']],
  ],
  positionalEncodingAnchor: [
    [/centre \* p\.freq/, ['angle']],
    [/anchor_a\[2 \* i\] = s/, ['sin']],
    [/anchor_a\[2 \* i \+ 1\] = c/, ['cos']],
  ],
  linearRef: [[/acc|y\[/, ['linear1', 'linear2']]],
  linearPacked: [[/micro_kernel|bias\[c\]/, ['linear1', 'linear2']]],
  geluRef: [[/erf/, ['act']]],
  gelu: [[/erf/, ['act']]],
  encoderForwardRef: [
    [/layer_norm<T>\(s\.n1\.data\(\)/, ['ln1'], { wiring: 'pre' }],
    [/linear<T>\(s\.qkv|attention_core<T>\(|linear<T>\(proj\.data\(\), s\.ctx/, ['attn']],
    [/s\.res1\[i\] = s\.in\[i\] \+ proj/, ['add1']],
    [/layer_norm<T>\(ff_in\.data\(\)/, ['ln2'], { wiring: 'pre' }],
    [/layer_norm<T>\(ff_in\.data\(\)/, ['ln1'], { wiring: 'post' }],
    [/linear<T>\(s\.z\.data|gelu<T>\(s\.a|relu<T>\(s\.a|linear<T>\(proj\.data\(\), s\.a\.data/, ['ffn']],
    [/cur\[i\] = s\.res1\[i\] \+ proj|s\.res2\[i\] = s\.h1\[i\] \+ proj/, ['add2']],
    [/layer_norm<T>\(cur\.data\(\)/, ['ln2'], { wiring: 'post' }],
    [/layer_norm<T>\(out, kept\.fin_mean/, ['final'], { wiring: 'pre' }],
  ],
  encoderLayer: [
    [/layer_norm\(io\.mid, io\.mean1, io\.var1, io\.in,/, ['ln1'], { wiring: 'pre' }],
    [/linear_fwd\(io\.qkv|attention_core\(|linear_fwd\(scratch\.proj, io\.ctx/, ['attn']],
    [/residual_add\(io\.res1/, ['add1']],
    [/layer_norm\(io\.ffin/, ['ln2'], { wiring: 'pre' }],
    [/layer_norm\(io\.mid, io\.mean1, io\.var1, io\.res1/, ['ln1'], { wiring: 'post' }],
    [/linear_fwd\(io\.act,|gelu\(io\.act_out|relu\(io\.act|linear_fwd\(scratch\.proj, c\.activation/, ['ffn']],
    [/residual_add\(io\.out, io\.res1|residual_add\(io\.res2/, ['add2']],
    [/layer_norm\(io\.out/, ['ln2'], { wiring: 'post' }],
  ],
  encoderRun: [[/layer_norm\(out, fin\.mean/, ['final'], { wiring: 'pre' }]],
};

/** The steps of each line of C++ excerpt `key` (its code split on newlines) for a tab's wiring. */
export function cppLineSteps(key, code, wiring) {
  const lines = code.split('\n');
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
