// English strings — every text the page and the figure elements show lives here (and in ko.js).
// {name} placeholders are filled at run time. The HTML in page.* values is our own static text.
export default {
  // ── common ──
  'common.loading': 'Loading the WebAssembly kernels…',
  'common.loadError': 'Could not load the compute module: {message}',
  'common.noSimd':
    'This browser lacks WebAssembly SIMD. Please open the page in Chrome/Edge 91+, Firefox 89+ or Safari 16.4+.',
  'common.noWasm':
    'This browser runs no WebAssembly (it is turned off, as in iOS Lockdown Mode), so this figure cannot compute. Allow it for this site, or open the page in another browser.',
  'common.parityRunning': 'Checking against PyTorch…',
  'common.parityOk': 'PyTorch parity ✓ max error {error} (tolerance {tolerance})',
  'common.parityBad': 'PyTorch parity ✗ max error {error} (tolerance {tolerance})',
  'common.parityError': 'PyTorch check failed: {message}',
  'common.parityUnavailable': 'PyTorch check skipped: reference tensors not found',
  // ── share / embed / save menu (every figure) ──
  'share.button': 'Share · embed · save',
  'share.panel': 'Share, embed or save this figure',
  'share.script': 'Copy script tag',
  'share.iframe': 'Copy iframe code',
  'share.link': 'Copy link to this figure',
  'share.svg': 'Save as SVG',
  'share.png': 'Save as PNG',
  'share.copied': '{what}: copied (with the current state).',
  'share.copyByHand': 'The clipboard is not available here; copy the text below by hand.',
  'share.saved': 'Saved {name}.',
  'share.saveFailed': 'Could not save: {message}',
  'share.article': 'Copy link to the article here',
  'share.codepen': 'Open in CodePen',
  'share.codepenOpened': 'Sent to CodePen in a new tab. Save the pen to get a link for places that take no script.',
  'share.codepenRefused':
    'This page’s security policy blocks sending to CodePen. Paste the script tag below into a new pen’s HTML.',
  'share.downloadStarted':
    'Download of {name} started. If none appears, this frame blocks downloads: save the picture below from its menu.',
  'share.downloadBlocked':
    'This frame does not allow downloads, so nothing was saved. Save the picture below from its menu (right-click or long-press).',
  'share.openPage': 'Open the figure’s page',
  // ── embed.html (one figure alone) ──
  'embed.unknown': 'There is no normwave figure named “{fig}”.',
  'embed.title': '{title} · normwave',
  'pe.layout': 'Layout',
  'pe.layout.interleaved': 'Interleaved',
  'pe.layout.concat': 'Concatenated',

  // ── page ──
  'page.title': 'Positional Encoding, Layer Normalization and the Encoder',
  'page.subtitle':
    'How a Transformer knows word order and how it keeps deep stacks stable — computed live in your browser by C++ kernels compiled to WebAssembly SIMD.',
  'page.meta': 'Every number and figure is computed in this browser right now · normwave {version}',
  'page.langSwitch': '한국어',
  'page.themeLabel': 'Theme',
  'page.theme.auto': 'System',
  'page.theme.light': 'Light',
  'page.theme.dark': 'Dark',
  'page.toc': 'Contents',
  'page.formulaLabel': 'Formula (scrolls sideways)',
  'page.skip': 'Skip to the article',
  'page.partA': 'Part A · Positional encoding',
  'page.partB': 'Part B · Layer normalization',
  'page.partC': 'Part C · The Transformer encoder',
  'page.noSimd':
    'This browser cannot run WebAssembly SIMD, so the figures cannot compute. Please use Chrome/Edge 91+, Firefox 89+ or Safari 16.4+.',
  'page.footer':
    'normwave — formulas typeset by KaTeX; numbers computed by C++ kernels written with xsimd and compiled by Emscripten to a WebAssembly SIMD module. Code and tests are in the repository.',
  'page.description':
    'Positional encoding (sin/cos, RoPE, ALiBi) and layer normalization (LayerNorm, RMSNorm, Pre-LN) in a Transformer, explained with formulas and live figures. Every number is computed in your browser by WebAssembly SIMD.',
  'page.noWasmCsp':
    "This page's Content-Security-Policy forbids compiling WebAssembly, so the figures cannot compute (script-src needs 'wasm-unsafe-eval'). Your browser's SIMD support is not the problem.",
  'page.island':
    'Interactive figure — scroll here and your browser computes and draws it with the WebAssembly kernels (needs JavaScript).',
  'page.ogImageAlt': 'A heatmap of the positional-encoding table: embedding dimensions across, positions down.',
  'page.refs.title': 'References',
  'page.refs.note':
    'Every work the article cites. A citation in the text links here; pointing at it or focusing it shows the entry.',
  'page.refs.blog': '[blog post]',
  'page.refs.forum': '[forum post]',
  'page.figure.title': '{title} · normwave',
  'page.figure.inArticle': 'Read about it in the article',
  'page.figure.imageAlt': 'The figure “{title}” at its default settings',
  'page.figure.noscript':
    'This figure is computed and drawn by JavaScript. Here it is as a picture, at its default settings:',
  'page.figure.embedTitle': 'Put this figure in your own post',
  'page.figure.embedBody':
    '<p>Paste the link of this page into Notion, Medium, Ghost, Slack or Discord: where the platform embeds, the live figure appears; elsewhere a card with its picture. Where a post may hold a script (Tistory in HTML mode, a WordPress Custom HTML block, Hugo or Jekyll), paste the script tag; where it may hold an iframe, the iframe. Where it may hold neither (Velog, Medium), open the figure in CodePen from its share menu, save the pen and paste the pen’s link. The share menu under the figure copies each of these with the figure’s current settings.</p>',
  'page.figure.scriptLabel': 'Script tag (the figure at its default settings)',
  'page.figure.iframeLabel': 'Iframe',

  's1.title': 'Why position matters',
  's1.body':
    '<p>Self-attention looks at every token of a sentence at once. That makes it fast and parallel, but it also means <strong>it cannot tell tokens apart by order</strong>. Attention only scores pairs of tokens, so if you permute the input rows, the output rows are permuted the same way and otherwise unchanged (permutation equivariance).</p><p>“The dog bit the man” and “the man bit the dog” are made of the same words but say opposite things; “only she saw the cat” and “she only saw the cat” differ in what “only” limits. To attention each pair is the same bag of words. Languages that mark roles with case endings or particles, such as Korean, seem to need order less, but a particle is a token too: once split into tokens, which particle belongs to which noun is known only from the order. So the Transformer adds a distinct vector PE(pos) to the embedding at every position.</p>',
  's1.figNote':
    'The figure runs a real encoder with random weights on a sentence and on a permutation of it. Without PE the two outputs are the same set of rows in a different order; with PE added they differ.',

  's2.title': 'The sin/cos formula, piece by piece',
  's2.intro':
    '<p>The encoding proposed in “Attention Is All You Need” (<a data-cite="vaswani2017"></a>) is a formula with no parameters at all.</p>',
  's2.symbols':
    '<dl class="symbols"><dt>pos</dt><dd>the token’s position in the sequence (0, 1, …, seq_len − 1)</dd><dt>i</dt><dd>the index of a sin/cos pair (0, 1, …, d_model/2 − 1); dimension 2i holds the sin, 2i+1 the cos</dd><dt>d_model</dt><dd>the embedding width (BERT-base 768, GPT-3 12288)</dd><dt>10000</dt><dd>the constant that sets the range of wavelengths, growing geometrically from 2π (i = 0) to about 10000·2π (the last pair)</dd></dl>',
  's2.body':
    '<p>The PE of one position is a vector of d_model numbers, and each pair has its own frequency. Pairs with small i are <strong>high-frequency</strong>: they change a lot from one position to the next. Pairs with large i are <strong>low-frequency</strong>: they drift slowly over thousands of positions.</p>',
  's2.callout':
    '<strong>Think of binary digits</strong> — the ones digit flips every step while the thousands digit barely moves. Likewise the high-frequency dimensions are a fine fingerprint that separates neighbours, and the low-frequency ones are a coarse ruler that separates distant positions. PE’s “digits” are continuous waves rather than 0s and 1s.',
  's2.sum':
    '<strong>Why add PE instead of appending it?</strong> — Concatenating [embedding | PE] would widen every token vector, and every weight matrix after it, by the width given to position, and would fix in advance how that width is split between word and position. Adding keeps d_model as it is. The price is that word and position share the same numbers. <a data-cite="kazemnejad2019">Kazemnejad (2019)</a> discusses the choice: adding saves the parameters that concatenating would cost, and because the word embeddings are learned with the PE already added, training can keep word information away from where the positional signal is strong. The heatmap below shows where that is: the PE varies most in the first, high-frequency dimensions and hardly at all in the last ones over a sentence.',

  's3.title': 'The PE matrix as a heatmap',
  's3.body':
    '<p>Colour the whole table [seq_len × d_model] and its structure appears at once. The horizontal axis is the embedding dimension, the vertical axis the position. Columns on the left (high frequency) are tight stripes; columns on the right (low frequency) are broad, almost constant bands. Push d_model up to 1024 and seq_len to 2048 below: the table is recomputed on every move. Point at the heatmap and the wave figure above and the properties figure below follow the same position and pair.</p>',

  's4.title': 'Four reasons for sin and cos',
  's4.p1':
    '<h3>① Bounded: every value lies in [−1, 1]</h3><p>sin and cos never exceed ±1, so adding PE to an embedding never blows up at far positions. Using the position itself, or an exponential, would grow with sentence length and destabilize training.</p>',
  's4.p2':
    '<h3>② Deterministic and unique: a different pattern at every position</h3><p>Hundreds of waves with different frequencies are read together, so two different positions practically never share a vector. And because a formula makes them, there are zero parameters to learn.</p>',
  's4.p3':
    '<h3>③ Relative position: one linear map shifts by k</h3><p>Thanks to the angle-addition identities, PE(pos+k) is a rotation M<sub>k</sub> of PE(pos), and M<sub>k</sub> depends only on k, not on pos. <a data-cite="vaswani2017">Vaswani et al.</a> chose sin and cos because they hypothesized that this would let the model learn easily to attend by relative position; the paper states it as a hypothesis, not as a measured result. Applying the same rotation directly to Q and K is RoPE (<a data-cite="su2021"></a>).</p>',
  's4.p4':
    '<h3>④ Extrapolation: defined beyond the training length</h3><p>It is a formula, so a model trained on at most 512 positions can still compute PE at pos = 600. Quality is not guaranteed there, but a learned table simply has no value for that position.</p>',
  's4.addition': 'Angle addition — why relative positions are linear',

  's5.title': 'Fixed, learned, RoPE and ALiBi',
  's5.body':
    '<p>The original sinusoidal encoding is not the only way to inject position. BERT (<a data-cite="devlin2019"></a>) and GPT-2/3 (<a data-cite="radford2019"></a>; <a data-cite="brown2020"></a>) learned one vector per position as parameters. The original paper tried learned positions too and found the two versions nearly identical (Table 3, row E, of <a data-cite="vaswani2017">Vaswani et al.</a>). Many recent LLMs handle relative position inside attention instead, as RoPE (<a data-cite="su2021"></a>) and ALiBi (<a data-cite="press2022"></a>) do.</p>',
  's5.callout':
    '<strong>A common choice today, RoPE</strong> — LLaMA (<a data-cite="touvron2023"></a>) and Gemma (<a data-cite="gemma2024"></a>), among others, use Rotary Position Embedding. Rotating Q and K by angles proportional to their positions makes their dot product depend only on the difference of positions, so relative position enters the attention score directly. RoPE alone does not make contexts longer than the training length work, though: quality usually drops once positions bring rotation angles the model never saw in training. Contexts of tens of thousands of tokens come from further training on long data and from methods that rescale the positions: position interpolation (<a data-cite="chen2023"></a>), NTK-aware scaling of the frequency base (first described in a forum post, <a data-cite="bloc97-2023"></a>) and YaRN (<a data-cite="peng2023"></a>).',

  's6.title': 'Why normalize',
  's6.body':
    '<p>Stack many layers (GPT-3 has 96, <a data-cite="brown2020"></a>) in a <strong>plain</strong> stack, where each layer’s output is the next layer’s only input, and each one scales its activations up or down a little; the effects multiply until activations <strong>explode or vanish</strong>. The figure below is such a plain stack — random linear layers, an MLP without residual connections — and measures this on the forward values; its Backward view measures the gradients, which travel the same layers backwards and multiply the same way.</p><p>A Transformer is not a plain stack. Its residual connections add each sublayer’s output to a running stream instead of feeding it through the next layer alone, and that is what stops the compounding. The stream can still grow with depth: the Pre-LN figure of <a data-xref="s15"></a> measures its norm rising layer by layer. There, normalization keeps the input of each sublayer at a fixed scale.</p><p>The batch-normalization paper (<a data-cite="ioffe2015"></a>) explained normalization’s benefit as reducing internal covariate shift: whenever an earlier layer’s weights change, the distribution a later layer receives shifts too. That explanation is debated: <a data-cite="santurkar2018">Santurkar et al. (2018)</a> argued that batch normalization helps less by reducing covariate shift than by making the loss landscape smoother. In the plain stack below, normalizing after every layer brings the activations back to mean 0 and variance 1, which breaks the compounding of sizes.</p>',
  's7.title': 'The μ · σ · γ · β formula',
  's7.body':
    '<p>Layer normalization (<a data-cite="ba2016"></a>) computes the mean and variance <strong>within one token’s vector</strong>, across its H = d_model features. It subtracts the mean to centre, divides by the standard deviation to rescale, and then lets learned γ and β set whatever scale and offset the model prefers.</p>',
  's7.symbols':
    '<dl class="symbols"><dt>H</dt><dd>the number of features normalized, usually d_model (768, 4096 …)</dd><dt>μ, σ²</dt><dd>the mean of that vector and its variance divided by H (the population variance) — one scalar each per token</dd><dt>ε</dt><dd>a small constant that keeps the division safe (1e-5, 1e-6)</dd><dt>γ, β</dt><dd>a learned scale and shift per feature (H each). With γ = 1 and β = 0 it is plain standardization.</dd></dl>',
  's7.callout':
    '<strong>Why γ and β</strong> — normalization alone would fix every layer’s output to mean 0 and variance 1. It fixes only those two numbers: the shape of the distribution (skew, heavy tails, several peaks) passes through unchanged, so the result is not a normal distribution unless the input was one. The best mean and scale may differ from layer to layer, and γ and β give the model the freedom to restore them.',
  's8.title': 'A layer-norm simulator',
  's8.body':
    '<p>Change the input distribution’s mean and spread, and γ and β, and compare the distributions before and after normalization.</p>',
  's9.title': 'Batch norm vs layer norm',
  's9.body':
    '<p>Before Transformers, batch normalization (BN, <a data-cite="ioffe2015"></a>) was the standard. The difference is <strong>which axis the statistics run over</strong>: BN pools the same feature across the samples of a batch (down a column); LN pools all the features of one sample (along a row).</p>',
  's9.th.aspect': 'Aspect',
  's9.th.bn': 'Batch normalization',
  's9.th.ln': 'Layer normalization',
  's9.r1': 'Axis',
  's9.r1.bn': 'the batch dimension N (plus spatial dims in CNNs)',
  's9.r1.ln': 'the feature dimension H — within a sample',
  's9.r2': 'Statistics',
  's9.r2.bn': 'mean/variance of one feature over the batch',
  's9.r2.ln': 'mean/variance of all features of one sample',
  's9.r3': 'Batch dependence',
  's9.r3.bn': 'strong — unstable with small batches',
  's9.r3.ln': 'none — works on a single sample',
  's9.r4': 'At inference',
  's9.r4.bn': 'uses running averages collected in training (train ≠ test)',
  's9.r4.ln': 'computed exactly as in training',
  's9.r5': 'RNNs and Transformers',
  's9.r5.bn': 'poor fit — sensitive to varying sequence length',
  's9.r5.ln': 'good fit — each token normalized on its own',
  's9.r6': 'Typical use',
  's9.r6.bn': 'CNN image models (ResNet, <a data-cite="he2016"></a>)',
  's9.r6.ln': 'Transformers, RNNs, BERT, GPT',
  's10.title': 'The same thing in code: PyTorch and C++',
  's10.prepost':
    '<strong>Pre-LN vs Post-LN</strong> — the original Transformer used sublayer → add residual → LayerNorm (Post-LN). GPT-2 moved the LayerNorm to the input of each sublayer (<a data-cite="radford2019"></a>), and GPT-3 and LLaMA use LayerNorm (in LLaMA, RMSNorm) → sublayer → add residual (Pre-LN). <a data-cite="xiong2020">Xiong et al. (2020)</a> showed that at initialization the gradients of the layers near the output are large in Post-LN, which makes a learning-rate warm-up necessary, and that Pre-LN trains without the warm-up.',

  's11.title': 'Inside an encoder block',
  's11.body':
    '<p>The encoder is where the position-encoded input goes first. One encoder block has two sublayers: <strong>multi-head self-attention</strong>, where every position consults every other to gather context, and a <strong>position-wise feed-forward network (FFN)</strong>, which applies the same nonlinear map to each token separately. Both are wrapped in a residual connection and layer normalization (Add & Norm).</p>',
  's12.title': 'Self-attention and the padding mask',
  's12.body':
    '<p>In the encoder’s self-attention, queries, keys and values all come from the same input x. In “The player won a silver medal”, “The” may attend strongly to “player”. &lt;PAD&gt; tokens added to fill a batch are blocked by setting their attention scores to −∞, so after the softmax their weight is exactly 0.</p>',
  's12.model':
    '<p>The model in the figure below is a small encoder this project trained itself. The training script, the task and the accuracy are stated in the figure; its weights (.safetensors) ship with the site and are loaded in your browser with <code>loadSafetensors</code>. There is also a free-text sandbox with random weights, and a padding lab.</p>',
  's13.title': 'The feed-forward network',
  's13.body':
    '<p>The FFN is two linear maps with a ReLU or GELU between them. Its inner width d_ff is usually 4 × d_model; the original paper used d_model = 512 and d_ff = 2048. It is applied to each position independently, so changing one token changes only that token’s FFN output.</p>',
  's14.title': 'Stacking N layers; Post-LN vs Pre-LN',
  's14.body':
    '<p>Stacking the same block N times gives every token more rounds of gathering context. What the layers of a trained model hold has been probed for BERT-like encoders: in BERT, <a data-cite="tenney2019">Tenney et al. (2019)</a> found the steps of the classical NLP pipeline in order from lower to higher layers (parts of speech, then parsing, named entities, semantic roles and coreference), and <a data-cite="jawahar2019">Jawahar et al. (2019)</a> found surface features in the lower layers, syntactic ones in the middle and semantic ones at the top, with deeper layers needed for long-range agreement. Other models need not follow the same order, and the figure below uses untrained weights, so it does not show this. The final output is a (seq_len × d_model) matrix with context folded into every token.</p><p>Where the LayerNorm sits matters once you stack deep. The original paper and BERT (<a data-cite="devlin2019"></a>) normalize after the sublayer (<strong>Post-LN</strong>); recent models prefer to normalize before it (<strong>Pre-LN</strong>), which leaves the residual path without any normalization. Stack layers both ways in the figure below, then compare with the table after it.</p>',
  's14.th.aspect': 'Aspect',
  's14.th.post': 'Post-LN',
  's14.th.pre': 'Pre-LN',
  's14.r1': 'Formula',
  's14.r2': 'Training stability',
  's14.r2.post':
    'at initialization the layers near the output get large gradients, so a large learning rate needs a warm-up (<a data-cite="xiong2020"></a>); with a warm-up it trains well and often ends better (<a data-cite="liu2020"></a>)',
  's14.r2.pre':
    'trained without a warm-up in the experiments of <a data-cite="xiong2020">Xiong et al. (2020)</a>; the training figure of <a data-xref="s14"></a> compares both placements with and without one at our small scale',
  's14.r3': 'Used in',
  's14.r3.post': 'the original paper, BERT',
  's14.r3.pre': 'GPT-3, LLaMA and most recent LLMs',
  's14.summary':
    '<ul><li>Encoder block = self-attention + FFN, each wrapped in a residual connection and LayerNorm (Add & Norm).</li><li>Self-attention gathers context from the whole sentence; the FFN transforms each token on its own.</li><li>The block is stacked N times. The positional encoding is added once, before the stack.</li><li>The LayerNorm can come after the addition, as in the original paper (Post-LN), or before each sublayer, as in recent LLMs (Pre-LN). A Pre-LN stack needs one more LayerNorm at the end; a Post-LN stack already ends with a LayerNorm, so one more is redundant.</li><li>The final output is a (seq_len × d_model) matrix with context in every token.</li></ul>',

  's6.analogy':
    '<strong>A 30-second analogy</strong> — batch norm grades on a curve set by “the whole class that sat the same exam”: if the class size jumps around, or you must grade one student at a time, the curve wobbles. Layer norm rescales “one student’s marks across subjects” within that student, so batch size never enters.',
  's7.pipeline':
    '<p>Below, one token (H = 8) passes through layer normalization. Edit its values. γ and β are vectors of length H, not scalars: every dimension has its own scale and shift. Click or focus a symbol in the formulas to see what it means.</p>',
  's9.limits':
    '<p>Layer norm targeted three weaknesses of batch norm. <strong>① Batch dependence</strong> — small batches give noisy μ and σ, and splitting a batch across GPUs makes the statistics awkward to gather. <strong>② A poor fit for RNNs</strong> — statistics differ per time step and per length. <strong>③ Train/test mismatch</strong> — inference must use running averages collected during training. Layer norm uses only the features of one sample, so none of these applies. Halve the batch below and see the difference.</p>',
  's15.title': 'Layer norm inside the Transformer: Pre-LN, Post-LN, RMSNorm',
  's15.body':
    '<p>Where the normalization sits relative to the residual connection gives two LN placements. <strong>Post-LN</strong>, y = LN(x + Sub(x)), normalizes after adding the residual; <strong>Pre-LN</strong>, y = x + Sub(LN(x)), normalizes only the sublayer’s input. In Pre-LN the skip path carries no normalization, so x reaches y untouched; this is often described as a “highway” along which gradients flow straight back. The figure below measures forward values only. The gradients themselves are measured, by the library’s backward pass, in the figure “Gradients at initialization” of <a data-xref="s14"></a>, beside a model you can train with either placement.</p><p>Two analyses of the gradients disagree on the cause. <a data-cite="xiong2020">Xiong et al. (2020)</a> showed, with a mean-field argument at initialization, that Post-LN has large gradients in the layers near the output, so a large learning rate needs a warm-up, and that Pre-LN trained without one in their experiments. <a data-cite="liu2020">Liu et al. (2020)</a> found unbalanced gradients not to be the root cause: in their account Post-LN leans heavily on its residual branches, which amplifies small parameter updates into large changes of the output. Our own figures are two layers on one small task, so they illustrate these findings and do not test them. GPT-2 (<a data-cite="radford2019"></a>) and many LLMs after it use Pre-LN or a variant of it.</p>',
  's15.rms':
    '<p><strong>RMSNorm</strong> (<a data-cite="zhang2019"></a>) drops the mean subtraction and rescales by the root mean square alone. With no separate mean to subtract it computes less: Zhang and Sennrich report running times 7% to 64% lower than with LayerNorm, depending on the model, at comparable quality (the figure below measures the ratio in this browser). LLaMA (<a data-cite="touvron2023"></a>) and Gemma (<a data-cite="gemma2024"></a>), among others, use RMSNorm.</p>',
  's16.title': 'Result tables (source not traceable) and the key ideas',
  's16.body':
    '<p>The source article presents the two tables below, in which layer normalization beats batch normalization in recurrent networks. It labels the machine-translation table as a result of “the original paper” without naming the paper or the table, and gives no source for the language-model table; we could not trace either set of numbers. So they are copied here as the article’s numbers only, with nothing highlighted, and marked as untraceable. Do not draw conclusions from them.</p>',
  's16.mt.caption': 'Machine translation BLEU — numbers as printed in the source article, source not traceable',
  's16.lm.caption':
    'Penn Treebank language model perplexity (lower is better) — numbers as printed in the source article, source not traceable',
  's16.model': 'Model',
  's16.ppl': 'Perplexity',
  's16.rnn': 'RNN baseline',
  's16.intuition':
    '<p>Transformers compute token by token. Correcting “how skewed are the features inside this token” — layer norm — fits naturally; asking “how is this feature across the batch” — batch norm — fits less well.</p>',
  's16.kc.caption': 'Key ideas',
  's16.kc.concept': 'Concept',
  's16.kc.idea': 'Idea',
  's16.kc.axis': 'Normalization axis',
  's16.kc.axis.v': 'the features of one sample — independent of the batch',
  's16.kc.gb.v': 'learned scale and shift per feature',
  's16.kc.pre.v': 'normalize before the sublayer — today’s default',
  's16.kc.rms.v': 'scale by RMS only, no mean — LLaMA',
  's17.title': 'Check your understanding',
  's17.body':
    '<p>The five questions of the layer-norm article, plus questions that ask for a calculation or cover positional encoding and attention; they come after the last section they test. Pick an option, then press “Check answer” (or Enter): the first answer you check is the one scored, and only the checked option’s explanation is shown. You may check other options to read their explanations, but the score stays. Every question links to the figure that shows the answer. Grading happens in this page only, and your answers are saved in this browser per question set.</p>',
  's10.body':
    '<p>The source articles show PE, LayerNorm, a Pre-LN block, the FFN and an encoder layer in PyTorch. Below is the same in PyTorch code this project wrote itself, beside the C++ kernels that actually compute this page’s figures (the C++ is taken from cpp/ when the site is built). Point at or focus a line of code to see which step it performs; figures that draw the same step highlight it too.</p>',

  // ── <nw-kernel-source> ──
  'kernelSource.title': 'The articles’ code, ours: PyTorch beside this page’s C++ kernels',
  'kernelSource.kernel': 'Code',
  'kernelSource.codeLabel': 'C++ source {file}',
  'kernelSource.jsLabel': 'The JavaScript that calls the kernel',
  'kernelSource.result': 'Result, computed in this browser just now',

  // ── <nw-pe-heatmap> ──
  'peHeatmap.title': 'The PE matrix as a heatmap',
  'peHeatmap.caption': 'Red = +1, white = 0, blue = −1. While you drag a slider the whole table is recomputed.',
  'peHeatmap.dModel': 'd_model',
  'peHeatmap.seqLen': 'seq_len',
  'peHeatmap.yAxis': 'position pos (0 → {max})',
  'peHeatmap.xLeft': '← high frequency (dim 0)',
  'peHeatmap.xLeftConcat': '← sin half | cos half',
  'peHeatmap.xRight': 'low frequency (dim {max}) →',
  'peHeatmap.aria':
    'Positional-encoding heatmap, {seqLen} positions by {dModel} dimensions. Use the arrow keys to move the cursor and read values.',
  'peHeatmap.readout':
    'PE(pos={pos}, dim={dim}) = {fn}(pos / 10000^(2·{i}/d_model)) = {value}\nwhole table: min {min}, max {max}',
  'peHeatmap.keys':
    'Point at the heatmap, or focus it and use the arrow keys (Shift = 10 cells) to read values. The wave and property figures on the same page follow the chosen position and sin/cos pair.',

  // ── <nw-pe-waves> ──
  'peWaves.title': 'Waveform explorer',
  'peWaves.caption':
    'Positions 0 to {last}: the sin and cos of the chosen pair (bold, solid) and of a second pair for comparison (faint, dashed). Each curve is a smooth line through the values of the PE table at every whole position. The ▶ button sweeps the position from 0 to the end.',
  'peWaves.pos': 'position pos',
  'peWaves.i': 'pair i (solid)',
  'peWaves.iLow': '2nd pair (dashed)',
  'peWaves.dModel': 'd_model',
  'peWaves.xAxis': 'position pos →',
  'peWaves.marker': 'pos = {pos}',
  'peWaves.aria':
    'Positional-encoding waves over positions 0 to {last}: sin and cos of pair {i} as solid lines, of pair {iLow} as dashed lines, and a vertical marker at pos = {pos}. The exact values are in the readout below.',
  'peWaves.legend': '{fn}, i = {i} → dim {col}',
  'peWaves.stripTitle': 'Where the four plotted dims sit in the d_model vector ({layout}, 0 … {max})',
  'peWaves.stripSin': 'sin half',
  'peWaves.stripCos': 'cos half',
  'peWaves.noteInterleaved':
    'Interleaved (as in the paper): the sin of pair i is dim 2i and its cos sits right next to it in dim 2i+1.',
  'peWaves.noteConcat':
    'Concatenated: all the sines fill the first half and all the cosines the second, so the sin of pair i is dim i and its cos is dim d_model/2 + i. Same numbers, columns in another order.',
  'peWaves.readoutHead': 'pos = {pos} · d_model = {d} · {layout}',
  'peWaves.readoutValue': 'PE({pos}, {col}) = {fn}({pos} / 10000^({k}/{d})) = {value}',
  'peWaves.readoutLambda': 'wavelength of pair i = {i}: 2π·10000^({k}/{d}) = {lambda} positions',
  'peWaves.claim.wavelength.holds':
    'Read off the table, pair i = {i} repeats every {lambda} positions: the formula’s 2π·10000^({k}/{d}) = {formula}.',
  'peWaves.claim.wavelength.fails':
    'Read off the table, pair i = {i} repeats every {lambda} positions, not the formula’s {formula}.',
  'peWaves.claim.wavelength.evidence': '|λ from the table ÷ formula − 1|: {value}',
  // ── </nw-pe-waves> ──

  // ── <nw-order-demo> ──
  'orderDemo.title': 'Shuffle the words: does the encoder notice?',
  'orderDemo.caption':
    'One encoder layer with random weights (d_model {d}, {heads} heads, d_ff {dff}) reads the sentence and a reordered copy of it. The token embeddings are random vectors from a fixed seed, so the figure shows the same numbers every time.',
  'orderDemo.tokens': 'only|she|saw|the|cat',
  'orderDemo.pe': 'Positional encoding',
  'orderDemo.peOff': 'No PE',
  'orderDemo.peOn': 'Add PE',
  'orderDemo.original': 'Original',
  'orderDemo.permuted': 'Reordered',
  'orderDemo.slot': 'Token {n} of the reordered sentence',
  'orderDemo.shuffle': 'Shuffle',
  'orderDemo.reset': 'Original order',
  'orderDemo.matrixCaption':
    'Rows are the outputs for the original sentence, columns those for the reordered one. Each cell is the Euclidean distance between two output vectors; the outlined cell in each row is its nearest match.',
  'orderDemo.aria':
    '{n} × {n} distance matrix between the encoder outputs of the original sentence (rows) and the reordered sentence (columns). The summary is in the readout below.',
  'orderDemo.badgeSame': 'Identical up to order',
  'orderDemo.badgeDiffer': 'Outputs differ',
  'orderDemo.identity': 'The order is unchanged, so the two inputs are identical.',
  'orderDemo.readout':
    'Distance from each original row to its nearest reordered row: smallest {closest}, largest {worst}.',
  'orderDemo.claim.sameRows.holds':
    'Every output row of the original sentence has an exact twin among the reordered outputs: without PE the encoder sees the same rows in another order. Largest distance to a twin: {worst} (below {tol}).',
  'orderDemo.claim.sameRows.fails':
    'Even the closest pair of rows is {closest} apart (largest nearest-row distance {worst}). PE added a different vector at each position, so the two inputs are no longer the same rows in another order.',
  'orderDemo.claim.sameRows.evidence': 'largest nearest-row distance: {value}',
  // ── </nw-order-demo> ──

  // ── <nw-pe-properties> ──
  'peProps.title': 'Four properties of the sine–cosine PE, measured',
  'peProps.caption':
    'Every number below is computed on the spot from the PE table built for the current d_model and seq_len. Pick a property with the tabs and move the sliders.',
  'peProps.dModel': 'd_model',
  'peProps.seqLen': 'seq_len',
  'peProps.tabs': 'Four properties of the PE',
  'peProps.tab.bounded': '① Bounded',
  'peProps.tab.unique': '② Unique',
  'peProps.tab.relative': '③ Relative position',
  'peProps.tab.extrapolation': '④ Extrapolation',
  'peProps.keys': 'Focus a tab and use ←/→ to switch properties (Home/End for the first/last).',
  'peProps.bounded.lead':
    'All {count} values of the PE table in one histogram. The shaded bands on either side lie outside [−1, 1]; the number in each is how many values landed there.',
  'peProps.bounded.aria': 'Histogram of {count} PE values: minimum {min}, maximum {max}',
  'peProps.bounded.min': 'min {v}',
  'peProps.bounded.max': 'max {v}',
  'peProps.bounded.xAxis': 'PE value',
  'peProps.bounded.layoutNote':
    'The layout (interleaved or concatenated) only reorders columns, so the histogram, the minimum and the maximum stay the same.',
  'peProps.bounded.readout':
    '{count} values (seq_len {n} × d_model {d})\nmin {min}, max {max}\nvalues outside [−1, 1]: {outside}\nfor comparison: adding the raw position pos would reach {naive}',
  'peProps.unique.lead':
    'The Euclidean distance of every one of the {pairs} pairs of distinct positions. The Gram matrix G = PE·PEᵀ holds all the dot products at once, and distance² = |a|² + |b|² − 2a·b.',
  'peProps.unique.distTitle': 'Distance ‖PE(p) − PE(q)‖ (darker = closer; dashed = every pair at the closest gap)',
  'peProps.unique.distAria':
    'Distance matrix of {n}×{n} positions. The closest pair is pos {p} and pos {q}, distance {dist}.',
  'peProps.unique.axes': 'row p, column q = 0 … {max}',
  'peProps.unique.curveTitle': 'Distance between two positions Δ apart',
  'peProps.unique.curveAria':
    'Distance against gap. The shortest distance is {dist} at Δ = {delta}; the longest is {far}.',
  'peProps.unique.minLabel': 'min: Δ = {delta}, {dist}',
  'peProps.unique.xAxis': 'gap Δ = q − p',
  'peProps.unique.readout':
    'closest pair: pos {p} and pos {q} (gap {delta}), distance {dist}\nlargest distance among the {pairs} pairs: {far}\nevery row has length ‖PE(pos)‖ = {norm} (√(d_model/2) = {root})',
  'peProps.k': 'shift k',
  'peProps.relative.lead':
    'M_k consists of d_model/2 rotation blocks of size 2×2; block i turns by the angle k·ω_i. Its cos and sin are read straight from row k of the table. M_k·PE(pos) is computed for every position at once and compared with PE(pos+k). The unit circle below draws one pair in the plane: each step in position turns the point by ω_i, and the point k positions later sits exactly k·ω_i further round.',
  'peProps.relative.blocksInterleaved':
    'Interleaved: block i occupies rows and columns 2i and 2i+1, so the 2×2 blocks sit next to each other along the diagonal.',
  'peProps.relative.blocksConcat':
    'Concatenated: block i is split over rows and columns i and i + d_model/2, giving four diagonal lines. Same numbers, same rotation, only the rows and columns are reordered, so the error is the same too.',
  'peProps.relative.mkTitle': 'All of M_k ({d}×{d}, k = {k})',
  'peProps.relative.mkAria': 'Heatmap of the {d}×{d} rotation matrix M_k for k = {k}',
  'peProps.relative.zoomTitle': 'The first four blocks, zoomed (top: dimension name and drawn row/column)',
  'peProps.relative.zoomAria': 'The first eight dimensions of M_k for k = {k}, with their values',
  'peProps.relative.simTitle': 'Dot products PE(p)·PE(q) (dashed: q − p = {k})',
  'peProps.relative.simAria': 'Heatmap of the {n}×{n} dot-product matrix. The dashed line is the diagonal q − p = {k}.',
  'peProps.relative.lineTitle': 'One diagonal against one row (k = {k})',
  'peProps.relative.lineAria': 'PE(p)·PE(p+{k}) (one gap) and PE(0)·PE(p) (a growing gap) plotted against p.',
  'peProps.relative.lineAxis': 'position p',
  'peProps.relative.lineDiag': 'PE(p)·PE(p+{k}): same gap, same value',
  'peProps.relative.lineRow': 'PE(0)·PE(p): the gap changes, so does the value',
  'peProps.relative.readout':
    'k = {k}, {layout}: over all {n} positions × {d} dims\nmax |PE(pos+k) − M_k·PE(pos)| = {err}\nPE(p)·PE(p+{k}) = {dot}, spread over p {spreadK}\nlargest spread along any diagonal (q − p fixed) {spread} (values range over −{half} … {half})',
  'peProps.trainedLen': 'training length L',
  'peProps.extra.lead':
    'Suppose the longest sentence seen in training had L tokens. The formula keeps producing values after L (the strip below is computed all the way to the end). A learned table has only L rows, so a later position has no row to look up.',
  'peProps.extra.sinLabel':
    'Sine–cosine PE: pos 0 … {last}, all from the formula (vertical: dimension, horizontal: position)',
  'peProps.extra.stripAria':
    'The PE table drawn as a strip of {n} positions by {d} dimensions, with a vertical line at the training length L = {L}.',
  'peProps.extra.learnedLabel': 'Learned PE table: rows only for trained positions',
  'peProps.extra.learnedBar': '{params} parameters',
  'peProps.extra.noRow': 'no row',
  'peProps.extra.beyond': 'past L, still from the formula →',
  'peProps.extra.marker': 'L = {L}',
  'peProps.extra.learnedAria':
    'Learned table: rows for {L} positions ({params} parameters) and no row for the {beyond} positions after them.',
  'peProps.extra.readout':
    'training length L = {L}, table length {n}\nsine–cosine: pos {L} … {last} ({beyond} rows) all computed, values in [{min}, {max}], row length {norm}\nneighbour distance: pos {Lm1}→{L} = {adjL}, pos 0→1 = {adj0}\nlearned: L × d_model = {L} × {d} = {params} parameters, no row for pos ≥ {L}, so the lookup fails',
  'peProps.claim.bounded.holds':
    'Every value lies in [−1, 1] (min {min}, max {max}); adding the raw position instead would reach {naive}.',
  'peProps.claim.bounded.fails': '{value} values fall outside [−1, 1].',
  'peProps.claim.bounded.evidence': 'values outside [−1, 1]: {value}',
  'peProps.claim.unique.holds':
    'Every position has a vector of its own: even the closest pair, pos {p} and pos {q}, is {value} apart.',
  'peProps.claim.unique.fails': 'Two positions nearly share a vector here: pos {p} and pos {q} are only {value} apart.',
  'peProps.claim.unique.evidence': 'closest distance: {value}',
  'peProps.claim.gapOnly.holds':
    'The distance depends only on the gap |p − q|: pairs with the same gap have the same dot product, and so the same distance, up to floating-point rounding.',
  'peProps.claim.gapOnly.fails': 'Pairs with the same gap differ by more than floating-point rounding here.',
  'peProps.claim.gapOnly.evidence': 'largest spread of PE(p)·PE(q) at one gap: {value}',
  'peProps.claim.rotation.holds':
    'M_k·PE(pos) lands on PE(pos + {k}) for all {n} positions: shifting by k positions is one linear map.',
  'peProps.claim.rotation.fails': 'M_k·PE(pos) misses PE(pos + {k}) by more than 10⁻⁴ here.',
  'peProps.claim.rotation.evidence': 'max |PE(pos+k) − M_k·PE(pos)|: {value}',
  'peProps.claim.sameDot.holds': 'PE(p)·PE(p + {k}) = {dot} whatever p is: the dot product sees only the gap.',
  'peProps.claim.sameDot.fails': 'PE(p)·PE(p + {k}) varies with p by more than rounding here.',
  'peProps.claim.sameDot.evidence': 'spread of PE(p)·PE(p+k) over p: {value}',
  'peProps.claim.pastL.holds':
    'Past L = {L} the formula keeps going: the {beyond} rows up to pos {last} are computed like the others, with values in [−1, 1].',
  'peProps.claim.pastL.fails': 'Past L = {L} a value leaves [−1, 1].',
  'peProps.claim.pastL.evidence': 'largest |value| past L: {value}',
  'peProps.claim.sameStep.holds':
    'Neighbours past L are as far apart as at the start: pos {Lm1}→{L} is {adjL}, pos 0→1 is {adj0}.',
  'peProps.claim.sameStep.fails': 'The step at L ({adjL}) differs from the first one ({adj0}).',
  'peProps.claim.sameStep.evidence': '|step at L − step at 0|: {value}',
  // ── </nw-pe-properties> ──

  // ── <nw-pe-compare> ──
  'peCompare.title': 'Three ways to give a Transformer positions',
  'peCompare.caption':
    'The table sums up how the three approaches differ; the two figures below compute the third column (RoPE and ALiBi) at work.',
  'peCompare.tableRegion': 'Comparison of positional-encoding methods (scrolls sideways on narrow screens)',
  'peCompare.tableCaption': 'Fixed sine–cosine PE, learned PE, and RoPE / ALiBi compared',
  'peCompare.th.aspect': 'Aspect',
  'peCompare.th.fixed': 'Fixed (sine–cosine)',
  'peCompare.th.learned': 'Learned',
  'peCompare.th.rope': 'RoPE / ALiBi',
  'peCompare.r.principle': 'Idea',
  'peCompare.r.principle.fixed': 'A formula gives each position a vector, added to the embedding',
  'peCompare.r.principle.learned': 'One parameter vector per position, learned from data and added to the embedding',
  'peCompare.r.principle.rope':
    'RoPE rotates q and k by their positions; ALiBi adds a penalty proportional to distance to the attention scores',
  'peCompare.r.params': 'Extra parameters',
  'peCompare.r.params.fixed': 'none',
  'peCompare.r.params.learned': 'max_len × d_model (BERT-base: 512 × 768 = 393,216)',
  'peCompare.r.params.rope': 'none (rotation angles and ALiBi’s coefficients m are fixed)',
  'peCompare.r.extrapolation': 'Beyond the training length',
  'peCompare.r.extrapolation.fixed': 'values exist, but quality tends to drop',
  'peCompare.r.extrapolation.learned': 'impossible: positions past max_len have no row',
  'peCompare.r.extrapolation.rope':
    'RoPE alone degrades past the training length; extended with position interpolation, NTK-aware scaling, YaRN and further training. ALiBi was designed to train short and run long',
  'peCompare.r.models': 'Used by',
  'peCompare.r.models.fixed': 'the original Transformer (2017)',
  'peCompare.r.models.learned': 'BERT, GPT-2, GPT-3',
  'peCompare.r.models.rope': 'RoPE: GPT-NeoX, LLaMA, Mistral, Falcon · ALiBi: BLOOM, MPT',
  'peCompare.r.performance': 'Quality',
  'peCompare.r.performance.fixed':
    'nearly identical to learned in the original paper (Vaswani et al., 2017, Table 3, row E)',
  'peCompare.r.performance.learned': 'nearly identical to sinusoidal in that comparison',
  'peCompare.r.performance.rope': 'widely used in long-context models (together with a length-extension method)',
  'peCompare.rope.title': 'RoPE: rotate q and k by their positions',
  'peCompare.rope.lead':
    'The components of the d-dimensional vectors q and k are taken in pairs, and each pair is rotated by position × θ_i (θ_i = 10000^(−2i/d)). The cos and sin are the values of the positional-encoding table. Put the key at two positions n₁ and n₂, the query at m = n + Δ, and plot the score (before dividing by √d) against Δ for both.',
  'peCompare.rope.dim': 'head dimension d',
  'peCompare.rope.posA': 'key position n₁',
  'peCompare.rope.posB': 'key position n₂',
  'peCompare.rope.offset': 'gap Δ = m − n',
  'peCompare.rope.legend': 'key at n = {n}',
  'peCompare.rope.aria':
    'Two curves of the rotated q·k against the gap Δ for d = {d}, with the key at {n1} and at {n2}',
  'peCompare.rope.xAxis': 'gap Δ = m − n',
  'peCompare.rope.readout':
    'Δ = {delta} (d = {d})\n(m, n) = ({m1}, {n1}): q·k = {s1}\n(m, n) = ({m2}, {n2}): q·k = {s2}\ndifference {diff}; largest difference between the curves over Δ = −32 … +32: {maxDiff}\nq·k before rotation = {raw}',
  'peCompare.alibi.title': 'ALiBi: a bias that docks points for distance',
  'peCompare.alibi.lead':
    'Each head h gets a coefficient m = 2^(−8h/H) (the paper’s “slope”), and the score of query i for key j gets −m·|i − j| added. Nothing is learned. Here every content score is 0, so you see only how the bias reshapes one softmax row.',
  'peCompare.alibi.heads': 'heads H',
  'peCompare.alibi.head': 'head h',
  'peCompare.alibi.mask': 'Direction',
  'peCompare.alibi.mask.causal': 'causal',
  'peCompare.alibi.mask.symmetric': 'symmetric',
  'peCompare.alibi.len': 'length',
  'peCompare.alibi.query': 'query row i',
  'peCompare.alibi.causalNote':
    'Causal: as in the language models of the ALiBi paper, query i sees only keys j ≤ i (later keys are masked) and the bias is −m·(i − j).',
  'peCompare.alibi.symmetricNote':
    'Symmetric: every key is visible and the bias is −m·|i − j|, the form used when ALiBi goes into a bidirectional encoder.',
  'peCompare.alibi.heatTitle': 'Bias matrix (m = {slope}; outlined: the query row)',
  'peCompare.alibi.masked': 'masked',
  'peCompare.alibi.barsTitle': 'Softmax of query row i = {i}',
  'peCompare.alibi.plain': 'no bias',
  'peCompare.alibi.withBias': 'with the ALiBi bias',
  'peCompare.alibi.heatAria': '{L}×{L} ALiBi bias matrix, coefficient {slope}, {mask}',
  'peCompare.alibi.keyAxis': 'key j →',
  'peCompare.alibi.barsAria': 'Attention weights of query {i}: {self} on itself ({plain} without the bias)',
  'peCompare.alibi.keyAxisLong': 'key position j',
  'peCompare.alibi.readout':
    'head {h}/{H}: coefficient m = 2^(−{e}) = {slope}, {mask}, length L = {L}\nquery i = {i}: weight on itself {wSelf} ({uniform} without the bias)\nfarthest key j = {jFar}: bias {bFar}, weight {wFar}',
  'peCompare.claim.gapOnly.holds':
    'The two curves coincide (largest difference {maxDiff}): the score depends on the gap Δ, not on the absolute positions n₁ = {n1} and n₂ = {n2}.',
  'peCompare.claim.gapOnly.fails':
    'The curves for n₁ = {n1} and n₂ = {n2} differ by {maxDiff}, more than float32 rounding.',
  'peCompare.claim.gapOnly.evidence': 'largest difference ÷ largest score: {value}',
  'peCompare.claim.selfUp.holds':
    'The bias tilts the row toward the query itself: it gets {self}, against {plain} when every key counts the same.',
  'peCompare.claim.selfUp.fails':
    'Query {i} sees {keys} key(s) here, so the bias has nothing to tilt: its weight is {self} either way.',
  'peCompare.claim.selfUp.evidence': 'weight on itself, with/without bias: {value}×',
  'peCompare.claim.decays.holds':
    'Nothing is learned, yet the weight falls with distance: every key gets less than the one a step nearer, down to {wFar} for key {jFar}.',
  'peCompare.claim.decays.fails': 'Here some key gets at least as much weight as the one a step nearer.',
  'peCompare.claim.decays.evidence': 'largest w(farther) / w(nearer): {value}',
  // ── </nw-pe-compare> ──

  // ── <nw-depth-demo> ──
  'depthDemo.title': 'What happens to the signal as layers pile up',
  'depthDemo.caption':
    'A stack of up to {max} random linear layers, {width} features wide, and one random input vector sent through it twice: once as it is, once with a LayerNorm after every layer. The chart plots the standard deviation of the activations after each layer on a log scale.',
  'depthDemo.depth': 'Layers',
  'depthDemo.scale': 'Weight scale s',
  'depthDemo.activation': 'Activation',
  'depthDemo.activation.none': 'None (linear)',
  'depthDemo.activation.relu': 'ReLU',
  'depthDemo.newWeights': 'Draw new weights',
  'depthDemo.yAxis': 'Standard deviation σ (log scale)',
  'depthDemo.xAxis': 'Layer →',
  'depthDemo.aria':
    'Per-layer standard deviation on a log scale, layers 0 to {depth}. At the last layer it is {plain} without normalization and {normed} with LayerNorm. The readout below has the numbers.',
  'depthDemo.legendPlain': 'No normalization',
  'depthDemo.legendNormed': 'LayerNorm after every layer',
  'depthDemo.readoutPlain': 'σ after {depth} layers, no normalization: {value} ({ratio}× the input)',
  'depthDemo.readoutNormed': 'σ after {depth} layers, with LayerNorm: {value}',
  'depthDemo.readoutSetup': 'input σ = {first} · s = {scale} · width {width} · seed {seed}',
  'depthDemo.note':
    'The weights come from a normal distribution with mean 0 and variance g·s²/width (g = 1 without activation, g = 2 with ReLU, as in He initialization), so that s = 1 keeps the size on average. The layers run in nw.linear, the norm in nw.layerNorm, and every σ comes from nw.layerNormStats.',
  'depthDemo.view': 'Pass',
  'depthDemo.view.forward': 'Forward',
  'depthDemo.view.backward': 'Backward',
  'depthDemo.loadingBackward': 'Loading the training kernels (backward passes) for the backward view…',
  'depthDemo.yAxisGrad': 'Gradient σ (log scale)',
  'depthDemo.ariaGrad':
    'Standard deviation of the gradient at each layer on a log scale, going back from layer {depth} to the input. At the input it is {plain} without normalization and {normed} with LayerNorm. The readout below has the numbers.',
  'depthDemo.readoutGradPlain':
    "gradient σ at the input, {depth} layers back, no normalization: {value} ({ratio}× the output's)",
  'depthDemo.readoutGradNormed':
    "gradient σ at the input, {depth} layers back, with LayerNorm: {value} ({ratio}× the output's)",
  'depthDemo.readoutGradSetup': 'output gradient σ = {output} · s = {scale} · width {width} · seed {seed}',
  'depthDemo.noteGrad':
    "The backward pass of the same two stacks: a random gradient arrives at the last layer's output and travels back, through each LayerNorm (nw.layerNormBackward), each ReLU (nw.activationBackward) and each layer's weights (nw.linearBackward). Each layer multiplies the gradient by its transposed weights, so without normalization it grows or shrinks as the activations did. LayerNorm divides the gradient by the σ its input had, which undoes the weights' factor; each norm also removes the parts of the gradient along its mean and along its own output.",
  'depthDemo.claim.explodes.holds': 'Without normalization the signal grew to {value}× its input size: it exploded.',
  'depthDemo.claim.explodes.fails':
    'This time the signal stayed near its input size even without normalization ({value}×). Move s away from 1.',
  'depthDemo.claim.explodes.evidence': 'σ last/first, no normalization: {value}×',
  'depthDemo.claim.vanishes.holds': 'Without normalization the signal shrank to {value}× its input size: it vanished.',
  'depthDemo.claim.vanishes.fails':
    'This time the signal stayed near its input size even without normalization ({value}×). Move s away from 1.',
  'depthDemo.claim.vanishes.evidence': 'σ last/first, no normalization: {value}×',
  'depthDemo.claim.perLayer.holds':
    "Without normalization every layer multiplies the size by {factor} on average: close to s = {scale}, as the weights' variance says.",
  'depthDemo.claim.perLayer.fails':
    'Here the size changed by {factor} per layer on average, more than 15 % away from s = {scale}: over few layers one random draw weighs a lot.',
  'depthDemo.claim.perLayer.evidence': 'factor per layer ÷ s: {value}',
  'depthDemo.claim.normedSteady.holds':
    'With a LayerNorm after every layer σ ends at {value}: each norm brings the size back to 1, whatever s is.',
  'depthDemo.claim.normedSteady.fails': 'With LayerNorm σ ends at {value} here, more than 1 % away from 1.',
  'depthDemo.claim.normedSteady.evidence': 'σ at the end, with LayerNorm: {value}',
  'depthDemo.claim.gradExplodes.holds':
    'Without normalization the gradient grew to {value}× on its way back: the first layers would get huge updates.',
  'depthDemo.claim.gradExplodes.fails':
    'This time the gradient kept roughly its size on the way back even without normalization ({value}×). Move s away from 1.',
  'depthDemo.claim.gradExplodes.evidence': 'gradient σ input/output, no normalization: {value}×',
  'depthDemo.claim.gradVanishes.holds':
    'Without normalization the gradient shrank to {value}× on its way back: the first layers would barely learn.',
  'depthDemo.claim.gradVanishes.fails':
    'This time the gradient kept roughly its size on the way back even without normalization ({value}×). Move s away from 1.',
  'depthDemo.claim.gradVanishes.evidence': 'gradient σ input/output, no normalization: {value}×',
  'depthDemo.claim.gradNormedSteady.holds':
    'With LayerNorm the gradient shrinks by only a few per cent per layer on its way back (a factor of {value} per layer).',
  'depthDemo.claim.gradNormedSteady.fails':
    'With LayerNorm the gradient still changes by a factor of {value} per layer on its way back here, not by a few per cent.',
  'depthDemo.claim.gradNormedSteady.evidence': 'factor per layer with LayerNorm: {value}',
  'gradNorms.title': 'Gradients at initialization: Post-LN against Pre-LN',
  'gradNorms.caption':
    'Two freshly initialized encoders (PyTorch’s default initialization) of the same depth and width: one with LayerNorm after each residual add (Post-LN, no final norm), one with LayerNorm before each sublayer (Pre-LN, with the final LayerNorm it needs). Each takes one backward pass of the sorting task’s cross-entropy on the same batch. The chart shows, for every layer, the gradient norm of the FFN’s output weight W₂ (linear2.weight): the line is the median over {seeds} seeds (weights and batch), the band runs from the smallest to the largest.',
  'gradNorms.depth': 'Layers',
  'gradNorms.width': 'Width d_model',
  'gradNorms.newWeights': 'Draw new weights',
  'gradNorms.yAxis': 'W₂ gradient norm (log scale)',
  'gradNorms.xAxis': 'Layer (input → output)',
  'gradNorms.legendPost': 'Post-LN',
  'gradNorms.legendPre': 'Pre-LN',
  'gradNorms.aria':
    'W₂ gradient norm per layer on a log scale for {depth} layers: medians of {seeds} seeds, with their range as a band. Post-LN: {postFirst} at the first layer, {postLast} at the last. Pre-LN: {preFirst} at the first, {preLast} at the last. The readout below has the numbers.',
  'gradNorms.readoutPost':
    'Post-LN W₂: layer 1 {first}, last layer {last} (medians) · last/first {ratio}× (seeds: {lo}–{hi}×)',
  'gradNorms.readoutPre':
    'Pre-LN W₂: layer 1 {first}, last layer {last} (medians) · last/first {ratio}× (seeds: {lo}–{hi}×)',
  'gradNorms.readoutLast': 'last layer, Post-LN/Pre-LN: {ratio}× (seeds: {lo}–{hi}×)',
  'gradNorms.readoutSetup':
    '{depth} layers · d_model {width} · d_ff {ff} · {heads} heads · {batch} sequences of the sorting task · seeds {first}–{last} · loss: Post-LN {lossPost}, Pre-LN {lossPre}',
  'gradNorms.measuring': 'Measuring {depth} layers: {done} of {total} gradient passes done…',
  'gradNorms.pending': 'What the chart shows is stated again once the new setting is measured.',
  'gradNorms.claim.postFlat.holds':
    'Post-LN: W₂’s gradient is about the same in every layer — the last layer’s is {value}× the first’s, within a factor of 1.25 either way.',
  'gradNorms.claim.postFlat.fails':
    'Post-LN: at this setting the last layer’s W₂ gradient is {value}× the first’s, more than a factor of 1.25 apart.',
  'gradNorms.claim.postFlat.evidence': 'Post-LN last/first, median: {value}×',
  'gradNorms.claim.preFalls.holds':
    'Pre-LN: W₂’s gradient does not grow toward the output. It falls: the last layer gets {value}× the first layer’s.',
  'gradNorms.claim.preFalls.fails':
    'Pre-LN: at this setting the last layer’s W₂ gradient is not below the first’s ({value}×).',
  'gradNorms.claim.preFalls.evidence': 'Pre-LN last/first, median: {value}×',
  'gradNorms.claim.nearOutput.holds':
    'Near the output Post-LN’s W₂ gets the larger gradient: at the last layer it is {value}× Pre-LN’s.',
  'gradNorms.claim.nearOutput.fails':
    'At the last layer Pre-LN’s W₂ gradient is as large as Post-LN’s or larger ({value}×).',
  'gradNorms.claim.nearOutput.evidence': 'last layer, Post-LN/Pre-LN, median: {value}×',
  'gradNorms.method':
    'The loss is the task’s own: the cross-entropy of the digit predicted at every real position of {batch} random sequences (the sorting task of the attention figure), through the same embedding, encoder and linear head that the training figure trains. trainer.gradients() returns every parameter’s gradient and leaves the weights as they were initialized.',
  'gradNorms.note':
    'Xiong et al. (2020) show with mean-field theory that at initialization the expected gradients of the parameters near the output are large in Post-LN and well-behaved in Pre-LN, which is why Post-LN needs a learning-rate warm-up; their Figure 3 plots this W₂ gradient layer by layer. For the gradient to grow toward the output inside a Post-LN stack, as in that figure, the sublayers’ outputs at initialization must be large next to the residual stream: PyTorch’s default initialization, which this library uses, keeps them small, so the LayerNorms barely rescale the gradient on its way down. Liu et al. (2020) add that such unbalanced gradients are not the root cause of Post-LN’s unstable training: each layer’s heavy dependence on its residual branch amplifies small parameter updates.',
  'train.title': 'Train the sorting model here, in your browser',
  'train.caption':
    'The tiny encoder that sorts 3 to 8 digits (d_model 64, 4 heads, d_ff 128, 2 layers), trained from random weights on batches of random sequences. Watch the training loss fall, the accuracy on 500 held-out sequences rise, and the attention maps of one held-out example take shape. Try Post-LN without warm-up at a learning rate of 3e-2, then Pre-LN at the same rate, then Post-LN with warm-up. One run is one seed at one rate: Compare, under the note, trains all four settings over several seeds and shows how far they spread.',
  'train.norm': 'Norm placement',
  'train.norm.post': 'Post-LN',
  'train.norm.pre': 'Pre-LN',
  'train.lr': 'Peak learning rate',
  'train.warmup': 'Warm-up',
  'train.on': 'On',
  'train.off': 'Off',
  'train.start': 'Train',
  'train.pause': 'Pause',
  'train.resume': 'Resume',
  'train.reset': 'Reset',
  'train.save': 'Download weights',
  'train.load': 'Load weights',
  'train.lossAxis': 'Training loss (log scale)',
  'train.accAxis': 'Held-out accuracy',
  'train.stepAxis': 'step {steps}',
  'train.example': 'Held-out example {index}: input {tokens} → predicted {predictions}',
  'train.prevExample': 'Previous example',
  'train.nextExample': 'Next example',
  'train.mapsAria':
    'Attention maps of held-out example {index}: 2 layers by 4 heads, each 8 queries by 8 keys; brighter means more attention.',
  'train.head': 'head {head}',
  'train.layer': 'layer {layer}',
  'train.readoutStep': 'step {step}/{steps} · loss {loss} · learning rate {lr}',
  'train.readoutAccuracy': 'held-out accuracy {accuracy}% (at step {step})',
  'train.readoutSpeed': '{tokens} tokens/s · {seconds} s of training · {where}',
  'train.inWorker': 'running in a Web Worker',
  'train.inPage': 'running in the page (no worker available)',
  'train.reached95': '95% held-out accuracy reached at step {step}, after {seconds} s',
  'train.not95': '95% held-out accuracy not reached yet',
  'train.statusIdle': 'Ready: press Train.',
  'train.statusRunning': 'Training…',
  'train.statusPaused': 'Paused.',
  'train.statusDone': 'Done: every step of the schedule has run.',
  'train.statusStopped': 'Stopped: {message}',
  'train.statusLoaded': 'Weights loaded; Train starts a new run from random weights.',
  'train.statusError': 'Error: {message}',
  'train.workerError': 'The training worker stopped with an error ({message}). Reset starts a new one.',
  'train.workerEnded': 'The training worker stopped: the browser ended it. Reset starts a new one.',
  'train.loadNotWeights': '{name} is not a .safetensors file: its header cannot be read.',
  'train.loadUnexpected': '{name} holds {tensor}, which the model lacks.',
  'train.loadMissing': '{name} lacks {tensor} {expected}.',
  'train.loadTensor':
    '{name}: {tensor} is {dtype} {shape}; the model needs {expected} in F32, F16 or BF16, offsets to match.',
  'train.loadSize':
    '{name} is {size} bytes; the model needs exactly {needed} bytes (header {header} + tensors {tensors}). Not read.',
  'train.note':
    'Each step draws {batch} new sequences (none from the held-out set) and runs the forward pass, the cross-entropy loss over the real positions, the backward pass, gradient clipping to norm 1 and an AdamW update (betas 0.9 and 0.98, weight decay 0.01), all in the library\'s WebAssembly kernels with one call per step. The learning rate follows a cosine from its set value down to zero over the run; with warm-up on, it first climbs linearly over the first 5% of the steps and the cosine starts from there. If the loss stops being a finite number, training stops and keeps the last weights whose loss was finite. The downloaded .safetensors file uses the same names as scripts/train_tiny.py. What one run shows depends on its seed and on the learning rate. <a data-cite="xiong2020">Xiong et al. (2020)</a> analyze how the gradients at initialization depend on depth: in Post-LN those of the parameters near the output do not shrink as layers are added, in Pre-LN they shrink like 1/√L for L layers, so Pre-LN can skip warm-up. With the 2 layers here that factor is about √2: this figure does not test the depth effect, only what placement and warm-up do to a shallow model at one rate. <a data-cite="liu2020">Liu et al. (2020)</a> find that Post-LN, given warm-up, trains well and often ends better than Pre-LN, and trace its difficulty to each layer leaning heavily on its residual branch, which amplifies small changes of the weights. Compare measures all four settings at the rate you choose.',
  'train.compare': 'Compare: four settings over several seeds',
  'trainCompare.title': 'Post-LN and Pre-LN, warm-up off and on, over several seeds',
  'trainCompare.caption':
    'Each of the four settings is trained from seeds 1 to k (weights and batches drawn from the seed; the same seed gives the four settings the same batches and held-out set) at one peak learning rate, with the single run’s schedule. Each band spans the lowest to the highest held-out value over the seeds finished, the line inside it is their median, and the dotted line is the seed in training. The sentences under the table are decided by the numbers beside them once every run has finished.',
  'trainCompare.seeds': 'Seeds',
  'trainCompare.run': 'Run the comparison',
  'trainCompare.lossAxis': 'Held-out loss (log scale)',
  'trainCompare.plotAria.accuracy':
    'Held-out accuracy over {steps} steps for the four settings, median and range over {seeds} seeds. Final medians: {medians}.',
  'trainCompare.plotAria.loss':
    'Held-out loss over {steps} steps for the four settings, median and range over {seeds} seeds. Final medians: {medians}.',
  'trainCompare.arm.post': 'Post-LN',
  'trainCompare.arm.pre': 'Pre-LN',
  'trainCompare.arm.postWarmup': 'Post-LN + warm-up',
  'trainCompare.arm.preWarmup': 'Pre-LN + warm-up',
  'trainCompare.tableCaption': 'Held-out accuracy and loss of each setting at the last step, over the seeds',
  'trainCompare.colArm': 'Setting',
  'trainCompare.colAccuracy': 'Accuracy: median (min – max)',
  'trainCompare.colLoss': 'Loss: median (min – max)',
  'trainCompare.colSeeds': 'Accuracy per seed (%)',
  'trainCompare.stopped': '(stopped, loss not finite: seed {seeds})',
  'trainCompare.claimsPending': 'The sentences about these runs appear once every seed has finished.',
  'trainCompare.statusIdle': 'Ready: press Run the comparison.',
  'trainCompare.statusRunning': 'Training seed {seed} of {seeds} (four runs side by side)…',
  'trainCompare.statusPaused': 'Paused at seed {seed} of {seeds}.',
  'trainCompare.statusDone': 'Done: {runs} runs in {seconds} s.',
  'trainCompare.readoutStep': 'step {step} · peak learning rate {lr} · batch {batch}',
  'trainCompare.scope':
    '{seeds} seeds × 4 settings, {steps} steps of {batch} sequences each at a peak rate of {lr}: a 2-layer model, where what differs is placement and warm-up at this rate, not depth.',
  'trainCompare.lost': 'the training worker stopped; Run starts the comparison over in a new one',
  'trainCompare.claim.preOverPost.holds':
    'Without warm-up, Pre-LN ends more than 1 point above Post-LN from every seed: at this rate, moving the LayerNorm before the sublayer is enough to train.',
  'trainCompare.claim.preOverPost.fails':
    'Without warm-up, Pre-LN does not end more than 1 point above Post-LN from every seed: at this rate the placement of the LayerNorm alone does not set them apart.',
  'trainCompare.claim.preOverPost.evidence':
    'smallest per-seed gap, Pre-LN − Post-LN: {value} points (medians {pre}% and {post}%)',
  'trainCompare.claim.warmupPost.holds': 'Warm-up lifts Post-LN by more than 1 point from every seed.',
  'trainCompare.claim.warmupPost.fails':
    'Warm-up does not lift Post-LN by more than 1 point from every seed at this rate.',
  'trainCompare.claim.warmupPost.evidence':
    'smallest per-seed gap, Post-LN + warm-up − Post-LN: {value} points (medians {postWarmup}% and {post}%)',
  'trainCompare.claim.warmupPre.holds':
    'Warm-up lifts Pre-LN by more than 1 point from every seed as well: Pre-LN does not make it unnecessary here.',
  'trainCompare.claim.warmupPre.fails':
    'Warm-up does not lift Pre-LN by more than 1 point from every seed at this rate.',
  'trainCompare.claim.warmupPre.evidence':
    'smallest per-seed gap, Pre-LN + warm-up − Pre-LN: {value} points (medians {preWarmup}% and {pre}%)',
  'trainCompare.claim.warmupOverNorm.holds':
    'Post-LN with warm-up ends more than 1 point above Pre-LN without it (medians): at this rate warm-up does more for Post-LN than moving the LayerNorm does.',
  'trainCompare.claim.warmupOverNorm.fails':
    'Post-LN with warm-up does not end more than 1 point above Pre-LN without it (medians): at this rate warm-up does not do more for Post-LN than moving the LayerNorm does.',
  'trainCompare.claim.warmupOverNorm.evidence':
    'median Post-LN + warm-up − median Pre-LN: {value} points ({postWarmup}% and {pre}%)',
  'trainCompare.claim.bothBest.holds':
    'Pre-LN with warm-up, the setting the single run’s lesson leaves out, ends highest, more than 1 point above the others (medians).',
  'trainCompare.claim.bothBest.fails':
    'Pre-LN with warm-up does not end more than 1 point above every other setting (medians) at this rate.',
  'trainCompare.claim.bothBest.evidence':
    'median Pre-LN + warm-up − the best other median: {value} points (medians: Post-LN {post}%, Pre-LN {pre}%, Post-LN + warm-up {postWarmup}%, Pre-LN + warm-up {preWarmup}%)',
  // ── </nw-depth-demo> ──

  // ── <nw-ln-steps> ──
  'lnSteps.title': 'The four steps of LayerNorm on one vector',
  'lnSteps.caption':
    'One vector goes through the four steps of LayerNorm in turn (① mean μ, ② variance σ², ③ normalize x̂, ④ scale and shift y). Each dot is one feature, and all four rows share the same horizontal axis. The orange line marks each row’s mean and the shaded band mean ± standard deviation. Press a step button to highlight that step here and in the page’s other LayerNorm figures. The input is a sample drawn with the sliders’ mean and standard deviation.',
  'lnSteps.h': 'Vector size H',
  'lnSteps.mean': 'Input mean',
  'lnSteps.std': 'Input standard deviation',
  'lnSteps.gamma': 'γ (scale)',
  'lnSteps.beta': 'β (shift)',
  'lnSteps.newVector': 'New input vector',
  'lnSteps.stage.x': 'input x',
  'lnSteps.stage.centered': 'x − μ (① μ subtracted; ② σ² is the mean of these squared)',
  'lnSteps.stage.hat': '③ normalize: x̂',
  'lnSteps.stage.y': '④ scale and shift: y = γ·x̂ + β',
  'lnSteps.op.center': '① find μ = {mu} and subtract it',
  'lnSteps.op.scale': '② σ² = {variance} → ③ ÷ √(σ² + ε) = {sd}',
  'lnSteps.op.affine': '④ × γ + β  (γ = {gamma}, β = {beta})',
  'lnSteps.stats': 'μ = {mean} · σ = {std}',
  'lnSteps.aria': '{stage}: strip of {h} values, mean {mean}, standard deviation {std}',
  'lnSteps.readoutInput': 'This vector of H = {h} values has μ = {mu}, σ² = {variance} (σ = {std})',
  'lnSteps.claim.sampleNear.holds':
    'The μ = {mu} and σ = {sigma} that LayerNorm actually uses are the sample’s own: a little off the sliders’ {mean} and {std}.',
  'lnSteps.claim.sampleNear.fails':
    'This sample’s μ = {mu} and σ = {sigma} are far from the sliders’ {mean} and {std}: with few features one draw can stray.',
  'lnSteps.claim.sampleNear.evidence': '|μ − mean| / std: {value}',
  'lnSteps.claim.hatUnit.holds':
    '③ x̂ has mean 0 and standard deviation 1 (measured: {mean} and {std}), whatever the input’s were.',
  'lnSteps.claim.hatUnit.fails':
    '③ x̂ is more than 10⁻³ away from mean 0 and standard deviation 1 here (measured: {mean} and {std}).',
  'lnSteps.claim.hatUnit.evidence': 'largest gap to mean 0, std 1: {value}',
  'lnSteps.claim.hatBelow.holds':
    'Because of ε = {eps} under the square root, the standard deviation of ③ x̂ is a hair below 1.',
  'lnSteps.claim.hatBelow.fails':
    'Here the measured standard deviation of ③ x̂ is not below 1: float32 rounding hides what ε = {eps} takes away.',
  'lnSteps.claim.hatBelow.evidence': '1 − std(x̂): {value}',
  'lnSteps.claim.yAffine.holds':
    '④ y has mean β = {beta} and standard deviation |γ| = {gamma} (measured: {mean} and {std}).',
  'lnSteps.claim.yAffine.fails':
    '④ y is off mean β = {beta} or standard deviation |γ| = {gamma} by more than 10⁻³ (measured: {mean} and {std}).',
  'lnSteps.claim.yAffine.evidence': 'largest gap to β and |γ|: {value}',
  // ── </nw-ln-steps> ──

  // ── <nw-ln-simulator> ──
  'lnSim.title': 'LayerNorm simulator',
  'lnSim.caption':
    'H values drawn from a standard normal, shifted by the input mean and stretched by the input standard deviation, go through LayerNorm as one vector. Everything is recomputed on every move of a slider.',
  'lnSim.mean': 'Input mean',
  'lnSim.std': 'Input standard deviation',
  'lnSim.gamma': 'γ (scale)',
  'lnSim.beta': 'β (shift)',
  'lnSim.h': 'Vector size H',
  'lnSim.newSample': 'Draw a new sample',
  'lnSim.before': 'Before: x',
  'lnSim.after': 'After: γ·x̂ + β',
  'lnSim.stats': 'μ = {mean} · σ = {std}',
  'lnSim.aria.before': 'Histogram of the {h} values before normalization. Mean {mean}, standard deviation {std}.',
  'lnSim.aria.after': 'Histogram of the {h} values after LayerNorm. Mean {mean}, standard deviation {std}.',
  'lnSim.axisNote':
    'Both histograms share the horizontal axis and the same {bins} bins. Bar heights are scaled to the tallest bar of each plot. The orange line is the mean μ, the shaded band μ ± σ.',
  'lnSim.readoutBefore':
    'before (H = {h}): μ = {mean}, σ = {std} — the sliders: mean {targetMean}, standard deviation {targetStd}',
  'lnSim.readoutAfter': 'after: μ = {mean}, σ = {std} — β = {beta}, |γ| = {gamma}',
  'lnSim.readoutEps': 'μ and σ on both sides come from the LayerNorm kernel. ε = {eps}',
  'lnSim.claim.sampleNear.holds':
    'The input is a sample, so its μ = {mu} and σ = {sigma} are slightly off the settings ({mean} and {std}).',
  'lnSim.claim.sampleNear.fails':
    'This sample’s μ = {mu} and σ = {sigma} are far from the settings ({mean} and {std}).',
  'lnSim.claim.sampleNear.evidence': '|μ − mean| / std: {value}',
  'lnSim.claim.afterAffine.holds':
    'After LayerNorm the mean is β = {beta} and the standard deviation |γ| = {gamma} (measured: {mean} and {std}), wherever the input was.',
  'lnSim.claim.afterAffine.fails':
    'After LayerNorm the mean or standard deviation is more than 10⁻³ off β = {beta}, |γ| = {gamma} (measured: {mean} and {std}).',
  'lnSim.claim.afterAffine.evidence': 'largest gap to β and |γ|: {value}',
  // ── </nw-ln-simulator> ──

  // ── <nw-ln-pipeline> ──
  'lnPipe.title': 'LayerNorm forward pipeline — one token, H = 8',
  'lnPipe.caption':
    'The {h}-dimensional vector of one token on its way through LayerNorm. Edit any value and μ, σ², x̂ and y are recomputed at once. γ and β are vectors of length H rather than scalars, so every dimension has its own. Press a step title to highlight that step in the page’s other LayerNorm figures too.',
  'lnPipe.inputs': 'Input x — edit the values',
  'lnPipe.formulas': 'The four steps as formulas (① μ to ④ y)',
  'lnPipe.symHelp':
    'Click a symbol, or Tab into a formula and move with ←/→, to see below what it means and what it is worth right now.',
  'lnPipe.symHint': 'Pick a symbol to see its meaning and current value here.',
  'lnPipe.symNow': 'Now: {value}',
  'lnPipe.symLabel': '{symbol} — {name}',
  'lnPipe.sym.mu.name': 'mean',
  'lnPipe.sym.mu.text':
    'The H values of one token added up and divided by H. One scalar per token, whatever the other samples in the batch are.',
  'lnPipe.sym.sigma2.name': 'variance',
  'lnPipe.sym.sigma2.text':
    'The average squared distance of the values from μ. It divides by H, not H − 1 (the population variance), as PyTorch’s LayerNorm does.',
  'lnPipe.sym.H.name': 'number of features',
  'lnPipe.sym.H.text': 'The length of the axis being normalized: d_model in a Transformer, 8 in this figure.',
  'lnPipe.sym.sum.name': 'sum',
  'lnPipe.sym.sum.text':
    'Adds over every dimension from i = 1 to H. The direction of this sum is exactly the axis LayerNorm normalizes over.',
  'lnPipe.sym.x.name': 'i-th input',
  'lnPipe.sym.x.text': 'Component i of the token vector. Choose i under “Dimension i” below.',
  'lnPipe.sym.xhat.name': 'standardized value',
  'lnPipe.sym.xhat.text':
    'xᵢ minus μ, divided by √(σ² + ε). The ε under the root makes the variance of the eight σ²/(σ² + ε), a hair below 1.',
  'lnPipe.sym.eps.name': 'epsilon',
  'lnPipe.sym.eps.text':
    'A tiny number added so that a variance near zero never leads to a division by zero. 1e-5, the PyTorch default.',
  'lnPipe.sym.gamma.name': 'scale',
  'lnPipe.sym.gamma.text': 'A learned factor per dimension that stretches x̂ᵢ. It starts at 1.',
  'lnPipe.sym.beta.name': 'shift',
  'lnPipe.sym.beta.text': 'A learned offset per dimension, added after the scaling to move the centre. It starts at 0.',
  'lnPipe.sym.y.name': 'output',
  'lnPipe.sym.y.text': 'The final output γᵢ·x̂ᵢ + βᵢ of LayerNorm, handed on to the next sublayer.',
  'lnPipe.f1.note':
    'Computed from the token’s own H values alone, so it does not matter how many other tokens share the batch.',
  'lnPipe.f2.note': 'The mean of the squared distances from μ: the variance divided by H (the population variance).',
  'lnPipe.f3.note':
    'Subtracting the mean centres the values at 0; dividing by the standard deviation brings their spread to 1.',
  'lnPipe.f4.note':
    'Per-dimension γᵢ and βᵢ give the model back whatever size and position it wants. Edit them in the table below.',
  'lnPipe.barsAria':
    'Bar chart of the eight dimensions of the input x, the standardized x̂ and the output y, with dimension {dim} highlighted. The table and the readout below have the exact values.',
  'lnPipe.perDim': 'Per-dimension γᵢ, βᵢ and output',
  'lnPipe.dim': 'Dimension i',
  'lnPipe.tableCaption': 'Input, standardized value, γ, β and output for each dimension',
  'lnPipe.readoutStats': 'μ = {mu}, σ² = {variance}, mean(x̂) = {hatMean}, var(x̂) = {hatVar}',
  'lnPipe.readoutHat': 'standardized x̂ = [{values}]',
  'lnPipe.readoutY': 'output y = γ ⊙ x̂ + β = [{values}]',
  'lnPipe.claim.hatUnit.holds':
    'The eight x̂ have mean 0 and variance 1 (measured: {mean} and {variance}), whatever values you type.',
  'lnPipe.claim.hatUnit.fails':
    'The eight x̂ are not spread to variance 1 here (measured: mean {mean}, variance {variance}): with σ² = {sigma2} there is almost nothing to spread, and ε keeps the division finite.',
  'lnPipe.claim.hatUnit.evidence': '|1 − var(x̂)|: {value}',
  // ── </nw-ln-pipeline> ──

  // ── <nw-norm-axes> ──
  'normAxes.title': 'Who shares one μ and σ? BatchNorm versus LayerNorm',
  'normAxes.caption':
    'Rows are the samples of a batch (N), columns are features (C). The green cells share one mean μ and one variance σ². BatchNorm groups a column (one feature across the batch); LayerNorm groups a row (all the features of one sample). Point at a cell or move the focus to it to see that group’s statistics computed.',
  'normAxes.mode': 'Normalization',
  'normAxes.modeBn': 'BatchNorm (columns)',
  'normAxes.modeLn': 'LayerNorm (rows)',
  'normAxes.rows': 'batch size N (rows)',
  'normAxes.cols': 'features C (columns)',
  'normAxes.newBatch': 'New batch',
  'normAxes.corner': 'rows are samples, columns are features',
  'normAxes.featureName': 'feature {c}',
  'normAxes.sampleName': 'sample {n}',
  'normAxes.rowMeanTitle': 'mean μ of each row (sample): the LayerNorm statistic',
  'normAxes.colMeanTitle': 'mean μ of each column (feature): the BatchNorm statistic',
  'normAxes.gridCaptionBn':
    'Batch {rows} × features {cols}. The μ row at the bottom holds one BatchNorm mean per column.',
  'normAxes.gridCaptionLn':
    'Batch {rows} × features {cols}. The μ column on the right holds one LayerNorm mean per row.',
  'normAxes.stripAria':
    'The {n} values of the selected group: the top line shows the inputs x with the band μ ± σ, the bottom line the normalized x̂ with the band 0 ± 1. Exact numbers are in the readout below.',
  'normAxes.rowX': 'input x',
  'normAxes.rowXhat': 'normed x̂',
  'normAxes.groupBn': 'BatchNorm · column c{c} ({n} samples)',
  'normAxes.groupLn': 'LayerNorm · row s{r} ({n} features)',
  'normAxes.legendGroupBn': 'cells sharing one μ and σ (a column)',
  'normAxes.legendGroupLn': 'cells sharing one μ and σ (a row)',
  'normAxes.legendCurrent': 'selected cell',
  'normAxes.keys':
    'Point at a cell, or focus a cell of the table and move with the arrow keys. Home/End go to the start and end of the row, Ctrl+Home/End to the first and last cell.',
  'normAxes.readout':
    '{group}: μ = {mean}, σ² = {variance} (σ = {sigma}) — {kernel}\nselected cell (sample s{r}, feature c{c}): x = {x} → x̂ = (x − μ) / √(σ² + ε) = {xhat}',
  'normAxes.noteBn':
    'BatchNorm uses batch statistics, like PyTorch in training mode: per column the mean and the variance divided by N (the population variance), ε = {eps}.',
  'normAxes.noteLn':
    'LayerNorm, like PyTorch’s layer_norm, uses per row the mean and the variance divided by C (the population variance), ε = {eps}.',
  'normAxes.claim.bnDepends.holds':
    'The same cell normalizes differently when the other samples of the batch change: with the other {others} samples drawn anew, cell (s{r}, c{c}) becomes {other} instead of {xhat}.',
  'normAxes.claim.bnDepends.fails':
    'With the other {others} samples drawn anew, cell (s{r}, c{c}) still normalizes to {xhat}.',
  'normAxes.claim.bnDepends.evidence': '|Δx̂| of the cell: {value}',
  'normAxes.claim.lnIndependent.holds':
    'Whatever the other samples are, this row’s result stays the same: with the other {others} samples drawn anew, cell (s{r}, c{c}) is still {xhat}, to the last bit.',
  'normAxes.claim.lnIndependent.fails':
    'With the other {others} samples drawn anew, cell (s{r}, c{c}) moved from {xhat} to {other}.',
  'normAxes.claim.lnIndependent.evidence': '|Δx̂| of the cell: {value}',
  // ── </nw-norm-axes> ──

  // ── <nw-batch-independence> ──
  'batchIndep.title': 'Halve the batch: LayerNorm holds still, BatchNorm moves',
  'batchIndep.caption':
    'The same batch is normalized twice: once with all B samples, once with only the first B/2. Both times the means are computed afresh.',
  'batchIndep.batch': 'batch size B',
  'batchIndep.batchValue': '{b} → half {half}',
  'batchIndep.regenerate': 'Regenerate batch',
  'batchIndep.lnTitle': 'LayerNorm: μ of each sample',
  'batchIndep.bnTitle': 'BatchNorm: μ of each channel',
  'batchIndep.legendKept': 'samples kept in the half',
  'batchIndep.legendDropped': 'samples dropped',
  'batchIndep.legendHalfMu': 'μ recomputed from the half',
  'batchIndep.legendFull': 'μ from B = {b}',
  'batchIndep.legendHalf': 'μ from B/2 = {half}',
  'batchIndep.lnAria':
    'Bars of the LayerNorm mean of each of the {b} samples; on the first {half}, a tick marks the mean recomputed from the half batch.',
  'batchIndep.bnAria':
    'BatchNorm means of {c} channels: per channel one bar from the whole batch and one from the half, with the difference |Δμ| above.',
  'batchIndep.keptHalf': 'only the first {half} used',
  'batchIndep.deltaAxis': 'number above the bars = |Δμ|',
  'batchIndep.lnNote': 'μ of sample 0: {full} with B = {b}, {halfMu} with B/2 = {half}.',
  'batchIndep.readout':
    'LayerNorm — μ of sample 0: {full} from B = {b}, {halfMu} from only the first B/2 = {half} → |Δ| = {lnDelta} (normalized output: max |Δ| = {outDelta})\nBatchNorm — |Δμ| per channel = {deltas}\nlargest move in channel c{c}: |Δμ| = {worst}',
  'batchIndep.note':
    'LayerNorm looks only at sample 0’s own features, so it gives the same answer whoever else is in the batch; inference computes exactly the same thing, with no running averages collected during training. BatchNorm averages each channel over the whole batch, so its statistics wobble when the batch is small or changes.',
  'batchIndep.claim.lnSame.holds':
    'LayerNorm: sample 0’s μ and its normalized output are exactly the same with B = {b} and with B/2 = {half}, down to the last bit.',
  'batchIndep.claim.lnSame.fails': 'LayerNorm: sample 0’s statistics moved when the batch was halved (by {value}).',
  'batchIndep.claim.lnSame.evidence': 'largest |Δ| of sample 0: {value}',
  'batchIndep.claim.bnMoves.holds':
    'BatchNorm: the channel means depend on who is in the batch. Keeping only the first {half} samples moves them, most in channel c{c}.',
  'batchIndep.claim.bnMoves.fails': 'BatchNorm: this time no channel mean moved when the batch was halved.',
  'batchIndep.claim.bnMoves.evidence': 'largest |Δμ|: {value}',
  // ── </nw-batch-independence> ──

  // ── <nw-prepost-ln> ──
  'prePost.title': 'Post-LN and Pre-LN: measuring the residual stream layer by layer',
  'prePost.caption':
    'The green line is the residual (skip) connection. Below, a real encoder stack with random weights from a fixed seed (d_model {d}, {heads} heads, d_ff {dff}) reads a fixed input of {tokens} tokens, and the norm of the residual stream is measured after every layer. Both LN placements use the same weights.',
  'prePost.wiring': 'LN placement',
  'prePost.layers': 'layers N',
  'prePost.sublayer': 'Sublayer',
  'prePost.sublayerHint': 'attention or FFN',
  'prePost.skipLabel': 'skip: x as is',
  'prePost.diagramAriaPost':
    'Post-LN: x goes through the sublayer, is added to x arriving along the skip path, and the sum goes through LN to give y. The skip path passes through LN too.',
  'prePost.diagramAriaPre':
    'Pre-LN: x goes through LN and the sublayer, and the result is added to x arriving along the skip path to give y. There is no LN on the skip path.',
  'prePost.formulaPost': 'y = LN(x + Sublayer(x))',
  'prePost.formulaPre': 'y = x + Sublayer(LN(x))',
  'prePost.explainPost':
    'Normalize after adding the residual (the original Transformer, BERT). After every layer the whole stream, skip included, is normalized again. The price: the gradient has to pass through an LN in every layer.',
  'prePost.explainPre':
    'Normalize only the sublayer’s input (most LLMs since GPT-2). There is no LN on the skip path, so x reaches y untouched (the path often called a “highway” for the gradient), and every layer only adds its sublayer’s output to the stream.',
  'prePost.refLegend': '√d_model = √{d} = {s}',
  'prePost.xAxis': 'layer (0 = input)',
  'prePost.yAxis': 'residual-stream norm ‖h‖ (mean of {tokens} tokens)',
  'prePost.plotAria':
    'Norm of the residual stream from layer 0 to {n}: Post-LN ends at {post}, Pre-LN at {pre}. The per-layer numbers are in the table below.',
  'prePost.readout':
    '{wiring} selected · N = {n} layers\nresidual-stream norm after the last layer ({n}): Post-LN {post} (√{d} = {sqrt}), Pre-LN {pre} ({ratio}× the input’s {input})',
  'prePost.method':
    'The states after each layer come from one forward() of a seeded {max}-layer encoder with { hiddenStates: true }. Seeded stacks are prefixes of each other — the N-layer encoder with this seed is exactly the first N layers of the {max}-layer one (the library draws the weights in state_dict order) — so the {max} layers are computed once and the slider only chooses how many to show. Largest difference between the last state and the output of forward(): {check}. As in PyTorch inference there is no dropout, and no final LayerNorm after the stack.',
  'prePost.claim.postAtSqrtD.holds':
    'Post-LN: with γ = 1 and β = 0 every token vector comes back to a norm of √d = {sqrt} after every layer (after layer {n}: {end}).',
  'prePost.claim.postAtSqrtD.fails':
    'Post-LN: after some layer the token vectors are more than 1 % away from the norm √d = {sqrt} (after layer {n}: {end}).',
  'prePost.claim.postAtSqrtD.evidence': 'largest gap to √d, layers 1–{n}: {value}',
  'prePost.claim.preGrows.holds':
    'Pre-LN: every layer adds its sublayers’ output to the stream, and its norm grows with depth, from {input} to {end} after {n} layers.',
  'prePost.claim.preGrows.fails':
    'Pre-LN: after {n} layers the stream’s norm ({end}) is not above the input’s ({input}).',
  'prePost.claim.preGrows.evidence': 'Pre-LN ‖h‖ after layer {n} / input: {value}×',
  'prePost.tableSummary': 'Per-layer table',
  'prePost.tableLayer': 'layer',
  // ── </nw-prepost-ln> ──

  // ── <nw-rmsnorm> ──
  'rmsNorm.title': 'LayerNorm versus RMSNorm: to subtract the mean or not',
  'rmsNorm.caption':
    'The same 8 values normalized two ways. LayerNorm subtracts the mean and divides by the standard deviation; RMSNorm subtracts nothing and divides by RMS(x) alone. Dashed bars are the input x, the dashed line is the mean of the output. Try the “shift” slider, which adds the same number to every value.',
  'rmsNorm.gamma': 'γ (same for every feature)',
  'rmsNorm.shift': 'shift (added to every x)',
  'rmsNorm.legendX': 'input x',
  'rmsNorm.legendMean': 'output mean mean(y)',
  'rmsNorm.lnFormula': 'y = γ · (x − μ) / √(σ² + ε)',
  'rmsNorm.rmsFormula': 'y = γ · x / √(mean(x²) + ε)',
  'rmsNorm.lnAria': 'Bars of the 8 LayerNorm outputs over dashed bars of the input x. The output mean is {mean}.',
  'rmsNorm.rmsAria': 'Bars of the 8 RMSNorm outputs over dashed bars of the input x. The output mean is {mean}.',
  'rmsNorm.timeAria': 'Run times: LayerNorm {ln} ms, RMSNorm {rms} ms, copy baseline (ReLU) {copy} ms.',
  'rmsNorm.ms': '{t} ms',
  'rmsNorm.readout':
    'γ = {gamma} · mean(x) = {meanX} · RMS(x) = {rms}\nLayerNorm mean(y) = {meanLn} · RMSNorm mean(y) = {meanRms}',
  'rmsNorm.readoutTime':
    '{rows} × {cols} input, median of {runs}: LayerNorm {ln} ms · RMSNorm {rms} ms → RMSNorm/LayerNorm = {ratio}\nReLU, which only moves the same data in and out: {copy} ms (measurement {run})',
  'rmsNorm.measuring': 'Timing the two kernels…',
  'rmsNorm.measure': 'Measure again',
  'rmsNorm.measuringButton': 'Measuring…',
  'rmsNorm.timeCaption':
    'Median of {runs} calls of each of the three functions, in rotating order, on a {rows} × {cols} input (8 MiB) in this browser. Each time is the whole call, including copying the input into WebAssembly memory and the result back out. The dashed bar (ReLU) does the same copying with almost no arithmetic, so it shows how much of each time is the copy. Expect it to vary with the device, the browser and whatever else is running.',
  'rmsNorm.note':
    'LayerNorm subtracts the mean, so adding the same number to every x cannot change y. RMSNorm subtracts nothing, so mean(y) = γ · mean(x) / RMS(x). In trained models the difference in quality is small, which is why LLaMA, Mistral and Gemma use RMSNorm.',
  'rmsNorm.claim.lnIgnoresShift.holds':
    'LayerNorm ignores the shift: its output with shift {shift} equals the unshifted one, and its mean stays at {meanLn}.',
  'rmsNorm.claim.lnIgnoresShift.fails': 'LayerNorm’s output moved with the shift by more than float32 rounding.',
  'rmsNorm.claim.lnIgnoresShift.evidence': 'largest |Δy| against shift 0: {value}',
  'rmsNorm.claim.rmsKeepsMean.holds':
    'RMSNorm keeps the mean: its output’s mean is {value}, with the sign of mean(x) = {meanX}.',
  'rmsNorm.claim.rmsKeepsMean.fails':
    'Here RMSNorm’s output has no mean to speak of ({value}): with γ = {gamma} and mean(x) = {meanX} there is none left to keep.',
  'rmsNorm.claim.rmsKeepsMean.evidence': 'RMSNorm mean(y) = γ · mean(x) / RMS(x): {value}',
  'rmsNorm.copyLabel': 'ReLU (copy)',
  // ── </nw-rmsnorm> ──

  // ── <nw-quiz> ──
  'quiz.title.article': 'Check your understanding (8 questions)',
  'quiz.title.ln': 'Layer norm check (5 questions)',
  'quiz.caption':
    'Choose an option and press “Check answer” (or Enter); moving through the options with the arrow keys does not answer. Each question is scored on the first answer you check. Checking another option afterwards shows only that option’s explanation and leaves the score alone. The options are shuffled on every visit. Press “Retry” below to start over.',
  'quiz.q1': 'Over which axis does layer normalization compute its mean and variance?',
  'quiz.q1.a': 'Over the samples of a batch, per feature (columns)',
  'quiz.q1.a.why': 'That is batch normalization’s axis. Layer norm never looks at the batch.',
  'quiz.q1.b': 'Over all the features of one token (rows)',
  'quiz.q1.b.why':
    'Right. Each token gets μ and σ² over its own H features, the last dimension, so a single token is enough.',
  'quiz.q1.c': 'Over all positions of a sentence, per feature (time)',
  'quiz.q1.c.why':
    'Statistics over positions would change with sentence length. Layer norm normalizes every position separately.',
  'quiz.q1.d': 'Over every element of the batch at once (all)',
  'quiz.q1.d.why': 'Then samples would affect each other’s statistics. Layer norm’s statistics stay inside one sample.',
  'quiz.q2': 'Why, unlike batch norm, does layer norm not depend on the batch size?',
  'quiz.q2.a': 'It uses running averages collected in training',
  'quiz.q2.a.why': 'Running averages are what batch norm uses at inference. Layer norm needs none.',
  'quiz.q2.b': 'Training always uses one fixed batch size',
  'quiz.q2.b.why': 'Fixing the batch size has nothing to do with it: with a batch of 1 the formula is the same.',
  'quiz.q2.c': 'Each sample’s statistics use its own features',
  'quiz.q2.c.why':
    'Right. Other samples can come or go and that sample’s μ and σ² stay the same: halve the batch and |Δ| = 0.',
  'quiz.q2.d': 'Batch statistics are divided by B to compensate',
  'quiz.q2.d.why':
    'Normalizing along the batch makes it depend on the batch’s contents; a different divisor does not fix that.',
  'quiz.q3': 'What is the main reason Transformers adopted layer normalization?',
  'quiz.q3.a': 'It works token by token, whatever batch or length',
  'quiz.q3.a.why':
    'Right. Variable-length sequences, small batches and one-sentence-at-a-time inference all compute exactly what training did.',
  'quiz.q3.b': 'It is faster than every other normalization',
  'quiz.q3.b.why': 'Speed is not the reason — RMSNorm even does less work than layer norm.',
  'quiz.q3.c': 'It lets deep stacks work without residuals',
  'quiz.q3.c.why': 'Transformers use both together (Add & Norm); neither replaces the other.',
  'quiz.q3.d': 'It makes the attention weights sum to 1',
  'quiz.q3.d.why': 'That is the softmax’s job.',
  'quiz.q4': 'Which statement about Pre-LN and Post-LN is correct?',
  'quiz.q4.a': 'Most recent LLMs use Post-LN',
  'quiz.q4.a.why': 'The opposite: since GPT-2 most LLMs use Pre-LN or a variant.',
  'quiz.q4.b': 'Pre-LN normalizes after adding the residual',
  'quiz.q4.b.why': 'Normalizing after the residual addition is Post-LN, y = LN(x + Sub(x)).',
  'quiz.q4.c': 'Both are the same maths and give one output',
  'quiz.q4.c.why':
    'The normalization sits in a different place, so outputs differ — the figure shows the residual stream’s size evolving differently per layer.',
  'quiz.q4.d': 'Pre-LN has no normalization on the residual path',
  'quiz.q4.d.why':
    'Right. In y = x + Sub(LN(x)) only the sublayer’s input is normalized and the skip path passes x through unchanged. Xiong et al. (2020) showed that Pre-LN trains without a learning-rate warm-up.',
  'quiz.q5': 'What does RMSNorm leave out of layer normalization?',
  'quiz.q5.a': 'The scale parameter γ',
  'quiz.q5.a.why': 'RMSNorm still scales by γ: y = x / RMS(x) · γ.',
  'quiz.q5.b': 'Centering by subtracting the mean',
  'quiz.q5.b.why':
    'Right. μ is neither computed nor subtracted (and there is no shift β), so the output mean is not 0 — compare mean(y) in the figure.',
  'quiz.q5.c': 'Scaling by dividing by the RMS',
  'quiz.q5.c.why': 'Dividing by the RMS is the heart of RMSNorm; it stays.',
  'quiz.q5.d': 'The ε that keeps the division safe',
  'quiz.q5.d.why': 'RMSNorm keeps ε too: √(mean(x²) + ε).',
  'quiz.q6': 'Layer normalization (γ = 1, β = 0) of x = [1, 2, 3, 6]: what is the last value, x̂₄? (You may ignore ε.)',
  'quiz.q6.opt': 'x̂₄ ≈ {v}',
  'quiz.q6.a.why': 'Right. ① μ = {mean}, ② σ² = {variance} (divided by 4), ③ x̂₄ = (6 − {mean}) / √{variance} ≈ {a}.',
  'quiz.q6.b.why':
    'That divides by the RMS without subtracting the mean: RMSNorm’s answer. Layer normalization first subtracts ① μ = {mean}.',
  'quiz.q6.c.why':
    'That uses the sample variance divided by H − 1 = 3. Layer normalization divides by H = 4: the population variance σ² = {variance}.',
  'quiz.q6.d.why':
    'That subtracts the mean but never divides by the standard deviation. Step ③ divides x − μ by √(σ² + ε).',
  'quiz.q7': 'In the sine-cosine positional encoding with d_model = 8, which sin/cos pair has the longest wavelength?',
  'quiz.q7.opt': 'pair i = {i} (dims {s} and {c})',
  'quiz.q7.a.why': 'i = 0 has ω₀ = 1, the fastest pair: its wavelength is 2π ≈ {l0} positions, the shortest.',
  'quiz.q7.b.why':
    'The wavelength of i = 1 is about {l1} positions. ω_i = 10000^(−2i/d_model) shrinks as i grows, so there is a longer one.',
  'quiz.q7.c.why': 'The wavelength of i = 2 is about {l2} positions, shorter than the last pair’s.',
  'quiz.q7.d.why':
    'Right. The last pair, i = 3, has the smallest ω₃ = 10000^(−6/8), so the longest wavelength: 2π/ω₃ ≈ {l3} positions.',
  'quiz.q8':
    'In an attention head with d_k = 64, what happens to the softmax if the scores QKᵀ are not divided by √d_k?',
  'quiz.q8.a': 'It piles onto one key: weights near 0 or 1',
  'quiz.q8.a.why':
    'Right. With unit-variance entries the dot products have a standard deviation of about √64 = 8, so the scores spread far apart. In this page’s experiment the mean largest weight per row is {raw} without dividing and {scaled} with it.',
  'quiz.q8.b': 'The weights of a row add up to more than 1',
  'quiz.q8.b.why':
    'The softmax gives weights summing to exactly 1 whatever the scores. What changes is how they are spread (mean largest weight {raw} without dividing).',
  'quiz.q8.c': 'Every key gets the same weight 1/n',
  'quiz.q8.c.why':
    'The opposite: weights spread evenly when the scores are close; without dividing they spread apart and pile onto one key (mean largest weight {raw}).',
  'quiz.q8.d': 'Negative weights appear and flip the output',
  'quiz.q8.d.why':
    'The softmax builds its weights with exp, so they are always positive. Without dividing they pile onto one key (mean largest weight {raw}).',
  'quiz.correctMark': '✓',
  'quiz.wrongMark': '✗',
  'quiz.right': 'First answer: correct.',
  'quiz.wrong': 'First answer: not correct. Check other options to read their explanations.',
  'quiz.scoredFirst': 'The score counts your first answer.',
  'quiz.seeFigure': 'The figure that shows the answer',
  'quiz.scoreSuffix': 'correct (first answers; {answered} of {total} answered)',
  'quiz.retry': 'Retry',
  'quiz.check': 'Check answer',
  // ── </nw-quiz> ──

  // ── <nw-encoder-block> ──
  'encBlock.title': 'One encoder block: a tensor shape on every arrow, a parameter count for every sublayer',
  'encBlock.caption':
    'Data flows from top to bottom; the green lines are the residual (skip) connections. Move a slider and the shapes on the arrows and the parameter counts are recomputed at once. The defaults are the original paper’s base model (d_model 512, 8 heads, d_ff 2048). The head count h must divide d_model: the heads split d_model into slices of d_k = d_model / h.',
  'encBlock.wiring': 'LN placement',
  'encBlock.seq': 'tokens seq',
  'encBlock.heads': 'heads h',
  'encBlock.headsValue': '{h} (d_k {dk})',
  'encBlock.input': 'input embeddings',
  'encBlock.pe': '+ positional encoding (PE, once, before the stack)',
  'encBlock.paramsHeader': 'parameters (formula)',
  'encBlock.mha': 'Multi-Head Self-Attention',
  'encBlock.mhaShort': 'Multi-Head Attention',
  'encBlock.concat': 'A·V → concat → W_O',
  'encBlock.add': 'Add (residual)',
  'encBlock.addNorm': 'Add & Norm (add, then LN)',
  'encBlock.ffn': 'Position-wise FFN',
  'encBlock.linear1': 'Linear₁ → ReLU/GELU',
  'encBlock.linear2': 'Linear₂',
  'encBlock.output': 'encoder output',
  'encBlock.finalNormNote': 'once, at the end of a Pre-LN stack',
  'encBlock.residual': 'residual',
  'encBlock.ariaPost':
    'Post-LN encoder. The input embeddings ({seq} × {d}) get the positional encoding added once, then the following layer repeats N times: the output of multi-head self-attention ({h} heads, d_k {dk}, attention weights {h} × {seq} × {seq}), {seq} × {d}, is added to the residual and goes through LayerNorm; then the FFN ({seq} × {dff} inside, back to {seq} × {d}) is added to the residual and LayerNorm follows again. The residual path passes through LayerNorm too. The layer ends with a LayerNorm, so the stack adds no LayerNorm at the end.',
  'encBlock.ariaPre':
    'Pre-LN encoder. The input embeddings ({seq} × {d}) get the positional encoding added once, then the following layer repeats N times: LayerNorm feeds multi-head self-attention ({h} heads, d_k {dk}, attention weights {h} × {seq} × {seq}), whose {seq} × {d} output is added to the residual; then LayerNorm and the FFN ({seq} × {dff} inside, back to {seq} × {d}) are added to the residual. The residual path has no LayerNorm. After the N layers comes one final LayerNorm.',
  'encBlock.explainPost':
    'Post-LN: add the input to the sublayer’s output, then normalize (the original paper, BERT, PyTorch’s default). The green residual path passes through a LayerNorm in every block as well.',
  'encBlock.explainPre':
    'Pre-LN: normalize only what goes into each sublayer; the green residual path is added untouched (most LLMs since GPT-2, PyTorch’s norm_first=True). Only the LayerNorms moved.',
  'encBlock.tableCaption': 'Parameters per sublayer',
  'encBlock.colSublayer': 'sublayer',
  'encBlock.colFormula': 'formula (d = d_model)',
  'encBlock.colCount': 'parameters',
  'encBlock.rowAttn': 'multi-head attention (W_Q, W_K, W_V, W_O and biases)',
  'encBlock.rowFfn': 'FFN (Linear₁, Linear₂)',
  'encBlock.rowNorm1': 'first LayerNorm (γ, β)',
  'encBlock.rowNorm2': 'second LayerNorm (γ, β)',
  'encBlock.rowTotal': 'whole block',
  'encBlock.readout':
    '{wiring} · seq {seq} · d_model {d} · {h} heads (d_k = {dk}) · d_ff {dff} ({ratio} × d_model)\nparameters: attention {attn} + FFN {ffn} + LayerNorm 2 × {ln} = {total}\nattention weights: {h} heads × {seq} × {seq} = {weights} numbers per layer',
  'encBlock.tensorsSummary': 'The tensors the library lists (torch names)',
  'encBlock.colTensor': 'name',
  'encBlock.colShape': 'shape',
  'encBlock.method':
    'The parameter counts are not worked out by hand: nw.encoderParameters(…) returns, for the current settings, the list of tensors a real nw.createEncoder(…) would allocate — the same C++ parameter list, without allocating any weights — and their numel are added up. Names and shapes are those of torch.nn.TransformerEncoderLayer’s state_dict.',
  'encBlock.claim.headsFree.holds':
    'Changing h leaves the attention’s parameter count alone: {attn} with {h} heads (d_k = {dk}) as with one.',
  'encBlock.claim.headsFree.fails': 'With {h} heads the attention has {value} parameters more than with one.',
  'encBlock.claim.headsFree.evidence': 'attention with h heads − with 1 head: {value}',
  'encBlock.claim.sameCount.holds':
    'Post-LN and Pre-LN have the same parameter count ({total}): only where the LayerNorms sit differs.',
  'encBlock.claim.sameCount.fails': 'The other LN placement has a different parameter count (by {value}).',
  'encBlock.claim.sameCount.evidence': 'this placement − the other: {value}',
  'encBlock.claim.formulas.holds': 'The library’s counts agree with the formulas in the table, sublayer by sublayer.',
  'encBlock.claim.formulas.fails': 'The library’s counts differ from the table’s formulas (by {value} in all).',
  'encBlock.claim.formulas.evidence': 'Σ |count − formula|: {value}',
  // ── </nw-encoder-block> ──

  // ── <nw-attention> ──
  'attention.title': 'Inside self-attention: a tiny encoder that sorts digits',
  'attention.caption.model':
    'This project trained the encoder itself: it sorts {min} to {max} digits in ascending order. It fills every slot in a single forward pass, so output slot i has to find where the i-th smallest digit sits in the input. Check how much the layer-2 heads look at that position (dashed cells), and compare with layer 1.',
  'attention.caption.sandbox':
    'Type any sentence. It is split into tokens at spaces; each token’s embedding is drawn from a seed hashed from its characters, and goes through an encoder with random weights (seed {seed}). Untrained weights make a map without meaning: compare it with the trained model’s.',
  'attention.caption.padding':
    'Append <PAD> tokens to the trained model’s input and switch the mask on and off: watch the weight the PAD keys get and how far the real tokens’ outputs move.',
  'attention.mode': 'Mode',
  'attention.mode.model': 'Trained model',
  'attention.mode.sandbox': 'Free text',
  'attention.mode.padding': 'Padding lab',
  'attention.digits': 'Input digits ({min}–{max} of them, 0–9 only)',
  'attention.error.empty': 'Type some digits.',
  'attention.error.notDigits': 'Only the digits 0–9 are allowed: remove spaces and other characters.',
  'attention.error.tooShort': 'Type at least {min} digits.',
  'attention.error.tooLong': 'At most {max} digits fit.',
  'attention.random': 'Random example',
  'attention.text': 'Sentence (split into tokens at spaces)',
  'attention.error.noWords': 'Type at least one word. Meanwhile the figure keeps the last sentence it accepted.',
  'attention.error.tooManyWords':
    'At most {max} tokens ({n} now). Meanwhile the figure keeps the last sentence it accepted.',
  'attention.sandboxExample': 'The player won a silver medal',
  'attention.reseed': 'Draw new weights (seed now {seed})',
  'attention.layer': 'Layer',
  'attention.head': 'Head',
  'attention.pads': '<PAD> tokens appended',
  'attention.mask': 'Padding mask',
  'attention.maskOn': 'On',
  'attention.maskOff': 'Off',
  'attention.queries':
    'Query tokens: click one or Tab to it to see where it looks (one row of the heatmap). Arrow keys move between them too.',
  'attention.queryLabel': 'Query {pos}: {token}',
  'attention.heatmapAria':
    'Attention weights of layer {layer}, head {head}: {n} query rows by {n} key columns. The selected row’s values are in the description below.',
  'attention.axisKeys': 'keys →',
  'attention.axisQueries': 'queries ↓',
  'attention.headLabel': 'Head {head}',
  'attention.headMass': 'answer {mass}',
  'attention.topItem': '#{pos} “{token}” {weight}',
  'attention.legendTarget':
    'Dashed cells and orange labels: the input positions holding the digit the selected query slot must output. The “answer” value under each head’s map is the total weight on those positions.',
  'attention.outputCaption': 'The model’s output and the answer',
  'attention.rowInput': 'Input',
  'attention.rowOutput': 'Model output',
  'attention.rowTarget': 'Answer (sorted)',
  'attention.right': '✓ The model got it right',
  'attention.wrong': '✗ The model got it wrong (orange cells)',
  'attention.factPadWeight': 'Largest weight any PAD key receives (all layers, heads, queries):',
  'attention.factDelta': 'Largest |Δ| of the real tokens’ outputs against no padding:',
  'attention.softmaxTitle': 'What if we add a large negative number instead of −∞?',
  'attention.softmaxCaption':
    'Take one row of scores [{scores}] and say the last two keys are PAD. Instead of the mask (−∞), add various negative numbers to the PAD scores; these are the weights nw.softmax computes.',
  'attention.keyHeader': 'key (raw score)',
  'attention.keyReal': 'key {n} ({score})',
  'attention.keyPad': 'PAD {n} ({score})',
  'attention.padSum': 'PAD total',
  'attention.biasMask': '−∞ (mask)',
  'attention.softmaxNote':
    'In float32, exp(−10⁴) already underflows to 0. Large negatives cause trouble elsewhere: float16 tops out at 65504, so −10⁹ overflows to −∞ there, and a row whose keys are all PAD comes out differently, as below.',
  'attention.fullTitle': 'A row whose keys are all PAD',
  'attention.fullTorch': 'PyTorch, −∞',
  'attention.fullOurs': 'normwave mask',
  'attention.fullBig': 'adding −10⁹',
  'attention.fullNote':
    'In PyTorch, when every score is −∞ the maximum is −∞ too, so exp(−∞ − (−∞)) = exp(NaN): a 0/0 that gives NaN, and the NaN spreads to the next layer. The middle column is nw.softmax with every key masked; the last adds −10⁹ to every score, which wipes out their differences in float32 (1.5 + (−10⁹) = −10⁹).',
  'attention.accuracy':
    'Accuracy PyTorch measured on {n} sequences held out of training: {token} of tokens, {sequence} of sequences.',
  'attention.modelFacts':
    'Model: d_model {d}, {heads} heads, d_ff {dff}, {layers} layers, {params} parameters (weights file {kb} KB). Training: {seconds} s, {steps} steps, CPU, seed {seed}, torch {torch}.',
  'attention.recheck': 'Measure again in this browser',
  'attention.recheckRunning': 'Measuring…',
  'attention.recheckResult':
    'This browser: {right} of {n} right ({sequence} of sequences, {token} of tokens); {agree} of {total} positions agree with PyTorch’s predictions.',
  'attention.recheckError': 'Could not measure again: {message}',
  'attention.onTarget': ' Weight on the positions holding the answer digit {digit}: {mass}.',
  'attention.readoutModel':
    'Layer {layer} · head {head} · query #{pos} “{token}” → keys it looks at most: {top}.{onTarget}\nModel output {output} {mark} (answer {target})',
  'attention.readoutSandbox':
    'Layer {layer} · head {head} · query #{pos} “{token}” → keys it looks at most: {top}. (random weights, seed {seed})',
  'attention.readoutPadding':
    '{pads} × <PAD>, mask {mask}: largest weight on a PAD key {padWeight}, largest |Δ| of the real outputs {delta}. Model output {output} {mark} (answer {target})\nLayer {layer} · head {head} · query #{pos} “{token}” → keys it looks at most: {top}.{onTarget}',
  'attention.modelLoading': 'Loading the trained weights…',
  'attention.modelError': 'Could not load the trained weights: {message}',
  'attention.convention':
    'Input = token embedding + PE (interleaved sin/cos, no √d_model scale). The encoder is torch.nn.TransformerEncoder’s Pre-LN, ReLU, final-LayerNorm configuration, and the mask means what torch’s src_key_padding_mask means (1 = PAD key). Every number on screen is computed by the WebAssembly kernels.',
  'attention.claim.layer2Finds.holds':
    'Layer 2 finds the answer: averaged over the output slots, its best head puts {l2} of a slot’s weight on the input positions holding that slot’s digit, against {l1} in layer 1.',
  'attention.claim.layer2Finds.fails':
    'On this input layer 2’s best heads put no more weight on the answer’s positions than layer 1’s ({l2} against {l1}).',
  'attention.claim.layer2Finds.evidence': 'answer weight, layer 2 − layer 1: {value}',
  'attention.claim.padsInvisible.holds':
    'With the mask the {pads} PAD keys get exactly zero weight, and the real tokens’ outputs stay exactly as they are without any PAD.',
  'attention.claim.padsInvisible.fails':
    'Without the mask the PADs draw attention like any other token (up to {padWeight}) and the real tokens’ outputs shift (by up to {delta}).',
  'attention.claim.padsInvisible.evidence': 'largest PAD weight or |Δ|: {value}',
  'attention.claim.hugeIsZero.holds': 'So −10⁴ and −10⁹ leave exactly 0 on the PADs, just like −∞.',
  'attention.claim.hugeIsZero.fails': '−10⁴ or −10⁹ leaves some weight on the PADs here ({value}).',
  'attention.claim.hugeIsZero.evidence': 'PAD total at −10⁴ and −10⁹: {value}',
  'attention.claim.mildLeaks.holds': 'A milder value such as −10 lets a little weight leak to the PADs ({value}).',
  'attention.claim.mildLeaks.fails': 'Even −10 leaves no weight on the PADs here.',
  'attention.claim.mildLeaks.evidence': 'PAD total at −10: {value}',
  'attention.claim.fullZeros.holds':
    'normwave’s softmax returns zeros for a row whose keys are all masked, so the attention output is just out_proj’s bias and stays finite.',
  'attention.claim.fullZeros.fails': 'The fully masked row does not come out as zeros ({value}).',
  'attention.claim.fullZeros.evidence': 'largest |weight|, every key masked: {value}',
  'attention.claim.fullEven.holds':
    'With −10⁹ on every score the keys share the weight evenly, 1/{n} = {each} each: not NaN, but a meaningless average.',
  'attention.claim.fullEven.fails': 'With −10⁹ on every score the weights are not even ({value} away from 1/{n}).',
  'attention.claim.fullEven.evidence': 'largest |w − 1/n|: {value}',
  // ── </nw-attention> ──

  // ── <nw-ffn> ──
  'ffn.title': 'The feed-forward network: activations and position-wise independence',
  'ffn.caption':
    'The position-wise feed-forward network in two parts. Above, the activation between the two linear maps (ReLU and GELU); below, how the output changes when only one token changes. W₁ is a d_model × d_ff matrix and W₂ a d_ff × d_model one.',
  'ffn.curvesHeading': 'ReLU and GELU',
  'ffn.probe': 'read the curves at x',
  'ffn.curveAria': 'ReLU and GELU for x from −4 to 4. At x = {x}: ReLU {relu}, GELU {gelu}.',
  'ffn.curvesNote':
    'ReLU cuts negatives to zero (max(0, x)). GELU multiplies x by the standard normal CDF, x·Φ(x); this is the exact erf form, PyTorch’s default. The original paper used ReLU; BERT and GPT-2 use GELU.',
  'ffn.positionHeading': 'Position-wise: nudge a single token',
  'ffn.ratio': 'ratio d_ff / d_model',
  'ffn.activation': 'activation',
  'ffn.paramsLine': 'FFN parameters {n}',
  'ffn.token': 'token to nudge',
  'ffn.nudge': 'nudge δ',
  'ffn.tokens': 'The|player|won|a|silver|medal',
  'ffn.deltaHeading': 'output change |Δ| ({d} features)',
  'ffn.deltaHeadingShort': '|Δ| ({d} features)',
  'ffn.deltaAria':
    'Change of the FFN output when the input of “{word}” is nudged: that token’s max |Δ| = {self}, the other tokens {rest}. In a whole encoder layer with the same FFN, the other tokens move by up to {layer}.',
  'ffn.legendFfn': 'FFN alone (position-wise)',
  'ffn.legendLayer': 'whole encoder layer (attention + FFN)',
  'ffn.readout':
    'x = {x}: ReLU = {relu} · GELU = {gelu}\nd_ff = {ratio} × {d} = {dff} · FFN parameters {params} ({act})\ntoken {n} “{word}” nudged by δ = {delta}: its max |Δ| = {self} · the other {others} tokens: max |Δ| = {rest}\na whole encoder layer with the same FFN: the other tokens’ max |Δ| = {layer}',
  'ffn.method':
    'The input is six seeded token vectors; δ moves the chosen token’s input along a fixed random direction. The FFN weights use PyTorch’s nn.Linear default initialization (uniform in ±1/√fan_in) with a fixed seed. The FFN multiplies every row (token) by the same W₁ and W₂ separately. The comparison encoder layer (2 heads, Post-LN) carries the same FFN weights, but its self-attention mixes all tokens first.',
  'ffn.claim.geluDips.holds':
    'GELU is smooth around 0 and dips slightly below zero on the negative side, to {value} at x = {x}, before returning to 0.',
  'ffn.claim.geluDips.fails': 'The lowest point of the GELU curve here is {value} (at x = {x}), not about −0.17.',
  'ffn.claim.geluDips.evidence': 'lowest GELU value on the curve: {value}',
  'ffn.claim.ffnLocal.holds':
    'Position-wise: nudging token {n} leaves every other token’s FFN output identical to the last bit — their |Δ| is exactly 0, not a rounded small number.',
  'ffn.claim.ffnLocal.fails': 'Nudging token {n} moved another token’s FFN output ({value}).',
  'ffn.claim.ffnLocal.evidence': 'largest |Δ| of the other tokens, FFN alone: {value}',
  'ffn.claim.layerMixes.holds':
    'In a whole encoder layer with the same FFN every row changes: self-attention has mixed token {n}’s nudge into the others.',
  'ffn.claim.layerMixes.fails': 'With δ = {delta} the other tokens do not move in the whole layer either.',
  'ffn.claim.layerMixes.evidence': 'largest |Δ| of the other tokens, whole layer: {value}',
  // ── </nw-ffn> ──

  // ── <nw-encoder-stack> ──
  'encStack.title': 'Stacking N layers: how the representation changes from layer to layer',
  'encStack.caption':
    'The same input ({tokens} seeded token embeddings + the sin/cos PE) goes through an encoder stack with random weights from a fixed seed (d_model {d}, {heads} heads, d_ff {dff}, GELU), and the token vectors are measured after every layer. The weights are untrained, so you will not see abstraction such as “parts of speech → grammar → meaning” here; what you see is how the size and direction of the vectors change from layer to layer.',
  'encStack.wiring': 'LN placement',
  'encStack.finalNorm': 'final LayerNorm',
  'encStack.on': 'on',
  'encStack.off': 'off',
  'encStack.layers': 'layers N',
  'encStack.norm': 'token-vector norm ‖h‖',
  'encStack.normSub': 'mean over tokens · dashed √d = 8',
  'encStack.std': 'std σ within a token',
  'encStack.stdSub': 'mean over tokens · dashed 1',
  'encStack.mean': 'mean μ within a token',
  'encStack.meanSub': 'mean over tokens · dashed 0',
  'encStack.cos': 'cosine similarity between tokens',
  'encStack.cosSub': 'mean over all pairs',
  'encStack.normShort': '‖h‖',
  'encStack.stdShort': 'σ',
  'encStack.meanShort': 'μ',
  'encStack.cosShort': 'cos',
  'encStack.chartAria': '{name} per layer, from {first} for the input to {last} at the end',
  'encStack.readout':
    '{wiring} · N = {n} layers · final LayerNorm {finalNorm}\nafter the last layer ({n}): ‖h‖ = {norm} (√{d} = {sqrt}) · σ = {std} · μ = {mean} · cosine similarity = {cos}\ninput: ‖h‖ = {inNorm} · cosine similarity = {inCos}',
  'encStack.readoutFinal':
    'after the final LayerNorm: ‖h‖ = {norm} · σ = {std} · μ = {mean} · cosine similarity = {cos}',
  'encStack.explainPost':
    'Post-LN normalizes at the end of every layer; with the initial γ = 1 and β = 0 that sets each token to mean 0 and standard deviation 1. Self-attention mixes information from the other tokens into each one, which is what the cosine similarity between tokens measures.',
  'encStack.explainPre':
    'Pre-LN has no normalization on the residual path, so every layer adds its sublayers’ output to the stream as it is. That is why a Pre-LN stack ends with one more LayerNorm (GPT-2, LLaMA and others): turn it on to see the last point (LN).',
  'encStack.method':
    'The states after each layer come from one forward() of a seeded {max}-layer encoder with { hiddenStates: true }. The N-layer encoder with this seed is exactly its first N layers (the library draws the weights in state_dict order), so the {max} layers are computed once and the slider chooses how many to show; the final LayerNorm is nw.layerNorm on layer N’s output with the stack’s norm.weight and norm.bias. Largest difference between that after layer {max} and the output of forward(): {check}. μ and σ are computed per token by nw.layerNormStats, and ‖h‖ = √(d·(σ² + μ²)). Inference mode: no dropout.',
  'encStack.claim.postNormed.holds': 'Post-LN: after every layer each token is back at μ = 0, σ = 1, ‖h‖ ≈ √d.',
  'encStack.claim.postNormed.fails': 'Post-LN: after some layer the tokens’ σ is more than 1 % away from 1.',
  'encStack.claim.postNormed.evidence': 'largest |σ − 1|, layers 1–N: {value}',
  'encStack.claim.postFinalIdle.holds':
    'Turning on the final LayerNorm changes almost nothing here: the stream is already normalized.',
  'encStack.claim.postFinalIdle.fails': 'The final LayerNorm changes ‖h‖ by more than 1 % here.',
  'encStack.claim.postFinalIdle.evidence': 'change of ‖h‖ by the final LN: {value}',
  'encStack.claim.postCosDips.holds':
    'The cosine similarity dips at the first layer ({input} → {first}): LayerNorm removes the mean that the PE had given all tokens in common.',
  'encStack.claim.postCosDips.fails': 'The cosine similarity does not dip at the first layer here ({input} → {first}).',
  'encStack.claim.postCosDips.evidence': 'cos after layer 1 − input: {value}',
  'encStack.claim.postCosGrows.holds':
    'After that, the cosine similarity between tokens grows with depth ({first} → {end} by layer {n}): self-attention mixes the tokens.',
  'encStack.claim.postCosGrows.fails':
    'From layer 1 to layer {n} the cosine similarity does not grow ({first} → {end}).',
  'encStack.claim.postCosGrows.evidence': 'cos after layer N − after layer 1: {value}',
  'encStack.claim.preGrows.holds': 'Pre-LN: ‖h‖ and σ grow with depth: after {n} layers ‖h‖ = {norm} and σ = {std}.',
  'encStack.claim.preGrows.fails': 'Pre-LN: after {n} layers ‖h‖ or σ is not above the input’s.',
  'encStack.claim.preGrows.evidence': 'smaller of the two growths ‖h‖, σ: {value}×',
  'encStack.claim.preFinalBack.holds':
    'The final LayerNorm brings the stream back to ‖h‖ ≈ √d and σ = 1 (‖h‖ = {norm}, σ = {std}).',
  'encStack.claim.preFinalBack.fails': 'The final LayerNorm leaves σ more than 1 % away from 1 here (σ = {std}).',
  'encStack.claim.preFinalBack.evidence': '|σ − 1| after the final LN: {value}',
  'encStack.claim.preCosGrows.holds':
    'The cosine similarity between tokens grows here too ({input} → {end} after {n} layers).',
  'encStack.claim.preCosGrows.fails': 'After {n} layers the cosine similarity has not grown ({input} → {end}).',
  'encStack.claim.preCosGrows.evidence': 'cos after layer N − input: {value}',
  'encStack.claim.preCosLess.holds':
    'But the tokens stay less alike than with Post-LN after the same {n} layers (cos {pre} against {post}).',
  'encStack.claim.preCosLess.fails':
    'After {n} layers the tokens are at least as alike as with Post-LN (cos {pre} against {post}).',
  'encStack.claim.preCosLess.evidence': 'cos Pre-LN − Post-LN after layer N: {value}',
  'encStack.tableSummary': 'Per-layer table',
  'encStack.tableLayer': 'layer',
  // ── </nw-encoder-stack> ──

  // ── <nw-attention-steps> ──
  'attnSteps.title': 'Self-attention by hand, one step at a time',
  'attnSteps.caption':
    'One pass of attention worked through on a tiny example: {t} tokens, d = {d}; then the same pass split into two heads, as multi-head attention. Step through with the buttons; press any number to see which numbers it was made from and how, with its ingredients outlined. The input X and the weights W are chosen for the explanation; a trained model learns W from data.',
  'attnSteps.tokens': 'cats|eat|fish',
  'attnSteps.scaleSwitch': 'Divide by √d_k',
  'attnSteps.on': 'on',
  'attnSteps.off': 'off',
  'attnSteps.stepsLabel': 'Steps of the attention computation',
  'attnSteps.step.x': 'input X',
  'attnSteps.step.qkv': 'Q, K, V',
  'attnSteps.step.scores': 'QKᵀ',
  'attnSteps.step.scale': '÷ √d_k',
  'attnSteps.step.softmax': 'softmax',
  'attnSteps.step.output': '× V',
  'attnSteps.step.split': 'split into heads',
  'attnSteps.step.heads': 'each head’s softmax',
  'attnSteps.step.headsOut': 'each head × V',
  'attnSteps.step.concat': 'concat',
  'attnSteps.step.proj': '× W_O',
  'attnSteps.prev': '◀ Previous step',
  'attnSteps.next': 'Next step ▶',
  'attnSteps.text.x':
    'Each row is one token’s vector (think of it as the embedding plus the positional encoding). All three rows are computed at once.',
  'attnSteps.text.qkv':
    'The same X times three different weight matrices gives the queries Q, keys K and values V. In an encoder’s self-attention all three come from the same input. Edit W below and every later step is recomputed.',
  'attnSteps.text.scores':
    'The score S_ij is the dot product of query row i and key row j. Rows are “the token asking”, columns “the candidates answering”.',
  'attnSteps.text.scale':
    'The scores are divided by √d_k = √{d}. Dot products grow with the dimension, and without this the softmax piles onto a single key (see the d_k experiment below).',
  'attnSteps.text.scaleOff':
    'Dividing by √d_k is switched off: the scores go into the softmax as they are. Switch it on and off and compare the weights in the next step.',
  'attnSteps.text.softmax':
    'A softmax per row turns the scores into weights that sum to 1. Larger scores get larger weights, but small scores do not become zero.',
  'attnSteps.text.output':
    'The weights mix the rows of V. Row i of the output Z adds every token’s value vector in the proportions of row i of A: a new representation with context mixed in.',
  'attnSteps.text.split':
    'Multi-head attention runs {h} smaller attentions side by side. The same Q, K and V are cut by columns: head 1 takes columns 1–2, head 2 columns 3–4, so each head has d_k = {dk}. Nothing is computed here; the numbers are the ones above.',
  'attnSteps.text.heads':
    'Each head scores its own queries against its own keys, divides by √d_k = √{dk} and takes the softmax per row. The two heads see different parts of the vectors, so they can weigh the same tokens differently.',
  'attnSteps.text.headsOut': 'Each head mixes its own values with its own weights, giving a 3 × {dk} output per head.',
  'attnSteps.text.concat':
    'The heads’ outputs are placed side by side: the result is 3 × {d} again, the width of the input.',
  'attnSteps.text.proj':
    'A last weight matrix W_O mixes the heads’ outputs into the layer’s output. This O is what the residual connection adds back to X.',
  'attnSteps.eq.x': 'X ∈ ℝ^(3×4)',
  'attnSteps.eq.qkv': 'Q = X·W_Q,  K = X·W_K,  V = X·W_V',
  'attnSteps.eq.scores': 'S = Q·Kᵀ',
  'attnSteps.eq.scale': "S' = S / √d_k",
  'attnSteps.eq.softmax': "A = softmax(S')  (row by row)",
  'attnSteps.eq.output': 'Z = A·V',
  'attnSteps.eq.split': 'Qₕ, Kₕ, Vₕ = columns of head h',
  'attnSteps.eq.heads': 'Aₕ = softmax(QₕKₕᵀ / √d_k)',
  'attnSteps.eq.headsOut': 'Zₕ = Aₕ·Vₕ',
  'attnSteps.eq.concat': 'Z = [Z¹ | Z²]',
  'attnSteps.eq.proj': 'O = Z·W_O',
  'attnSteps.cellLabel': '{m} row {r}, column {c}: {v}',
  'attnSteps.matLabel': 'Matrix {m} ({r}×{c}). Arrow keys move between numbers, Enter picks one.',
  'attnSteps.pick': 'Press a number: where it came from appears here.',
  'attnSteps.why.x': 'An input value: component {c} of the token “{token}”, fixed by this figure.',
  'attnSteps.why.w': 'A weight of {m}. You can change it in the editor below.',
  'attnSteps.why.proj':
    'This entry of {m} is the row of X for “{token}” times column {c} of {w}, summed (a dot product).',
  'attnSteps.why.kt': 'Kᵀ is K flipped over. This entry belongs to the key vector of “{token}”.',
  'attnSteps.why.score':
    'The dot product of the query of “{q}” and the key of “{k}”. It is larger when the two vectors point the same way.',
  'attnSteps.why.scale': 'The previous step’s score divided by √d_k. Here d_k = {dk}, so it is divided by 2.',
  'attnSteps.why.unscaled': 'Dividing is switched off, so the previous step’s score is used as it is.',
  'attnSteps.why.softmax':
    'The weight the query of “{q}” gives the key of “{k}”. The softmax runs over the whole row, so changing another score in the row changes this weight too.',
  'attnSteps.why.rowSum': 'Sum of this row’s weights: {sum}',
  'attnSteps.why.output':
    'Component {c} of the output of “{token}”: the V values of every token (column {c}) added with this token’s weights.',
  'attnSteps.why.split':
    'Head {h}’s {m} is column {col} of {m}, taken as it is: component {c} of “{token}” for this head.',
  'attnSteps.why.headScore':
    'Head {h}: the dot product of the query of “{q}” and the key of “{k}”, over this head’s {dk} components only, divided by √d_k = √{dk}.',
  'attnSteps.why.headScoreOff':
    'Head {h}: the dot product of the query of “{q}” and the key of “{k}”, over this head’s components only (dividing is switched off).',
  'attnSteps.why.headSoftmax':
    'Head {h}: the weight the query of “{q}” gives the key of “{k}”. Each head has its own softmax.',
  'attnSteps.why.headOutput':
    'Head {h}: component {c} of the output of “{token}”, this head’s V values added with this head’s weights.',
  'attnSteps.why.concat': 'Column {c} of the concatenation is column {hc} of head {h}’s output for “{token}”, copied.',
  'attnSteps.why.wo': 'A weight of the output projection W_O, fixed by this figure.',
  'attnSteps.why.mhOut':
    'Component {c} of the multi-head output of “{token}”: its row of the concatenated heads times column {c} of W_O.',
  'attnSteps.wTitle': 'Edit the weights W',
  'attnSteps.wCaption':
    'Change one entry and everything from Q, K, V to the output is recomputed. Rows are input dimensions, columns output dimensions.',
  'attnSteps.wWhich': 'Matrix to edit',
  'attnSteps.wCell': '{m} row {r}, column {c}',
  'attnSteps.wReset': 'Reset',
  'attnSteps.satTitle': 'Without √d_k: the softmax saturates',
  'attnSteps.satCaption':
    '{n} random queries and {n} random keys, every entry with mean 0 and variance 1, give a table of scores with a softmax per row. As d_k grows, the spread of the dot products grows like √d_k. Use the switch above to divide or not.',
  'attnSteps.satBarsTitle': 'Weights of query 1 (d_k = {dk}, {mode})',
  'attnSteps.satCurveTitle': 'Mean over rows of the largest weight (across: d_k)',
  'attnSteps.modeScaled': 'divided by √d_k',
  'attnSteps.modeRaw': 'not divided',
  'attnSteps.satBarsAria': 'Bar chart of the weights query 1 gives to 8 keys at d_k = {dk}. Largest weight {max}.',
  'attnSteps.satCurveAria':
    'Mean largest weight per row against d_k. At d_k = {max}: {raw} without dividing, {scaled} with it.',
  'attnSteps.satReadout':
    'd_k = {dk} (√d_k = {root}): standard deviation of the scores {stdRaw} not divided, {stdScaled} divided\nMean largest weight per row: {maxRaw} not divided, {maxScaled} divided ({uniform} if spread evenly)',
  'attnSteps.satNote':
    'Without dividing, the largest weight approaches 1 as d_k grows and the others approach 0. The original paper (Vaswani et al., 2017) gives this as the reason for dividing by √d_k: it suspected that large dot products push the softmax into regions where its gradients are extremely small. Dividing by √d_k keeps the spread of the scores near 1 whatever d_k is.',
  'attnSteps.readoutStep': 'Step {n}/{total}: {name}',
  'attnSteps.method':
    'Every matrix on screen is computed by the library. Q, K and V are nw.linear(X, Wᵀ) (nw.linear computes x·Wᵀ like PyTorch’s nn.Linear, so Wᵀ is passed to get the formula’s X·W). QKᵀ is nw.linear with K as the weight, ÷√d_k is nw.linear with the diagonal matrix (1/√d_k)·I, the softmax is nw.softmax and A·V is nw.linear with Vᵀ as the weight. The row sums add up the softmax’s output. In the multi-head steps, head h takes columns 2h−1 and 2h of Q, K and V as they are (a split, no arithmetic) and runs the same four operations with d_k = 2; the heads’ outputs are placed side by side, and the output projection is nw.linear with W_Oᵀ as the weight.',
  'attnSteps.methodSat':
    'The saturation experiment: {n} queries and {n} keys of seeded standard normals (a larger d_k extends the same streams); the scores by nw.linear, the division by nw.linear with a diagonal matrix, the weights by nw.softmax and the scores’ standard deviation by nw.layerNormStats.',
  // ── </nw-attention-steps> ──

  // ── shared by the teaching pieces ──
  'common.howComputed': 'How this figure is computed',
  'lnStep.label': 'LayerNorm step',
  'lnStep.1': '① mean μ',
  'lnStep.2': '② variance σ²',
  'lnStep.3': '③ normalize x̂',
  'lnStep.4': '④ scale and shift y',
  'lnSteps.method':
    'μ, σ² and x̂ come from nw.layerNormWithStats called with γ = 1, β = 0; y from the same function with the γ and β vectors. x − μ is x minus that μ, and the mean and standard deviation printed on every row come from nw.layerNormStats. The input is seeded standard normals shifted and stretched by the sliders’ mean and standard deviation.',
  'lnPipe.method':
    'μ, σ² and x̂ come from nw.layerNormWithStats called with γ = 1, β = 0; y from the same function with the per-dimension γ and β vectors. mean(x̂) and var(x̂) come from nw.layerNormStats. ε = 1e-5 (PyTorch’s default).',
  'encBlock.repeat': 'N× (the same layer N times)',
  'encBlock.finalNorm': 'final LayerNorm',
  'encBlock.noFinalNorm': 'no extra LN at the end: a Post-LN layer already ends with one',
  'ffn.layout':
    'The formula is written xW₁ + b₁ as in the original paper (W₁: d_model × d_ff). PyTorch’s nn.Linear stores the same weights flipped, in the shape [out, in], i.e. weight = W₁ᵀ, and computes x·weightᵀ + b: the same result. This figure keeps the weights in PyTorch’s shape and computes with nw.linear(x, weight, bias); nw.activation computes the activations.',
  'attention.runs': 'The model behind this map: {wiring}',
  'attention.runsPre':
    '{layers} layers, {act}, {final}. The article’s encoder-block formula, LN(x + Sublayer(x)), is the original paper’s Post-LN; this model normalizes before each sublayer (Pre-LN).',
  'attention.runsPost':
    '{layers} layers, {act}, {final}. The same Post-LN as the article’s encoder-block formula, LN(x + Sublayer(x)).',
  'attention.finalOn': 'one LayerNorm at the end',
  'attention.finalOff': 'no LayerNorm at the end',
  'peHeatmap.method':
    'The table is computed in one call, nw.positionalEncoding(seq_len, d_model) (interleaved: dim 2i = sin, 2i+1 = cos). The concatenated layout draws the same values with the columns reordered. While you drag, it writes into one buffer of the largest table size instead of allocating a new array.',
  'peWaves.play': '▶ Sweep the position',
  'peWaves.pause': '⏸ Pause',
  'peWaves.method':
    'Every point is a value of the table nw.positionalEncoding(101, d_model) returns. The wavelength uses row pos = 1, (sin ω_i, cos ω_i): ω_i by atan2, then 2π/ω_i.',
  'peProps.circle.title': 'Pair i = {i} on the unit circle (across: cos = dim {c}, up: sin = dim {s})',
  'peProps.circle.aria':
    'Unit circle of pair {i}. The angle between the point of position {pos} and the point {k} positions later is {angle} degrees.',
  'peProps.circle.pos': 'position pos',
  'peProps.circle.pair': 'pair i',
  'peProps.circle.note':
    'Blue dot pos = {pos}: (cos, sin) = ({px}, {py}). Orange ring pos + {k}: ({qx}, {qy}). The small orange dot is the result rotated by M_k, ({rx}, {ry}), on top of the ring. Each position turns by ω_{i} = {omega} rad, so {k} positions make {angle}°, whatever pos is.',
  'peProps.method':
    'The PE table comes from nw.positionalEncoding; the Gram matrix G = PE·PEᵀ and M_k·PE(pos) from nw.linear (the table serves as input and as weight). M_k’s cos and sin are read from row PE(k); the circle’s points are the table’s columns (2i+1, 2i), the rotated point is nw.linear’s result.',
  // ── </shared> ──

  // ── <nw-kernel-source>: the code tabs ──
  'kernelSource.caption':
    'On the left, PyTorch code this project wrote itself (checked to give the same values as torch’s nn.LayerNorm and nn.TransformerEncoderLayer); on the right, the C++ kernels that actually compute this page’s figures. Point at a line of code, or Tab in and move with ↑/↓: the panel below explains that line’s step with the numbers of a tiny example, and the C++ lines doing the same thing, as well as other figures that draw the step, are highlighted with it.',
  'kernelSource.tab.positionalEncoding': 'Positional encoding',
  'kernelSource.tab.layerNorm': 'LayerNorm',
  'kernelSource.tab.ffn': 'FFN',
  'kernelSource.tab.preLnBlock': 'Pre-LN block',
  'kernelSource.tab.encoderLayer': 'Encoder layer (Post-LN)',
  'kernelSource.steps': 'Steps',
  'kernelSource.stepHint':
    'Point at a line of the PyTorch code (the lines with a left border) or press a step button to see its explanation and numbers here.',
  'kernelSource.pyTitle': 'PyTorch (code written for this project)',
  'kernelSource.pyLabel': 'PyTorch code. Tab into the lines with a step and move between them with ↑/↓.',
  'kernelSource.cppTitle': 'C++ kernel (the code this page runs)',
  'kernelSource.impl': 'Implementation shown',
  'kernelSource.implRef': 'reference (ref)',
  'kernelSource.implFast': 'SIMD path',
  'kernelSource.noteTitle': 'Watch out in the source articles’ code:',
  'kernelSource.note.preLnBlock':
    'A Pre-LN stack needs one more LayerNorm after its last layer (final_norm). A Pre-LN layer only adds to the residual, so without it the output leaves with a size that grew with the number of layers (switch off the final LayerNorm in the figure “Stacking N layers”). Also, norm1(x) needs computing once and passing as Q, K and V; writing it three times computes it three times.',
  'kernelSource.note.encoderLayer':
    'A Post-LN layer ends with norm2, so adding one more LayerNorm at the end of the stack, as the source article’s Encoder does, is redundant: with the initial γ = 1, β = 0, LN(LN(x)) ≈ LN(x), and after training it only adds one more scale and shift. The stack that does need a final LayerNorm is the Pre-LN one.',
  'kernelSource.tokenRow': 'vector of token 1: {values} · ‖h‖ = {norm}',
  'kernelSource.outputRow': 'output, token 1: {values}',
  'kernelSource.check': 'largest difference between the step-by-step computation and forward(): {worst}',
  'kernelSource.peTable': 'PE table, 4 positions × 8 dimensions',
  'kernelSource.step.positionalEncoding.pos': 'pos: the position',
  'kernelSource.step.positionalEncoding.omega': 'ω_i: frequency of the pair',
  'kernelSource.step.positionalEncoding.angle': 'pos·ω_i: the angle',
  'kernelSource.step.positionalEncoding.sin': 'even dims = sin',
  'kernelSource.step.positionalEncoding.cos': 'odd dims = cos',
  'kernelSource.step.positionalEncoding.add': 'add to the embeddings',
  'kernelSource.step.ffn.linear1': 'Linear₁: xW₁ + b₁',
  'kernelSource.step.ffn.act': 'activation',
  'kernelSource.step.ffn.linear2': 'Linear₂: ·W₂ + b₂',
  'kernelSource.step.preLnBlock.ln1': 'LayerNorm₁',
  'kernelSource.step.preLnBlock.attn': 'self-attention',
  'kernelSource.step.preLnBlock.add1': 'add residual₁',
  'kernelSource.step.preLnBlock.ln2': 'LayerNorm₂',
  'kernelSource.step.preLnBlock.ffn': 'FFN',
  'kernelSource.step.preLnBlock.add2': 'add residual₂',
  'kernelSource.step.preLnBlock.final': 'final LayerNorm',
  'kernelSource.step.encoderLayer.attn': 'self-attention',
  'kernelSource.step.encoderLayer.add1': 'add residual₁',
  'kernelSource.step.encoderLayer.ln1': 'LayerNorm₁',
  'kernelSource.step.encoderLayer.ffn': 'FFN',
  'kernelSource.step.encoderLayer.add2': 'add residual₂',
  'kernelSource.step.encoderLayer.ln2': 'LayerNorm₂',
  'kernelSource.text.positionalEncoding.pos':
    'The positions 0, 1, 2, … as a column. One row of the table is one position.',
  'kernelSource.text.positionalEncoding.omega':
    'The frequency of pair i, ω_i = 10000^(−2i/d_model). It shrinks as i grows, so the wavelength grows. The values below are read back from row pos = 1 of the computed table.',
  'kernelSource.text.positionalEncoding.angle':
    'The angle pos·ω_i, position times frequency, for every pair at once by broadcasting.',
  'kernelSource.text.positionalEncoding.sin':
    'sin(pos·ω_i) goes into the even dimension 2i (the paper’s interleaved layout): the highlighted columns.',
  'kernelSource.text.positionalEncoding.cos': 'cos(pos·ω_i) goes into the odd dimension 2i+1: the highlighted columns.',
  'kernelSource.text.positionalEncoding.add':
    'Each token embedding gets the PE row of its position added. Nothing is learned. This addition happens in the caller, not in the kernel.',
  'kernelSource.text.layerNorm.1': 'The mean over the last dimension (the H features): one scalar per token.',
  'kernelSource.text.layerNorm.2':
    'The variance: the mean of the squared distances from μ, divided by H (the population variance).',
  'kernelSource.text.layerNorm.3': 'Subtract μ and divide by √(σ² + ε): mean 0, variance close to 1.',
  'kernelSource.text.layerNorm.4':
    'Multiply by the learned γ and add β, per feature. This example uses nn.LayerNorm’s initial γ = 1, β = 0, so y = x̂.',
  'kernelSource.text.ffn.linear1':
    'Widens the token vector from d_model = 4 to d_ff = 8. nn.Linear stores its weight as [out, in] = W₁ᵀ.',
  'kernelSource.text.ffn.act':
    'ReLU cuts the negatives (or the smooth GELU). Without this nonlinearity the two linear maps would collapse into one.',
  'kernelSource.text.ffn.linear2':
    'Back from d_ff to d_model. Applied to each position on its own: no other token takes part.',
  'kernelSource.text.preLnBlock.ln1':
    'Normalize only what goes into the sublayer; the residual x itself is not normalized.',
  'kernelSource.text.preLnBlock.attn':
    'Q, K and V from the normalized h, softmax(QKᵀ/√d_k)V per head, then W_O joins the heads.',
  'kernelSource.text.preLnBlock.add1': 'The attention output is added to the unnormalized x as it is.',
  'kernelSource.text.preLnBlock.ln2': 'Normalize again before the FFN.',
  'kernelSource.text.preLnBlock.ffn': 'Linear → ReLU → Linear at every position.',
  'kernelSource.text.preLnBlock.add2':
    'The FFN output is added to the residual. The block’s output goes on to the next layer unnormalized.',
  'kernelSource.text.preLnBlock.final': 'One normalization after all the layers. A Pre-LN stack needs it.',
  'kernelSource.text.encoderLayer.attn': 'Q, K and V straight from the input x, then self-attention.',
  'kernelSource.text.encoderLayer.add1': 'The attention output is added to x.',
  'kernelSource.text.encoderLayer.ln1':
    'The whole sum is normalized: the residual path passes through this LayerNorm too.',
  'kernelSource.text.encoderLayer.ffn': 'Linear → ReLU → Linear at every position.',
  'kernelSource.text.encoderLayer.add2': 'The FFN output is added to the residual.',
  'kernelSource.text.encoderLayer.ln2':
    'The whole is normalized again: the layer’s output has already been through a LayerNorm.',
  'kernelSource.method':
    'Every number of the tiny examples is computed by the library: PE by nw.positionalEncoding(4, 8), LayerNorm by nw.layerNormWithStats, the FFN by nw.linear and nw.activation with seeded nn.Linear initial weights. The C++ is copied from cpp/src and the PyTorch code from scripts/article_code.py when the site is built; scripts/check_article_code.py checks that PyTorch code against torch’s own implementations.',
  'kernelSource.method.positionalEncoding':
    'ω_i and the angles are read back from the table’s (sin, cos) pairs with atan2 (for pos ≤ 3 the angles stay below π, so they read back as they are).',
  'kernelSource.method.layerNorm':
    'The input is x = [2.4, 1.1, −0.3, 0.8, 3.0, −1.2, 0.5, 1.7], with μ = 1 and σ² = 1.66.',
  'kernelSource.method.ffn':
    'd_model = 4, d_ff = 8, ReLU. The weights are drawn with PyTorch nn.Linear’s default init (uniform in ±1/√fan_in) from a fixed seed.',
  'kernelSource.method.preLnBlock':
    'A 1-layer Pre-LN encoder with random weights from a fixed seed (d_model 8, 2 heads, d_ff 16, final LayerNorm) is made with nw.createEncoder and computed step by step from its stateDict(): LayerNorm with nw.layerNorm; attention per head with nw.linear (QKᵀ), nw.linear with a diagonal matrix (÷√d_k), nw.softmax and nw.linear (×V); the residual additions with nw.linear multiplying [x | y] by [I | I]. The result is compared with the same encoder’s forward().',
  'kernelSource.method.encoderLayer':
    'A 1-layer Post-LN encoder with random weights from a fixed seed (d_model 8, 2 heads, d_ff 16, no final LayerNorm), computed step by step as in the Pre-LN tab and compared with forward().',
  // ── </nw-kernel-source> ──

  // ── the article's sections on attention by hand and the closing summary ──
  's12.steps':
    '<p>Before the trained model, follow one pass of attention by hand. On an example of three tokens with d = 4: make Q, K and V, take the scores QKᵀ, divide by √d_k, apply the softmax and mix V. Then the same Q, K and V are split into two heads of d_k = 2, each head runs softmax(QKᵀ/√d_k)V on its own, the heads’ outputs are concatenated and multiplied by W_O — multi-head attention worked by hand, as <a data-cite="alammar2018">Alammar’s Illustrated Transformer</a> does it with pictures. Press any number to see where it came from.</p>',
  's18.title': 'Summary at a glance',
  's18.body':
    '<p>The ideas of this article, one line each, with the figure where you can try each one.</p><ul class="summary"><li>Self-attention treats tokens as a set, so it cannot see order — <a href="#order-demo">word-order figure</a></li><li>The sine-cosine PE gives every position its own vector, one frequency per sin/cos pair — <a href="#pe-waves">waves</a>, <a href="#pe-heatmap">heatmap</a></li><li>Its values stay in [−1, 1], differ for every position, shift by k as one rotation M_k, and are defined past the training length — <a href="#pe-properties">four properties</a></li><li>Learned PE, RoPE and ALiBi put position in differently, and RoPE alone does not reach past the training length — <a href="#pe-compare">comparison</a></li><li>Stacking layers multiplies the size of activations until they explode or vanish; normalization breaks that — <a href="#depth-demo">depth experiment</a></li><li>Layer normalization is four steps: ① mean ② variance ③ normalize ④ scale and shift — <a href="#ln-steps">four steps</a>, <a href="#ln-pipeline">pipeline</a>, <a href="#ln-simulator">simulator</a></li><li>Batch norm takes statistics down columns (the batch), layer norm along rows (one token), so layer norm does not depend on the batch — <a href="#norm-axes">normalization axes</a>, <a href="#batch-independence">half-batch experiment</a></li><li>LayerNorm goes after the residual (Post-LN) or before the sublayer (Pre-LN); RMSNorm skips subtracting the mean — <a href="#prepost-ln">Post-LN and Pre-LN</a>, <a href="#rmsnorm">RMSNorm</a></li><li>The same computations as PyTorch code and as this page’s C++ kernels — <a href="#kernel-source">code</a></li><li>An encoder block wraps self-attention and the FFN in Add & Norm and is stacked N times — <a href="#encoder-block">block</a>, <a href="#attention-steps">attention by hand</a>, <a href="#attention">trained attention</a>, <a href="#ffn">FFN</a>, <a href="#encoder-stack">stacking N layers</a></li><li>Check your understanding — <a href="#quiz">quiz</a></li></ul>',
  // ── </sections> ──
};
