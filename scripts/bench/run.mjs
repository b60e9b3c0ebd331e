// `npm run bench`: normwave against its peers in one Node process, on the same inputs.
//
//   node scripts/bench/run.mjs [--quick] [--only LayerNorm,RMSNorm,PE,Encoder,GEMM] [--rounds N]
//
// It says what it ran on: the CPU model, the load average before and after, the share of the
// wall time this process had a core while it timed, and a warning line when the machine was too
// busy for the numbers (even the ratios) to mean much. Besides the main table it prints the
// small-shape LayerNorm table (the cost of a call) and the machine's SIMD128
// multiply-add peak with each encoder GEMM's share of it.
//
// For every case each contender is set up once, run once, and its output checked against ours
// (max abs diff printed; a contender that disagrees is reported and not timed). Then, after a
// warm-up, the contenders run interleaved round-robin (the starting one rotates each round);
// a round times a batch of calls long enough to read the clock well and records the time per
// call. The table gives medians (p10/p90 in the JSON, build/bench/results.json) and GB/s or
// GFLOP/s. Single-threaded throughout. Needs `npm run build` first. A full run (no --quick,
// --only or --rounds) also writes its tables into docs/benchmarks.md and its rows of the README's
// results table (scripts/bench/report.mjs).
import os from 'node:os';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { maxAbsDiff } from './inputs.mjs';
import { writeSection, range } from './report.mjs';
import { quantile, spread } from './stats.mjs';
import {
  ROOT,
  ONNX_DIR,
  loadOurs,
  loadModule,
  loadTf,
  loadOrt,
  ensureOnnx,
  buildCases,
  onnxFiles,
  muladdPeak,
  peakHandle,
  pairedRounds,
  roundSpeedups,
  fullSpeedShares,
} from './cases.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const value = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const quick = flag('--quick');
const only = value('--only')
  ?.split(',')
  .map((s) => s.trim().toLowerCase());
const roundsArg = value('--rounds') ? Number(value('--rounds')) : undefined;

const SIZES = {
  small: [
    [1, 8],
    [1, 64],
    [8, 64],
    [64, 256],
  ],
  norms: [
    [128, 512],
    [512, 768],
    [2048, 1024],
  ],
  gemm: [128, 512],
  pe: [[2048, 512]],
  encoder: [128, 512],
  encoderWeights: () =>
    existsSync(`${ONNX_DIR}encoder_weights.safetensors`)
      ? readFileSync(`${ONNX_DIR}encoder_weights.safetensors`)
      : null,
};
const BATCH_MS = quick ? 5 : 15; // one timed batch of calls per contender per round
const WARMUP_MS = quick ? 100 : 400; // per contender, before the first round

const log = (...a) => process.stderr.write(`${a.join(' ')}\n`);

async function call(h) {
  const p = h.run();
  if (p && typeof p.then === 'function') await p;
}

async function timeBatch(h, reps) {
  const t0 = performance.now();
  if (h.sync) for (let i = 0; i < reps; i++) h.run();
  else for (let i = 0; i < reps; i++) await call(h);
  return (performance.now() - t0) / reps;
}

// Wall and CPU time of the timed rounds of every case: the share of the wall time this
// (single-threaded) process had a core while it timed.
const timed = { wallMs: 0, cpuMs: 0 };

// A case with pairPeak times a batch of the multiply-add peak (peak: cases.peakHandle) just
// before each timed batch of ours, of about the same length, so each of ours has a share of the
// peak per round: the machine's speed drifts (a shared VM: by 1.5x within minutes), and a GEMM's
// median beside a peak measured minutes apart says more about the drift than about the GEMM.
async function runCase(c, rounds, peak) {
  const runners = [];
  for (const k of c.contenders) {
    try {
      runners.push({ name: k.name, h: await k.setup(), samples: [] });
    } catch (e) {
      runners.push({ name: k.name, error: `setup failed: ${e.message.split('\n')[0]}` });
    }
  }
  // Correctness first: every contender against ours through the API.
  let ref = null;
  for (const r of runners) {
    if (r.error) continue;
    let out;
    try {
      await call(r.h);
      out = await r.h.output();
    } catch (e) {
      r.error = `run failed: ${e.message.split('\n')[0]}`;
      log(`  check ${c.op} ${c.shape} ${r.name}: ${r.error}`);
      continue;
    }
    if (!ref) {
      ref = out;
      r.maxAbsDiff = 0;
    } else r.maxAbsDiff = maxAbsDiff(out, ref);
    if (c.errorVsFloat64) r.errorVsFloat64 = c.errorVsFloat64(out);
    if (!(r.maxAbsDiff <= c.tolerance))
      r.error = `output differs from ours by ${r.maxAbsDiff.toExponential(2)} (> ${c.tolerance}): not timed`;
    log(
      `  check ${c.op} ${c.shape} ${r.name}: max abs diff vs ours ${r.maxAbsDiff.toExponential(2)}${r.errorVsFloat64 !== undefined ? `, vs float64 ${r.errorVsFloat64.toExponential(2)}` : ''}${r.error ? `  ** ${r.error}` : ''}`,
    );
  }
  const live = runners.filter((r) => !r.error);
  // Warm-up (JIT, caches, allocator) and the batch size that makes one timed batch ~BATCH_MS.
  for (const r of live) {
    let n = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < WARMUP_MS || n < 2) {
      await call(r.h);
      n++;
    }
    const per = await timeBatch(r.h, Math.max(1, Math.min(n, 5)));
    r.reps = Math.max(1, Math.round((c.batchMs ?? BATCH_MS) / per));
    r.perMs = per;
  }
  const paired = c.pairPeak && peak ? live.filter((r) => r.name.startsWith('ours')) : [];
  if (paired.length) {
    for (let i = 0; i < 50; i++) peak.run();
    const per = await timeBatch(peak, 10);
    for (const r of paired) {
      r.peakReps = Math.max(1, Math.round((r.reps * r.perMs) / per));
      r.peakSamples = [];
    }
  }
  const wall0 = performance.now(),
    cpu0 = process.cpuUsage();
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < live.length; i++) {
      const r = live[(round + i) % live.length];
      if (r.peakSamples) r.peakSamples.push(await timeBatch(peak, r.peakReps));
      r.samples.push(await timeBatch(r.h, r.reps));
    }
  }
  const cpu = process.cpuUsage(cpu0);
  timed.wallMs += performance.now() - wall0;
  timed.cpuMs += (cpu.user + cpu.system) / 1e3;
  // The paired cases' speed-ups over each peer, round by round (before the samples are sorted).
  for (const r of paired) {
    r.perRound = {};
    for (const p of live.filter((x) => !x.name.startsWith('ours'))) {
      r.perRound[p.name] = spread(roundSpeedups(r.samples, p.samples));
    }
  }
  for (const r of runners) {
    r.h?.dispose?.();
    if (r.error) continue;
    if (r.peakSamples) {
      // Per round: this batch's GFLOP/s over the peak's just before it.
      const rounds = pairedRounds(c.work, r.samples, peak.work, r.peakSamples);
      const shares = rounds.map((x) => x.share).sort((a, b) => a - b);
      const peaks = rounds.map((x) => x.peakGflops).sort((a, b) => a - b);
      r.peakShare = {
        ...spread(shares),
        peakGflopsMedian: quantile(peaks, 0.5),
        rounds,
      };
      delete r.peakSamples;
      delete r.peakReps;
    }
    delete r.perMs;
    const s = r.samples.sort((a, b) => a - b);
    r.medianMs = quantile(s, 0.5);
    r.p10Ms = quantile(s, 0.1);
    r.p90Ms = quantile(s, 0.9);
    r.minMs = s[0];
    r.throughput = c.work / (r.medianMs * 1e-3) / 1e9;
  }
  return runners;
}

const fmtUs = (ms) => {
  const us = ms * 1e3;
  return us >= 100 ? us.toFixed(0) : us >= 10 ? us.toFixed(1) : us >= 1 ? us.toFixed(2) : us.toFixed(3);
};
const fmtMs = (ms) =>
  ms >= 100
    ? ms.toFixed(0)
    : ms >= 10
      ? ms.toFixed(1)
      : ms >= 1
        ? ms.toFixed(2)
        : ms >= 0.01
          ? ms.toFixed(3)
          : ms.toPrecision(2);
const fmtX = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

async function main() {
  if (!existsSync(`${ROOT}dist/normwave.mjs`)) {
    log('bench: dist/normwave.mjs not found: run `npm run build` first');
    process.exit(1);
  }
  const load0 = os.loadavg();
  const nw = await loadOurs();
  const M = await loadModule();
  const tfLoaded = await loadTf();
  const ortLoaded = await loadOrt();
  const notes = [];
  if (tfLoaded.missing) notes.push(tfLoaded.missing);
  if (ortLoaded.missing) notes.push(ortLoaded.missing);
  const skip = {};
  if (!ortLoaded.missing) {
    const files = onnxFiles(SIZES);
    const normProblem = ensureOnnx(files.norms, { only: 'norms' });
    if (normProblem) {
      skip.ortNorms = true;
      notes.push(normProblem);
    }
    const encProblem = ensureOnnx(files.encoder, { only: 'encoder' });
    if (encProblem) {
      skip.ortEncoder = true;
      notes.push(encProblem);
    }
  }
  for (const n of notes) log(`bench: ${n}`);

  const cases = buildCases({ nw, M, tf: tfLoaded.tf, ort: ortLoaded.ort, sizes: SIZES, skip }).filter(
    (c) => !only || only.some((o) => c.op.toLowerCase().startsWith(o)),
  );
  const peakRounds = quick ? 5 : 15;
  log(`bench: SIMD128 multiply-add peak, ${peakRounds} rounds`);
  const peakBefore = muladdPeak(M, peakRounds);
  const pairedPeak = peakHandle(M);
  const results = [];
  // What a fresh result array alone costs in this process, right after each small shape: V8
  // keeps a typed array of up to 64 bytes on its heap, larger ones get a zero-filled backing
  // store outside it (calloc, page faults, and scavenges for "external memory pressure").
  const fresh = {};
  const freshArray = async (shape) => {
    const [rows, dim] = shape.split('x').map(Number);
    const n = rows * dim;
    const h = { sync: true, run: () => new Float32Array(n) };
    const per = await timeBatch(h, 1000);
    const reps = Math.max(1, Math.round(1 / per));
    const samples = [];
    for (let i = 0; i < (quick ? 30 : 100); i++) samples.push(await timeBatch(h, reps));
    samples.sort((a, b) => a - b);
    return quantile(samples, 0.5);
  };
  for (const c of cases) {
    const rounds =
      roundsArg ?? c.rounds?.[quick ? 0 : 1] ?? (c.unit === 'GFLOP/s' ? (quick ? 5 : 15) : quick ? 10 : 40);
    log(`bench: ${c.op} ${c.shape}, ${rounds} rounds`);
    const runners = await runCase(c, rounds, pairedPeak);
    results.push({
      op: c.op,
      shape: c.shape,
      unit: c.unit,
      work: c.work,
      notes: c.notes ?? [],
      contenders: runners.map(({ h, samples, ...r }) => r),
    });
    if (c.op === 'LayerNorm small') fresh[c.shape] = await freshArray(c.shape);
  }
  const peakAfter = muladdPeak(M, peakRounds);
  const peak = Math.max(peakBefore.best, peakAfter.best);
  const load1 = os.loadavg();
  const cpuShare = timed.wallMs > 0 ? timed.cpuMs / timed.wallMs : 1;

  // One table: medians and throughput per contender, then our speed-up over each peer.
  const names = [...new Set(results.flatMap((r) => r.contenders.map((c) => c.name)))];
  const ours = names.filter((n) => n.startsWith('ours'));
  const peers = names.filter((n) => !n.startsWith('ours'));
  const head = ['op', 'shape', ...ours, ...peers, 'speed-up: ours API', 'speed-up: ours kernel'];
  const main = results.filter((r) => r.op !== 'LayerNorm small' && r.op !== 'GEMM');
  const rows = main.map((r) => {
    const by = Object.fromEntries(r.contenders.map((c) => [c.name, c]));
    const cell = (c) =>
      !c ? '—' : c.error ? 'failed' : `${fmtMs(c.medianMs)} ms · ${c.throughput.toFixed(1)} ${r.unit}`;
    const speedups = (o) =>
      peers
        .map((p) =>
          by[p] && !by[p].error && o && !o.error ? `${fmtX(by[p].medianMs / o.medianMs)}× ${shortName(p)}` : null,
        )
        .filter(Boolean)
        .join(', ') || '—';
    return [
      r.op,
      r.shape,
      ...ours.map((o) => cell(by[o])),
      ...peers.map((p) => cell(by[p])),
      speedups(by['ours API']),
      speedups(by['ours kernel']),
    ];
  });
  const table = [head, head.map(() => '---'), ...rows].map((cols) => `| ${cols.join(' | ')} |`).join('\n');

  const spread = results.flatMap((r) =>
    r.contenders.map(
      (c) =>
        `| ${r.op} | ${r.shape} | ${c.name} | ${c.error ? c.error : `${fmtMs(c.p10Ms)} / ${fmtMs(c.medianMs)} / ${fmtMs(c.p90Ms)}`} | ${c.maxAbsDiff === undefined ? '—' : c.maxAbsDiff.toExponential(1)}${c.errorVsFloat64 !== undefined ? ` (vs float64 ${c.errorVsFloat64.toExponential(1)})` : ''} |`,
    ),
  );
  const spreadTable = [
    '| op | shape | contender | p10 / median / p90 ms | max abs diff vs ours |',
    '| --- | --- | --- | --- | --- |',
    ...spread,
  ].join('\n');

  // The small-shape table: time per call (µs), and how many times faster naive JS is (below 1:
  // we are faster). Peers measured in the same rounds.
  const small = results.filter((r) => r.op === 'LayerNorm small');
  const smallPeers = ['tfjs-wasm', 'onnxruntime-web'].filter((p) =>
    small.some((r) => r.contenders.some((c) => c.name === p && !c.error)),
  );
  const smallHead = [
    'LayerNorm shape',
    'ours µs',
    'ours with { out } µs',
    'naive JS µs',
    'naive JS ÷ ours',
    'naive JS ÷ ours with out',
    'new Float32Array alone µs',
    ...smallPeers.map((p) => `${p} µs`),
  ];
  const smallRows = small.map((r) => {
    const by = Object.fromEntries(r.contenders.map((c) => [c.name, c]));
    const t = (name) => (by[name] && !by[name].error ? by[name].medianMs : NaN);
    const us = (name) => (Number.isNaN(t(name)) ? '—' : fmtUs(t(name)));
    const ratio = (a, b) => (Number.isNaN(t(a)) || Number.isNaN(t(b)) ? '—' : `${(t(a) / t(b)).toFixed(2)}×`);
    return [
      r.shape.replace('x', '×'),
      us('ours API'),
      us('ours API, out array'),
      us('naive JS'),
      ratio('naive JS', 'ours API'),
      ratio('naive JS', 'ours API, out array'),
      fresh[r.shape] === undefined ? '—' : fmtUs(fresh[r.shape]),
      ...smallPeers.map(us),
    ];
  });
  const smallTable = small.length
    ? [smallHead, smallHead.map(() => '---'), ...smallRows].map((cols) => `| ${cols.join(' | ')} |`).join('\n')
    : '';

  // The GEMMs' and the encoder layer's share of the multiply-add peak, per round against the
  // peak timed just before (runCase's pairPeak): the median of those ratios, and their spread.
  // A shared core slows a GEMM (caches, memory) more than the register-only peak loop, so the
  // share is also given over the rounds the core ran at full speed: its paired peak within 10 %
  // of the best peak of the whole run.
  const gemm = results.filter((r) => r.op === 'GEMM' || r.op === 'Encoder layer');
  const pct = (x) => `${(100 * x).toFixed(0)} %`;
  const everyPairedRound = gemm.flatMap((r) => r.contenders.flatMap((c) => c.peakShare?.rounds ?? []));
  const bestPeak = Math.max(peakBefore.best, peakAfter.best, ...everyPairedRound.map((x) => x.peakGflops));
  const fullSpeed = (c) => {
    const s = fullSpeedShares(c.peakShare.rounds, bestPeak);
    return s.length
      ? `${pct(quantile(s, 0.5))} (${s.length} of ${c.peakShare.rounds.length})`
      : `— (0 of ${c.peakShare.rounds.length})`;
  };
  const perRound = (c) =>
    Object.entries(c.perRound ?? {})
      .map(([peer, x]) => `${x.median.toFixed(2)}× ${shortName(peer)} (${x.p10.toFixed(2)} – ${x.p90.toFixed(2)})`)
      .join(', ') || '—';
  const gemmRows = gemm.flatMap((r) =>
    r.contenders
      .filter((c) => c.peakShare && !c.error)
      .map((c) => [
        r.op === 'GEMM' ? `${r.shape} (${c.name})` : `${r.op}, ${r.shape} (${c.name})`,
        fmtMs(c.medianMs),
        c.throughput.toFixed(1),
        c.peakShare.peakGflopsMedian.toFixed(1),
        pct(c.peakShare.median),
        `${pct(c.peakShare.p10)} – ${pct(c.peakShare.p90)}`,
        fullSpeed(c),
        perRound(c),
      ]),
  );
  const gemmHead = [
    'GEMM (encoder d512 h8 ff2048)',
    'median ms',
    'GFLOP/s (median)',
    'peak GFLOP/s in the same rounds (median)',
    'share of peak (median of rounds)',
    'share p10 – p90',
    'share at full speed (rounds)',
    'speed-up per round (median, p10 – p90)',
  ];
  const gemmTable = gemm.length
    ? [gemmHead, gemmHead.map(() => '---'), ...gemmRows].map((cols) => `| ${cols.join(' | ')} |`).join('\n')
    : '';

  // Too busy: more runnable threads than cores beside this one (1-minute load average above
  // cores - 1 at start or end), or this single-threaded process had a core for less than 80 %
  // of the wall time. Rounds are interleaved, so ratios hold up better than times; past these
  // marks they move by tens of per cent between runs too.
  const cores = os.cpus().length;
  const busyReasons = [];
  const worstLoad = Math.max(load0[0], load1[0]);
  if (worstLoad > cores - 1)
    busyReasons.push(`1-minute load average ${worstLoad.toFixed(2)} > ${cores - 1} (cores − 1)`);
  if (cpuShare < 0.8)
    busyReasons.push(`this process had a core for only ${(100 * cpuShare).toFixed(0)} % of the wall time`);

  const meta = {
    date: new Date().toISOString(),
    node: process.version,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    loadavgStart: load0.map((v) => +v.toFixed(2)),
    loadavgEnd: load1.map((v) => +v.toFixed(2)),
    cpuShare: +cpuShare.toFixed(3),
    tooBusy: busyReasons,
    muladdPeakGflops: { best: +peak.toFixed(2), before: peakBefore, after: peakAfter },
    normwave: nw.version,
    tfjs: tfLoaded.version ?? null,
    tfjsThreads: tfLoaded.threads ?? null,
    onnxruntimeWeb: ortLoaded.version ?? null,
    onnxruntimeThreads: ortLoaded.ort ? ortLoaded.ort.env.wasm.numThreads : null,
    quick,
    notes,
  };
  const summary = `${meta.date.slice(0, 10)}, Node ${meta.node}, ${meta.cpu} (${meta.cores} cores), load average ${meta.loadavgStart.join(' ')} at start, ${meta.loadavgEnd.join(' ')} at end; single-threaded (tfjs-wasm threads = ${meta.tfjsThreads ?? '—'}, onnxruntime-web numThreads = ${meta.onnxruntimeThreads ?? '—'})`;
  mkdirSync(`${ROOT}build/bench`, { recursive: true });
  writeFileSync(`${ROOT}build/bench/results.json`, `${JSON.stringify({ meta, results }, null, 2)}\n`);
  const machineLines = [
    `CPU: ${meta.cpu} (${cores} cores)`,
    `load average (1, 5, 15 min): ${meta.loadavgStart.join(' ')} before, ${meta.loadavgEnd.join(' ')} after; this process had a core ${(100 * cpuShare).toFixed(0)} % of the wall time it spent timing`,
    busyReasons.length
      ? `WARNING: the machine was too busy for these numbers to mean much (${busyReasons.join('; ')}): compare only contenders of one case, and rerun when it is quiet`
      : 'the machine was quiet enough: ratios between contenders of one case are meaningful',
    `SIMD128 multiply-add peak (12 f32x4 mul+add chains, best of ${peakRounds}): ${peakBefore.best.toFixed(1)} GFLOP/s before the cases, ${peakAfter.best.toFixed(1)} after`,
  ];
  const machine = machineLines.join('\n');
  const gemmTitle = `Share of the multiply-add peak, each round against the peak timed just before it (full speed: rounds whose peak was within 10 % of the run's best, ${bestPeak.toFixed(1)} GFLOP/s):`;
  process.stdout.write(`\n${summary}\n${machine}\n\n`);
  if (rows.length) process.stdout.write(`${table}\n\n`);
  if (smallTable) process.stdout.write(`Small LayerNorms, time per call (median):\n\n${smallTable}\n\n`);
  if (gemmTable) process.stdout.write(`${gemmTitle}\n\n${gemmTable}\n\n`);
  process.stdout.write(`${spreadTable}\n\n`);
  for (const n of notes) process.stdout.write(`note: ${n}\n`);
  process.stdout.write('wrote build/bench/results.json\n');
  // The same tables in docs/benchmarks.md, the lines about the machine as a list.
  const body = [
    summary,
    '',
    ...machineLines.map((l) => `- ${l}`),
    ...notes.map((n) => `- note: ${n}`),
    '',
    ...(rows.length ? [table, ''] : []),
    ...(smallTable ? ['Small LayerNorms, time per call (median):', '', smallTable, ''] : []),
    ...(gemmTable ? [gemmTitle, '', gemmTable, ''] : []),
    'Spread and agreement with ours:',
    '',
    spreadTable,
  ].join('\n');
  writeSection('run', {
    body,
    summary: readmeRows(results),
    partial: [quick && '--quick', only && '--only', roundsArg !== undefined && '--rounds'].filter(Boolean).join(' '),
  });
}

// The README's rows from this run: the encoder layer against onnxruntime-web, the small
// LayerNorms against the naive loop, the encoder's GEMMs (packed once) as a share of the peak.
function readmeRows(results) {
  const rows = [];
  const median = (r, name) => r.contenders.find((c) => c.name === name && !c.error)?.medianMs;
  const encoder = results
    .filter((r) => r.op === 'Encoder layer')
    .map((r) => [r.shape, median(r, 'onnxruntime-web') / median(r, 'ours API')])
    .filter(([, x]) => x > 0);
  if (encoder.length)
    rows.push([
      'Encoder layer (d_model 512, 8 heads, d_ff 2048, GELU) through the API: onnxruntime-web time ÷ ours',
      encoder.map(([shape, x]) => `${x.toFixed(2)}× at ${shape}`).join(', '),
    ]);
  const small = results
    .filter((r) => r.op === 'LayerNorm small')
    .map((r) => [r.shape.replace('x', '×'), median(r, 'naive JS') / median(r, 'ours API')])
    .filter(([, x]) => x > 0);
  if (small.length)
    rows.push([
      'Small LayerNorms through the API: a plain JS loop’s time ÷ ours (below 1: the loop is faster)',
      small.map(([shape, x]) => `${shape} ${x.toFixed(2)}×`).join(', '),
    ]);
  const shares = new Map();
  for (const r of results.filter((x) => x.op === 'GEMM')) {
    const share = r.contenders.find((c) => c.name === 'ours kernel' && c.peakShare)?.peakShare.median;
    const seq = / (\d+)x/.exec(r.shape)?.[1];
    if (share !== undefined && seq) shares.set(seq, [...(shares.get(seq) ?? []), share]);
  }
  if (shares.size)
    rows.push([
      'The encoder’s four GEMMs (weights packed once): share of the SIMD128 multiply-add peak, median of rounds',
      [...shares].map(([seq, s]) => `${range(s, (x) => (100 * x).toFixed(0))} % at seq ${seq}`).join(', '),
    ]);
  return rows;
}

function shortName(p) {
  return { 'naive JS': 'naive', 'tfjs-wasm': 'tfjs', 'onnxruntime-web': 'ort' }[p] ?? p;
}

main().catch((e) => {
  log(e.stack);
  process.exit(1);
});
