// English strings — every text the page and the figure elements show lives here (and in ko.js).
// {name} placeholders are filled at run time. The HTML in page.* values is our own static text.
export default {
  // ── common ──
  'common.loading': 'Loading the WebAssembly kernels…',
  'common.loadError': 'Could not load the compute module: {message}',
  'common.noSimd': 'This browser lacks WebAssembly SIMD. Please open the page in Chrome/Edge 91+, Firefox 89+ or Safari 16.4+.',
  'pe.layout': 'Layout',
  'pe.layout.interleaved': 'Interleaved',
  'pe.layout.concat': 'Concatenated',

  // ── page ──
  'page.title': 'Positional Encoding, Layer Normalization and the Encoder',
  'page.subtitle': 'How a Transformer knows word order and how it keeps deep stacks stable — computed live in your browser by C++ kernels compiled to WebAssembly SIMD.',
  'page.meta': 'Every number and figure is computed in this browser right now · normwave {version}',
  'page.langSwitch': '한국어',
  'page.langSwitchLabel': 'Switch language: read in Korean',
  'page.themeLabel': 'Theme',
  'page.theme.auto': 'System',
  'page.theme.light': 'Light',
  'page.theme.dark': 'Dark',
  'page.toc': 'Contents',
  'page.skip': 'Skip to the article',
  'page.partA': 'Part A · Positional encoding',
  'page.partB': 'Part B · Layer normalization',
  'page.partC': 'Part C · The Transformer encoder',
  'page.noSimd': 'This browser cannot run WebAssembly SIMD, so the figures cannot compute. Please use Chrome/Edge 91+, Firefox 89+ or Safari 16.4+.',
  'page.footer': 'normwave — formulas typeset by KaTeX; numbers computed by C++ kernels written with xsimd and compiled by Emscripten to a WebAssembly SIMD module. Code and tests are in the repository.',

  's1.title': '1. Why position matters',
  's1.body': '<p>Self-attention looks at every token of a sentence at once. That makes it fast and parallel, but it also means <strong>it cannot tell tokens apart by order</strong>. Attention only scores pairs of tokens, so if you permute the input rows, the output rows are permuted the same way and otherwise unchanged (permutation equivariance).</p><p>To attention, “I study AI” and “AI study I” are the same bag of words. In language, order carries meaning, so the Transformer adds a distinct vector PE(pos) to the embedding at every position.</p>',
  's1.figNote': 'The figure runs a real encoder with random weights on a sentence and on a permutation of it. Without PE the two outputs are the same set of rows in a different order; with PE added they differ.',

  's2.title': '2. The sin/cos formula, piece by piece',
  's2.intro': '<p>The encoding proposed in “Attention Is All You Need” is a formula with no parameters at all.</p>',
  's2.symbols': '<dl class="symbols"><dt>pos</dt><dd>the token’s position in the sequence (0, 1, …, seq_len − 1)</dd><dt>i</dt><dd>the index of a sin/cos pair (0, 1, …, d_model/2 − 1); dimension 2i holds the sin, 2i+1 the cos</dd><dt>d_model</dt><dd>the embedding width (BERT-base 768, GPT-3 12288)</dd><dt>10000</dt><dd>the constant that sets the range of wavelengths, growing geometrically from 2π (i = 0) to about 10000·2π (the last pair)</dd></dl>',
  's2.body': '<p>The PE of one position is a vector of d_model numbers, and each pair has its own frequency. Pairs with small i are <strong>high-frequency</strong>: they change a lot from one position to the next. Pairs with large i are <strong>low-frequency</strong>: they drift slowly over thousands of positions.</p>',
  's2.callout': '<strong>Think of binary digits</strong> — the ones digit flips every step while the thousands digit barely moves. Likewise the high-frequency dimensions are a fine fingerprint that separates neighbours, and the low-frequency ones are a coarse ruler that separates distant positions. PE’s “digits” are continuous waves rather than 0s and 1s.',

  's3.title': '3. The PE matrix as a heatmap',
  's3.body': '<p>Colour the whole table [seq_len × d_model] and its structure appears at once. The horizontal axis is the embedding dimension, the vertical axis the position. Columns on the left (high frequency) are tight stripes; columns on the right (low frequency) are broad, almost constant bands. Push d_model up to 1024 and seq_len to 2048 below: the WebAssembly kernel recomputes the table on every move.</p>',

  's4.title': '4. Four reasons for sin and cos',
  's4.p1': '<h3>① Bounded: every value lies in [−1, 1]</h3><p>sin and cos never exceed ±1, so adding PE to an embedding never blows up at far positions. Using the position itself, or an exponential, would grow with sentence length and destabilise training.</p>',
  's4.p2': '<h3>② Deterministic and unique: a different pattern at every position</h3><p>Hundreds of waves with different frequencies are read together, so two different positions practically never share a vector. And because a formula makes them, there are zero parameters to learn.</p>',
  's4.p3': '<h3>③ Relative position: one linear map shifts by k</h3><p>Thanks to the angle-addition identities, PE(pos+k) is a rotation M<sub>k</sub> of PE(pos), and M<sub>k</sub> depends only on k, not on pos. That makes “how far apart are these tokens?” easy for attention to learn in general — and applying the same idea directly to Q and K is RoPE.</p>',
  's4.p4': '<h3>④ Extrapolation: defined beyond the training length</h3><p>It is a formula, so a model trained on at most 512 positions can still compute PE at pos = 600. Quality is not guaranteed there, but a learned table simply has no value for that position.</p>',
  's4.addition': 'Angle addition — why relative positions are linear',

  's5.title': '5. Fixed, learned, RoPE and ALiBi',
  's5.body': '<p>The original sinusoidal encoding is not the only way to inject position. BERT and GPT-2/3 learned one vector per position as parameters, and most recent LLMs handle relative position inside attention, as RoPE does.</p>',
  's5.callout': '<strong>Today’s default, RoPE</strong> — most recent models (LLaMA, Mistral, Gemma …) use Rotary Position Embedding. Rotating Q and K by angles proportional to their positions makes their dot product depend only on the difference of positions, so relative position enters the attention score directly. It holds up well over contexts of tens of thousands of tokens.',

  's6.title': '6. Why normalize',
  's6.body': '<p>Stack dozens of layers (GPT-3 has 96) and each one scales its activations up or down a little; the effects multiply until activations <strong>explode or vanish</strong>. Gradients travel the same path backwards, so training becomes unstable.</p><p>And whenever an earlier layer’s weights change, the distribution a later layer receives shifts too (internal covariate shift). Normalization pulls each layer’s activations back to mean 0 and variance 1, breaking the compounding.</p>',
  's7.title': '7. The μ · σ · γ · β formula',
  's7.body': '<p>Layer normalization computes the mean and variance <strong>within one token’s vector</strong>, across its H = d_model features. It subtracts the mean to centre, divides by the standard deviation to rescale, and then lets learned γ and β set whatever scale and offset the model prefers.</p>',
  's7.symbols': '<dl class="symbols"><dt>H</dt><dd>the number of features normalized, usually d_model (768, 4096 …)</dd><dt>μ, σ²</dt><dd>the mean and (biased) variance of that vector — one scalar each per token</dd><dt>ε</dt><dd>a small constant that keeps the division safe (1e-5, 1e-6)</dd><dt>γ, β</dt><dd>a learned scale and shift per feature (H each). With γ = 1 and β = 0 it is plain standardization.</dd></dl>',
  's7.callout': '<strong>Why γ and β</strong> — normalization alone would pin every layer’s output to the same N(0, 1) shape. The best distribution may differ from layer to layer, and γ and β give the model the freedom to restore a scale and a mean.',
  's8.title': '8. A layer-norm simulator',
  's8.body': '<p>Change the input distribution’s mean and spread, and γ and β, and compare the distributions before and after normalization.</p>',
  's9.title': '9. Batch norm vs layer norm',
  's9.body': '<p>Before Transformers, batch normalization (BN) was the standard. The difference is <strong>which axis the statistics run over</strong>: BN pools the same feature across the samples of a batch (down a column); LN pools all the features of one sample (along a row).</p>',
  's9.th.aspect': 'Aspect', 's9.th.bn': 'Batch normalization', 's9.th.ln': 'Layer normalization',
  's9.r1': 'Axis', 's9.r1.bn': 'the batch dimension N (plus spatial dims in CNNs)', 's9.r1.ln': 'the feature dimension H — within a sample',
  's9.r2': 'Statistics', 's9.r2.bn': 'mean/variance of one feature over the batch', 's9.r2.ln': 'mean/variance of all features of one sample',
  's9.r3': 'Batch dependence', 's9.r3.bn': 'strong — unstable with small batches', 's9.r3.ln': 'none — works on a single sample',
  's9.r4': 'At inference', 's9.r4.bn': 'uses running averages collected in training (train ≠ test)', 's9.r4.ln': 'computed exactly as in training',
  's9.r5': 'RNNs and Transformers', 's9.r5.bn': 'poor fit — sensitive to varying sequence length', 's9.r5.ln': 'good fit — each token normalized on its own',
  's9.r6': 'Typical use', 's9.r6.bn': 'CNN image models (ResNet, VGG)', 's9.r6.ln': 'Transformers, RNNs, BERT, GPT',
  's10.title': '10. The same thing in code',
  's10.body': '<p>Every figure on this page calls the library as below. The same calls work in a blog post or in Node.</p>',
  's10.prepost': '<strong>Pre-Norm vs Post-Norm</strong> — the original Transformer used sublayer → add residual → LayerNorm (Post-Norm). Recent LLMs such as GPT-3, LLaMA and Mistral use LayerNorm → sublayer → add residual (Pre-Norm): the residual path never passes through a normalization, which keeps training stable even near 100 layers.',

  's11.title': '11. Inside an encoder block',
  's11.body': '<p>The encoder is where the position-encoded input goes first. One encoder block has two sublayers: <strong>multi-head self-attention</strong>, where every position consults every other to gather context, and a <strong>position-wise feed-forward network (FFN)</strong>, which applies the same nonlinear map to each token separately. Both are wrapped in a residual connection and layer normalization (Add & Norm).</p>',
  's12.title': '12. Self-attention and the padding mask',
  's12.body': '<p>In the encoder’s self-attention, queries, keys and values all come from the same input x. In “The player won a silver medal”, “The” may attend strongly to “player”. &lt;PAD&gt; tokens added to fill a batch are blocked by setting their attention scores to −∞, so after the softmax their weight is exactly 0.</p>',
  's13.title': '13. The feed-forward network',
  's13.body': '<p>The FFN is two linear maps with a ReLU or GELU between them. Its inner width d_ff is usually 4 × d_model; the original paper used d_model = 512 and d_ff = 2048. It is applied to each position independently, so changing one token changes only that token’s FFN output.</p>',
  's14.title': '14. Stacking N layers; Post-Norm vs Pre-Norm',
  's14.body': '<p>Stacking the same block N times makes the representation more abstract: shallow layers tend to carry surface information such as parts of speech and word relations, middle layers phrase structure and grammar, deep layers meaning and long-range dependencies. The final output is a (seq_len × d_model) matrix with context folded into every token.</p>',
  's14.th.aspect': 'Aspect', 's14.th.post': 'Post-Norm', 's14.th.pre': 'Pre-Norm',
  's14.r1': 'Formula', 's14.r2': 'Training stability', 's14.r2.post': 'can become unstable when deep; warm-up matters', 's14.r2.pre': 'more stable: the residual path stays clean',
  's14.r3': 'Used in', 's14.r3.post': 'the original paper, BERT', 's14.r3.pre': 'GPT-3, LLaMA and most recent LLMs',
  's14.summary': '<ul><li>Encoder block = self-attention + FFN, each wrapped in Add & Norm.</li><li>Self-attention gathers context from the whole sentence; the FFN transforms each token on its own.</li><li>Stacking layers builds increasingly abstract representations.</li><li>The final output is a (seq_len × d_model) matrix with context in every token.</li></ul>',

  // ── <nw-pe-heatmap> ──
  'peHeatmap.title': 'The PE matrix as a heatmap',
  'peHeatmap.caption': 'Red = +1, white = 0, blue = −1. While you drag a slider the WebAssembly kernel recomputes the whole table.',
  'peHeatmap.dModel': 'd_model',
  'peHeatmap.seqLen': 'seq_len',
  'peHeatmap.yAxis': 'position pos (0 → {max})',
  'peHeatmap.xLeft': '← high frequency (dim 0)',
  'peHeatmap.xLeftConcat': '← sin half | cos half',
  'peHeatmap.xRight': 'low frequency (dim {max}) →',
  'peHeatmap.aria': 'Positional-encoding heatmap, {seqLen} positions by {dModel} dimensions. Use the arrow keys to move the cursor and read values.',
  'peHeatmap.readout': 'PE(pos={pos}, dim={dim}) = {fn}(pos / 10000^(2·{i}/d_model)) = {value}\nwhole table: min {min}, max {max}',
  'peHeatmap.keys': 'Point at the heatmap, or focus it and use the arrow keys (Shift = 10 cells) to read values.',

  // ── <nw-pe-waves> ──
  // ── </nw-pe-waves> ──

  // ── <nw-order-demo> ──
  // ── </nw-order-demo> ──

  // ── <nw-pe-properties> ──
  // ── </nw-pe-properties> ──

  // ── <nw-pe-compare> ──
  // ── </nw-pe-compare> ──
};
