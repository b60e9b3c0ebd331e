// A TypeScript consumer of every entry of the package (tests/js/types.test.mjs checks it with
// tsc --strict under moduleResolution bundler and nodenext). Lines marked @ts-expect-error must
// fail to type-check: the types are precise, not any.
import { loadNormwave, hasWasmSimd, NormwaveLoadError, type Normwave, type Tensor, type LoadOptions } from 'normwave';
import { loadNormwave as loadSingle } from 'normwave/single';
import { setAssetBase, NwPeHeatmap, NwElement, loadNormwave as loadFromFigures } from 'normwave/figures';
import { NwLnSimulator, setAssetBase as setBase } from 'normwave/figures/nw-ln-simulator';
import 'normwave/figures/nw-attention';

const options: LoadOptions = {
  wasmUrl: new URL('https://cdn.example/normwave_wasm.wasm'),
  signal: AbortSignal.timeout(5000),
  onProgress: ({ loaded, total }) => console.log(loaded, total ?? '?'),
};
const nw: Normwave = await loadNormwave(options);
const one: Normwave = await loadSingle({ wasmBinary: new Uint8Array(8) });
const same: Promise<Normwave> = loadFromFigures();
const simd: boolean = hasWasmSimd();

try {
  await loadNormwave({ wasmUrl: '/assets/normwave_wasm.wasm' });
} catch (e) {
  if (e instanceof NormwaveLoadError) {
    const where: string = e.url;
    const why: 'wasm' | 'simd' | 'fetch' | 'http' | 'compile' | 'csp' = e.code;
    console.log(where, why);
  }
}

const y: Float32Array = nw.layerNorm(new Float32Array(8), 8, { eps: 1e-5 });
const t: Tensor = nw.tensor(8);
const inPlace: Tensor = nw.layerNorm(t, 8, { out: t });

const enc = one.createEncoder({ dModel: 8, nHeads: 2, dFF: 16, activation: 'gelu' });
const plain = enc.forward(new Float32Array(16), { seqLen: 2 });
const output: Float32Array = plain.output;
const maps: Float32Array[] = plain.attention;
const x = nw.tensor(16);
const viaOut = enc.forward(x, { seqLen: 2, out: x });
const kept: Tensor = viaOut.output;
// @ts-expect-error forward with out returns the Tensor, not a Float32Array
const wrong: Float32Array = viaOut.output;
// @ts-expect-error forward without out returns a Float32Array, not a Tensor
const wrong2: Tensor = plain.output;

// @ts-expect-error wasmUrl is a string or a URL
await loadNormwave({ wasmUrl: 42 });

// The training module: a second instance, with the gradients and the trainer.
const train: Normwave = await loadNormwave({ training: true, wasmUrl: '/assets/normwave_train.wasm' });
const canTrain: boolean = train.training;
const tenc = train.createEncoder({ dModel: 8, nHeads: 2, dFF: 16 });
tenc.forward(new Float32Array(16), { seqLen: 2, keepActivations: true });
const grads: Float32Array = tenc.backward(new Float32Array(16)).input;
const rate: number = train.learningRate(1, { lr: 1e-3, warmupSteps: 10 });
// @ts-expect-error training is a boolean
await loadNormwave({ training: 'yes' });

setAssetBase('https://cdn.example/normwave/dist/');
setBase(null);
const heatmap: NwPeHeatmap = document.createElement('nw-pe-heatmap');
heatmap.dModel = 128;
heatmap.layout = 'concat';
// @ts-expect-error layout is one of its choices
heatmap.layout = 'diagonal';
const sim: NwLnSimulator | null = document.querySelector('nw-ln-simulator');
const mean: number | undefined = sim?.mean;
const attention = document.createElement('nw-attention');
const mode: string = attention.mode;
const base: NwElement = attention;
base.applyState({ mode: 'sandbox' });
const lang: 'ko' | 'en' = base.locale;
await base.updateComplete;
const stack = document.querySelector('nw-encoder-stack');
const finalNorm: boolean | undefined = stack?.finalNorm;

console.log(y, inPlace, output, maps, kept, wrong, wrong2, mean, mode, lang, same, simd, finalNorm);
