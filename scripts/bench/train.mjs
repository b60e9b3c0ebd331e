// `npm run bench`, training: one training step of the tiny sort model
// (scripts/train_tiny.py: d 64, 4 heads, d_ff 128, 2 Pre-LN layers with final norm, batch 256,
// seq 8) in one Node process — normwave's trainer (forward, loss, backward, Adam, one wasm call)
// against tfjs-wasm's autodiff + tf.train.adam on the same model, weights, batch and data, and
// Debian's PyTorch on the CPU with one thread (scripts/bench/train_torch.py). Before timing, each
// peer's loss at step 1 is checked against ours (|Δ| ≤ 1e-4). Adam, not AdamW, for all three
// (tfjs has no AdamW): weight decay 0, no clipping; betas (0.9, 0.98), eps 1e-8.
//
//   node scripts/bench/train.mjs [--steps N] [--batch B]   (default 30 timed steps, batch 256)
// Its twin test, tests/js/bench-train.test.mjs, runs it with one step on a small batch. A run
// without --steps or --batch also writes its table into docs/benchmarks.md
// (scripts/bench/report.mjs).
//
// GFLOP/s counts the matrix products only (2 flops per multiply-add: each linear's forward and
// its two backward products, attention's two forward and four backward products per head), as
// tests/cpp/bench/train_step.cpp does. The share of the SIMD128 peak is against the peak measured
// in this run (cases.muladdPeak: raw.cpp's 12 f32x4 multiply-add chains, best round), as in
// run.mjs; a share of an assumed clock × ops per cycle can exceed 100 % on a CPU whose boost
// and issue width are not known.
import os from 'node:os';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { ROOT, loadOurs, loadTf, loadModule, muladdPeak } from './cases.mjs';
import { sortBatch, SORT, modelConfig } from '../../web/lib/train-session.js';
import { writeSection } from './report.mjs';
import { uniforms } from '../../web/lib/seeded-random.js';
import { spread } from './stats.mjs';

const argv = process.argv.slice(2);
const stepsArg = argv.includes('--steps') ? Number(argv[argv.indexOf('--steps') + 1]) : 30;
const STEPS = Number.isInteger(stepsArg) && stepsArg > 0 ? stepsArg : 30;
const batchArg = argv.includes('--batch') ? Number(argv[argv.indexOf('--batch') + 1]) : 256;
const BATCH = Number.isInteger(batchArg) && batchArg > 0 ? batchArg : 256;
const S = SORT.seqLen;
const LR = 1e-3;
const log = (...a) => process.stderr.write(`${a.join(' ')}\n`);

const cfg = modelConfig(true);
const d = cfg.dModel;
const H = cfg.nHeads;
const hd = d / H;

/** Matrix-product flops of one step (forward + backward). */
function stepFlops() {
  const R = BATCH * S;
  const linears = 3 * d * d + d * d + cfg.dFF * d + d * cfg.dFF;
  const attn = 2 * S * S * hd * BATCH * H; // one (S × S × hd) product over every head, x2 flops
  return cfg.nLayers * (6 * R * linears + 6 * attn) + 6 * R * SORT.classes * d;
}

function cpuGHz() {
  try {
    const m = readFileSync('/proc/cpuinfo', 'utf8').match(/cpu MHz\s*:\s*([\d.]+)/);
    if (m) return Number(m[1]) / 1000;
  } catch {
    /* not Linux */
  }
  return os.cpus()[0]?.speed ? os.cpus()[0].speed / 1000 : NaN;
}

function stats(ms) {
  return { ...spread(ms), min: Math.min(...ms) };
}

// ── the batch and the weights ────────────────────────────────────────────────────────────────
const nw = await loadOurs({ training: true });
const batch = sortBatch(uniforms(12345), BATCH);
const trainer = nw.createTokenTrainer({
  encoder: cfg,
  vocab: SORT.vocab,
  classes: SORT.classes,
  batch: BATCH,
  seqLen: S,
  seed: 7,
  optimizer: { lr: LR, beta1: 0.9, beta2: 0.98, eps: 1e-8, weightDecay: 0, clipNorm: 0, schedule: 'constant' },
});
const weights = trainer.stateDict();
const pe = nw.positionalEncoding(S, d);

// ── normwave ─────────────────────────────────────────────────────────────────────────────────
function runOurs() {
  trainer.loadStateDict(weights);
  const first = trainer.step(batch.tokens, batch.targets, { paddingMask: batch.paddingMask }).loss;
  for (let i = 0; i < 3; i++) trainer.step(batch.tokens, batch.targets, { paddingMask: batch.paddingMask });
  const ms = [];
  for (let i = 0; i < STEPS; i++) {
    const t0 = performance.now();
    trainer.step(batch.tokens, batch.targets, { paddingMask: batch.paddingMask });
    ms.push(performance.now() - t0);
  }
  return { loss: first, ms };
}

// ── tfjs-wasm: the same model written with tfjs ops, autodiff, tf.train.adam ─────────────────
async function runTf() {
  const loaded = await loadTf();
  if (loaded.missing) return { missing: loaded.missing };
  const { tf } = loaded;
  // tfjs-core's Node bundle registers few gradients (the @tensorflow/tfjs union package does the
  // rest): bundle its register_all_gradients module once; it registers into the same global engine.
  const gradients = `${ROOT}build/bench/tfjs-gradients.mjs`;
  if (!existsSync(gradients)) {
    const esbuild = await import('esbuild');
    await esbuild.build({
      stdin: { contents: "import '@tensorflow/tfjs-core/dist/register_all_gradients';", resolveDir: ROOT },
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: gradients,
      logLevel: 'error',
    });
  }
  await import(gradients);
  const v = {};
  for (const [name, data] of Object.entries(weights)) {
    const spec = trainer.parameters.find((p) => p.name === name);
    v[name] = tf.variable(tf.tensor(data, spec.shape), true, name.replace(/[^A-Za-z0-9_]/g, '_'));
  }
  const R = BATCH * S;
  const onehot = tf.cast(tf.oneHot(tf.tensor1d(batch.tokens, 'int32'), SORT.vocab), 'float32'); // (R, vocab)
  const peT = tf.tile(tf.tensor2d(pe, [S, d]), [BATCH, 1]); // (R, d)
  const keyBias = tf.tensor(
    Float32Array.from(batch.paddingMask, (m) => (m ? -1e9 : 0)),
    [BATCH, 1, 1, S],
  );
  const kept = Float32Array.from(batch.targets, (t) => (t === SORT.ignore ? 0 : 1));
  const nKept = kept.reduce((a, b) => a + b, 0);
  const keptT = tf.tensor1d(kept);
  const targetHot = tf.cast(
    tf.oneHot(
      tf.tensor1d(
        Int32Array.from(batch.targets, (t) => (t < 0 ? 0 : t)),
        'int32',
      ),
      SORT.classes,
    ),
    'float32',
  );
  const linear = (x, w, b) => tf.add(tf.matMul(x, w, false, true), b);
  const layerNorm = (x, g, b) => {
    const { mean, variance } = tf.moments(x, -1, true);
    return tf.add(tf.mul(tf.div(tf.sub(x, mean), tf.sqrt(tf.add(variance, cfg.eps ?? 1e-5))), g), b);
  };
  const heads = (t) => tf.transpose(tf.reshape(t, [BATCH, S, H, hd]), [0, 2, 1, 3]);
  const lossFn = () => {
    let x = tf.add(tf.matMul(onehot, v['embedding.weight']), peT);
    for (let l = 0; l < cfg.nLayers; l++) {
      const p = (n) => v[`encoder.layers.${l}.${n}`];
      const h = layerNorm(x, p('norm1.weight'), p('norm1.bias'));
      const qkv = linear(h, p('self_attn.in_proj_weight'), p('self_attn.in_proj_bias'));
      const [q, k, vv] = tf.split(qkv, 3, 1);
      const scores = tf.add(tf.mul(tf.matMul(heads(q), heads(k), false, true), 1 / Math.sqrt(hd)), keyBias);
      const ctx = tf.reshape(tf.transpose(tf.matMul(tf.softmax(scores), heads(vv)), [0, 2, 1, 3]), [R, d]);
      x = tf.add(x, linear(ctx, p('self_attn.out_proj.weight'), p('self_attn.out_proj.bias')));
      const h2 = layerNorm(x, p('norm2.weight'), p('norm2.bias'));
      x = tf.add(
        x,
        linear(tf.relu(linear(h2, p('linear1.weight'), p('linear1.bias'))), p('linear2.weight'), p('linear2.bias')),
      );
    }
    x = layerNorm(x, v['encoder.norm.weight'], v['encoder.norm.bias']);
    const logits = linear(x, v['head.weight'], v['head.bias']);
    const nll = tf.neg(tf.sum(tf.mul(tf.logSoftmax(logits), targetHot), 1));
    return tf.div(tf.sum(tf.mul(nll, keptT)), nKept);
  };
  const opt = tf.train.adam(LR, 0.9, 0.98, 1e-8);
  const step = () => {
    const l = opt.minimize(lossFn, true);
    const value = l.dataSync()[0];
    l.dispose();
    return value;
  };
  const first = step();
  for (let i = 0; i < 3; i++) step();
  const ms = [];
  for (let i = 0; i < STEPS; i++) {
    const t0 = performance.now();
    step();
    ms.push(performance.now() - t0);
  }
  opt.dispose();
  tf.dispose([onehot, peT, keyBias, keptT, targetHot, ...Object.values(v)]);
  return { loss: first, ms, version: loaded.version, threads: loaded.threads };
}

// ── PyTorch, CPU, one thread ─────────────────────────────────────────────────────────────────
function runTorch() {
  const job = {
    params: Object.fromEntries(Object.entries(weights).map(([k, a]) => [k, Array.from(a)])),
    tokens: Array.from(batch.tokens),
    targets: Array.from(batch.targets),
    batch: BATCH,
    seq: S,
    steps: STEPS + 4,
    lr: LR,
  };
  try {
    const out = execFileSync('/usr/bin/python3', [`${ROOT}scripts/bench/train_torch.py`], {
      input: JSON.stringify(job),
      maxBuffer: 1 << 26,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const r = JSON.parse(out.toString());
    return { loss: r.loss, ms: r.ms.slice(4), version: r.torch, threads: r.threads };
  } catch (e) {
    return {
      missing: `PyTorch not usable (${String(e.stderr || e.message)
        .trim()
        .split('\n')
        .pop()}); apt-get install python3-torch`,
    };
  }
}

const load0 = os.loadavg();
log(`train bench: ${STEPS} timed steps per contender, batch ${BATCH} x seq ${S}`);
const results = { normwave: runOurs() };
results['tfjs-wasm'] = await runTf();
results['PyTorch CPU (1 thread)'] = runTorch();
const load1 = os.loadavg();
trainer.dispose();

const flops = stepFlops();
const ghz = cpuGHz();
const peak = muladdPeak(await loadModule(), 15).best; // GFLOP/s
const ours = stats(results.normwave.ms).median;
const lines = [
  `\n## One training step of the tiny sort model (batch ${BATCH} × seq ${S}, ${(flops / 1e9).toFixed(3)} GFLOP of matrix products)\n`,
  `${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}, ${os.cpus()[0]?.model ?? 'unknown CPU'} at ${ghz.toFixed(2)} GHz, load average ${load0.map((l) => l.toFixed(2)).join(' ')} at start, ${load1.map((l) => l.toFixed(2)).join(' ')} at end; one thread each. SIMD128 multiply-add peak measured in this run ${peak.toFixed(1)} GFLOP/s (best of 15).\n`,
  '| contender | loss at step 1 | Δ vs normwave | median ms/step (p10–p90) | fastest ms | GFLOP/s median / fastest | share of SIMD128 peak (fastest) | normwave speed-up (median) |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
];
const json = {
  date: new Date().toISOString(),
  loadavgStart: load0,
  loadavgEnd: load1,
  flops,
  ghz,
  steps: STEPS,
  batch: BATCH,
  seq: S,
  contenders: {},
};
for (const [name, r] of Object.entries(results)) {
  if (r.missing) {
    lines.push(`| ${name} | — | — | ${r.missing} | | | | |`);
    continue;
  }
  const s = stats(r.ms);
  const delta = Math.abs(r.loss - results.normwave.loss);
  const agrees = delta <= 1e-4;
  const gflops = flops / (s.median * 1e6);
  const best = flops / (s.min * 1e6);
  lines.push(
    `| ${name}${r.version ? ` ${r.version}` : ''} | ${r.loss.toFixed(6)} | ${name === 'normwave' ? '—' : `${delta.toExponential(1)} ${agrees ? '✓' : '✗'}`} | ${s.median.toFixed(1)} (${s.p10.toFixed(1)}–${s.p90.toFixed(1)}) | ${s.min.toFixed(1)} | ${gflops.toFixed(1)} / ${best.toFixed(1)} | ${name === 'PyTorch CPU (1 thread)' ? '(native)' : `${((100 * best) / peak).toFixed(0)} %`} | ${name === 'normwave' ? '1×' : `${(s.median / ours).toFixed(2)}×`} |`,
  );
  json.contenders[name] = {
    loss: r.loss,
    lossDelta: delta,
    agrees,
    ...s,
    gflops,
    version: r.version ?? null,
    threads: r.threads ?? 1,
  };
  if (!agrees)
    lines.push(`\n${name}: the loss at step 1 differs from normwave's by ${delta} (> 1e-4): not the same computation`);
}
console.log(lines.join('\n'));
// docs/benchmarks.md: the same table, under a sentence instead of the heading (the section's
// heading is the file's), and the README's row.
const speedups = Object.entries(json.contenders)
  .filter(([name]) => name !== 'normwave')
  .map(([name, c]) => `${(c.median / json.contenders.normwave.median).toFixed(1)}× ${name}`);
writeSection('train', {
  body: [lines[0].replace(/^\n## (.*)\n$/, '$1.'), ...lines.slice(1)].join('\n'),
  summary: [
    [
      `One training step of the tiny sort model (batch ${BATCH} × seq ${S}: forward, backward, Adam): normwave, and its speed-up over each peer`,
      `${json.contenders.normwave.median.toFixed(1)} ms (median); ${speedups.join(', ') || 'no peer ran'}`,
    ],
  ],
  partial: ['--steps', '--batch'].filter((a) => argv.includes(a)).join(' '),
});
mkdirSync(`${ROOT}build/bench`, { recursive: true });
if (BATCH === 256) writeFileSync(`${ROOT}build/bench/train.json`, JSON.stringify(json, null, 2));
const bad = Object.entries(json.contenders)
  .filter(([, c]) => !c.agrees)
  .map(([n]) => n);
if (bad.length) {
  console.error(`train bench: ${bad.join(', ')} disagree with normwave at step 1`);
  process.exitCode = 1;
}
