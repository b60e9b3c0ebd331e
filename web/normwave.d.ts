// Types for normwave's public API (dist/normwave.mjs, normwave.node.mjs and normwave.single.mjs).

/**
 * Floats that live in wasm memory (made by nw.tensor()). Pass one as x, gamma, beta or
 * `{ out }` to the norms, positionalEncoding and Encoder.forward: the kernels read and write it
 * in place, with no copy in or out. Free it with dispose().
 */
export interface Tensor {
  /** Number of floats; read-only (assigning it throws in strict mode). */
  readonly length: number;
  /** True after dispose(). */
  readonly disposed: boolean;
  /**
   * A Float32Array over the floats in wasm memory (no copy). Take a new one after any normwave
   * call that may allocate: when wasm memory grows, older views detach and read as empty.
   */
  view(): Float32Array;
  /** A copy, owned by the caller. */
  read(): Float32Array;
  /** Copies data in at offset (default 0) with one bulk copy. */
  write(data: Floats, offset?: number): this;
  /** Frees the wasm memory; later use throws. Safe to call twice. */
  dispose(): void;
}

/**
 * Numbers the API converts to float32 (copied into wasm memory for the call): an array of numbers
 * or a typed array other than BigInt64Array/BigUint64Array. A Float32Array is read without an
 * extra conversion; a view on normwave's own wasm memory (tensor.view()) is copied first.
 */
export type Floats = readonly number[] | Float32Array | Float64Array | Int8Array | Uint8Array | Uint8ClampedArray
  | Int16Array | Uint16Array | Int32Array | Uint32Array;

/** An array copied into wasm memory for the call, or a Tensor read in place. */
export type FloatInput = Floats | Tensor;

export interface NormOptions {
  /** Scale per feature, length dim (default: all ones). */
  gamma?: FloatInput;
  /** Shift per feature, length dim (default: all zeros). */
  beta?: FloatInput;
  /**
   * Added to the variance before the square root (LayerNorm/BatchNorm 1e-5, RMSNorm 1e-6). The
   * kernels take it as a float32, which must be finite and > 0: 1e-50 (0 as a float32) and 1e300
   * (Infinity) are RangeErrors.
   */
  eps?: number;
}

/**
 * With `out`, the result goes there and `out` is returned: a Tensor is written in place by the
 * kernel (it may be x itself); a Float32Array of the result's length receives one bulk copy,
 * which spares allocating and zero-filling a new array on every call. A view on normwave's wasm
 * memory (tensor.view()) is refused as out — the call may grow the memory and detach it; pass
 * the tensor itself.
 */
export interface OutOption<T> {
  out: T;
}

export interface EncoderConfig {
  dModel: number;
  nHeads: number;
  dFF: number;
  nLayers?: number;
  /** Pre-LN (x + Sub(LN(x))) when true; Post-LN (LN(x + Sub(x))) by default, like PyTorch. */
  normFirst?: boolean;
  activation?: 'relu' | 'gelu';
  /** Finite and > 0 as a float32, like the norms' eps. */
  eps?: number;
  /** A final LayerNorm after the stack (torch's TransformerEncoder(norm=...)); adds "norm.weight"/"norm.bias". */
  finalNorm?: boolean;
  /**
   * Seed of the initial random weights (PyTorch's default init schemes), drawn in state_dict
   * order: the N-layer encoder with seed s is the first N layers of any deeper one with seed s.
   */
  seed?: number;
}

export interface ParameterSpec {
  readonly name: string;
  readonly shape: readonly number[];
  readonly numel: number;
}

export interface ForwardOptions {
  batch?: number;
  /** Default: x.length / (batch * dModel). */
  seqLen?: number;
  /** Uint8Array(batch * seqLen), 1 = <PAD> key (ignored by attention). */
  paddingMask?: Uint8Array;
  /** Copy the attention maps out (default true). */
  attention?: boolean;
  /** Also return every layer's output as hiddenStates (default false). */
  hiddenStates?: boolean;
  /** A Tensor(batch * seqLen * dModel) to receive the output in place (it may be x); returned as output. */
  out?: Tensor;
  /**
   * Keep what backward() needs (a copy of the weights, the activations listed in encoder.hpp):
   * the training forward. The next backward() consumes them. Needs an instance loaded with
   * loadNormwave({ training: true }); elsewhere it throws.
   */
  keepActivations?: boolean;
}

/** The gradients of sum(output * gradOutput) with respect to the input and every parameter. */
export interface EncoderGradients {
  /** Float32Array(batch * seqLen * dModel), laid out like x. */
  input: Float32Array;
  /** Keyed and laid out like stateDict(). */
  params: Record<string, Float32Array>;
}

/** AdamW (torch.optim.AdamW) with a learning-rate schedule and gradient-norm clipping. */
export interface OptimizerOptions {
  /** Peak learning rate, finite and > 0 (default 2e-3). */
  lr?: number;
  /** Default 0.9. */
  beta1?: number;
  /** Default 0.98. */
  beta2?: number;
  /** Default 1e-8. */
  eps?: number;
  /** Decoupled weight decay (default 0.01). */
  weightDecay?: number;
  /** Clip the global gradient norm to this (torch.nn.utils.clip_grad_norm_); 0 = no clipping. Default 1. */
  clipNorm?: number;
  /** Linear warm-up: step s (1, 2, …) uses s / warmupSteps of lr. Default 0 (none). */
  warmupSteps?: number;
  /** Where the cosine schedule reaches minLr. Default 1000. */
  totalSteps?: number;
  /** After warm-up: 'cosine' (default) decays lr to minLr at totalSteps; 'constant' keeps lr. */
  schedule?: 'cosine' | 'constant';
  /** Default 0. */
  minLr?: number;
}

export interface TokenTrainerConfig {
  encoder: Omit<EncoderConfig, 'seed'>;
  /** Token ids are 0 … vocab − 1. */
  vocab: number;
  /** Targets are 0 … classes − 1, or −100 (ignored). */
  classes: number;
  /** Sequences per step. */
  batch: number;
  seqLen: number;
  /** Seed of the initial weights (PyTorch's default init schemes). */
  seed?: number;
  optimizer?: OptimizerOptions;
}

export interface BatchOptions {
  /** Uint8Array(sequences * seqLen), 1 = <PAD> key (ignored by attention). */
  paddingMask?: Uint8Array;
}

/** Token ids or targets: integers. */
export type Integers = readonly number[] | Int32Array | Int16Array | Int8Array | Uint8Array | Uint16Array | Float32Array | Float64Array;

export interface TrainStep {
  /** Steps taken so far (with this one when it succeeded). */
  step: number;
  loss: number;
  /** The global gradient norm before clipping. */
  gradNorm: number;
  /** The learning rate this step used. */
  lr: number;
  /** Set when the loss or gradient norm was not finite: why training stopped. */
  stopped?: string;
}

export interface Evaluation {
  /** Float32Array(sequences * seqLen * classes). */
  logits: Float32Array;
  /** Argmax per position. */
  predictions: Int32Array;
  /** Mean cross-entropy over the positions whose target is not −100 (NaN without targets). */
  loss: number;
  /** Share of those positions predicted right (NaN without targets). */
  accuracy: number;
  /** Per layer, the first sequence's maps: Float32Array(nHeads * seqLen * seqLen), [head][query][key]. */
  attention: Float32Array[];
}

/**
 * A token classifier — x = embedding[token] + PE[pos], h = encoder(x), logits = head(h), loss =
 * cross-entropy with ignore_index −100 (scripts/train_tiny.py's model) — trained with AdamW.
 * Parameter names: embedding.weight, encoder.<torch names>, head.weight, head.bias.
 */
export interface TokenTrainer {
  readonly config: Readonly<{ encoder: Readonly<Required<Omit<EncoderConfig, 'seed'>>>; vocab: number; classes: number; batch: number; seqLen: number }>;
  readonly optimizer: Readonly<Required<OptimizerOptions>>;
  readonly parameters: readonly ParameterSpec[];
  readonly parameterCount: number;
  /** Bytes of wasm memory the trainer holds: weights, optimizer state, activations, workspace. */
  readonly memoryBytes: number;
  readonly stepCount: number;
  /** The learning rate the next step uses. */
  readonly learningRate: number;
  /** Why training stopped (a loss or gradient norm that was not finite), or null. */
  readonly stopped: string | null;
  readonly disposed: boolean;
  setOptimizer(options: OptimizerOptions): void;
  /**
   * One step on batch × seqLen tokens. A non-finite loss or gradient norm puts back the last
   * weights whose loss was finite and sets `stopped`; later steps throw until restart() or reset().
   */
  step(tokens: Integers, targets: Integers, options?: BatchOptions): TrainStep;
  /** Loss and gradients of one batch (no update), keyed like stateDict(). */
  gradients(tokens: Integers, targets: Integers, options?: BatchOptions): { loss: number; params: Record<string, Float32Array> };
  /** Any number of sequences, in chunks of batch. */
  evaluate(tokens: Integers, targets?: Integers | null, options?: BatchOptions): Evaluation;
  stateDict(): Record<string, Float32Array>;
  /** Restarts the optimizer. */
  loadStateDict(stateDict: Record<string, Floats>, options?: { strict?: boolean }): void;
  /** F32 .safetensors with the sizes in its metadata (plus `metadata`, as strings). */
  saveSafetensors(metadata?: Record<string, string | number | boolean>): Uint8Array;
  /** Restarts the optimizer. */
  loadSafetensors(bytes: Uint8Array | ArrayBuffer, options?: { strict?: boolean }): void;
  /** New random weights from seed; restarts the optimizer. */
  reset(seed?: number): void;
  /** Keeps the weights; step 0, zero moments, clears `stopped`. */
  restart(): void;
  dispose(): void;
}

export interface ForwardResult<O extends Float32Array | Tensor = Float32Array> {
  /** Float32Array(batch * seqLen * dModel), or the `out` Tensor when one was given. */
  output: O;
  /** One Float32Array(batch * nHeads * seqLen * seqLen) per layer, [b][h][query][key]. */
  attention: Float32Array[];
  /**
   * With { hiddenStates: true }: nLayers + 1 Float32Array(batch * seqLen * dModel), the input and
   * each layer's output (before the final LayerNorm, as HuggingFace's hidden_states).
   */
  hiddenStates?: Float32Array[];
}

export interface Encoder {
  readonly config: Readonly<Required<Omit<EncoderConfig, 'seed'>>>;
  /** Names and shapes of torch.nn.TransformerEncoder(...).state_dict(), in its order. */
  readonly parameters: readonly ParameterSpec[];
  readonly parameterCount: number;
  /** True after dispose(). */
  readonly disposed: boolean;
  /** Own keys of stateDict only; each value is read once. */
  loadStateDict(stateDict: Record<string, Floats | { data: Floats; shape?: readonly number[] }>, options?: { strict?: boolean }): void;
  loadSafetensors(bytes: Uint8Array | ArrayBuffer, options?: { prefix?: string; strict?: boolean }): void;
  stateDict(): Record<string, Float32Array>;
  randomize(seed?: number): void;
  forward(x: FloatInput, options?: Omit<ForwardOptions, 'out'> & { out?: undefined }): ForwardResult<Float32Array>;
  forward(x: FloatInput, options: ForwardOptions & { out: Tensor }): ForwardResult<Tensor>;
  /**
   * After forward(x, { keepActivations: true }): the gradients of sum(output * gradOutput), for
   * the weights that forward ran with. Throws when no kept forward is left (each serves one backward),
   * and on an instance loaded without { training: true }.
   */
  backward(gradOutput: Floats): EncoderGradients;
  dispose(): void;
}

export interface SafetensorsInfo {
  tensors: { name: string; dtype: string; shape: number[] }[];
  metadata: Record<string, string>;
}

/** One row of the op table (cpp/include/normwave/ops.hpp): a kernel family of this build. */
export interface OpInfo {
  /** Stable id (the fuzz target's op byte); never reused. */
  readonly id: number;
  /** The op, e.g. 'layer_norm'. */
  readonly name: string;
  /** The name the library calls in the wasm module, or null when JS does not call it yet. */
  readonly binding: string | null;
  /** The check web/lib/parity.js runs against a PyTorch fixture, or null. */
  readonly parity: string | null;
  /** The C++ functions of the family, e.g. ['linear', 'linear_packed']. */
  readonly kernels: readonly string[];
}

export interface Normwave {
  readonly version: string;
  /**
   * Whether the kernels run SIMD, as the wasm module reports it (floats per SIMD register > 1).
   * loadNormwave() rejects where the runtime lacks WebAssembly SIMD, so with the shipped build
   * this is true. (Use hasWasmSimd() to ask before loading.)
   */
  readonly simd: boolean;
  /** The kernels of this build, from C++'s op table, in id order. */
  readonly ops: readonly OpInfo[];
  /**
   * Whether this instance holds the training kernels (loaded with { training: true }). Without
   * them, learningRate, createTokenTrainer, the *Backward methods, encoder.backward and
   * forward(x, { keepActivations: true }) throw an Error saying to load with { training: true }.
   */
  readonly training: boolean;
  /** Float32Array(seqLen * dModel), [pos][dim]; dim 2i = sin, 2i+1 = cos of pos / base^(2i/dModel). */
  positionalEncoding(seqLen: number, dModel: number, options?: { base?: number }): Float32Array;
  positionalEncoding(seqLen: number, dModel: number, options: { base?: number } & OutOption<Tensor>): Tensor;
  positionalEncoding(seqLen: number, dModel: number, options: { base?: number } & OutOption<Float32Array>): Float32Array;
  layerNorm(x: FloatInput, dim: number, options?: NormOptions & Partial<OutOption<Float32Array>>): Float32Array;
  layerNorm(x: FloatInput, dim: number, options: NormOptions & OutOption<Tensor>): Tensor;
  rmsNorm(x: FloatInput, dim: number, options?: Omit<NormOptions, 'beta'> & Partial<OutOption<Float32Array>>): Float32Array;
  rmsNorm(x: FloatInput, dim: number, options: Omit<NormOptions, 'beta'> & OutOption<Tensor>): Tensor;
  /** Batch statistics per feature over the rows (training-mode BatchNorm, biased variance). */
  batchNorm(x: FloatInput, dim: number, options?: NormOptions & Partial<OutOption<Float32Array>>): Float32Array;
  batchNorm(x: FloatInput, dim: number, options: NormOptions & OutOption<Tensor>): Tensor;
  layerNormWithStats(x: FloatInput, dim: number, options?: NormOptions & Partial<OutOption<Float32Array>>): { output: Float32Array; mean: Float32Array; variance: Float32Array };
  layerNormWithStats(x: FloatInput, dim: number, options: NormOptions & OutOption<Tensor>): { output: Tensor; mean: Float32Array; variance: Float32Array };
  rmsNormWithStats(x: FloatInput, dim: number, options?: Omit<NormOptions, 'beta'> & Partial<OutOption<Float32Array>>): { output: Float32Array; rms: Float32Array };
  rmsNormWithStats(x: FloatInput, dim: number, options: Omit<NormOptions, 'beta'> & OutOption<Tensor>): { output: Tensor; rms: Float32Array };
  batchNormWithStats(x: FloatInput, dim: number, options?: NormOptions & Partial<OutOption<Float32Array>>): { output: Float32Array; mean: Float32Array; variance: Float32Array };
  batchNormWithStats(x: FloatInput, dim: number, options: NormOptions & OutOption<Tensor>): { output: Tensor; mean: Float32Array; variance: Float32Array };
  layerNormStats(x: FloatInput, dim: number): { mean: Float32Array; variance: Float32Array };
  /** Floats resident in wasm memory: `length` zeros, or a copy of `data`. Free with dispose(). */
  tensor(lengthOrData: number | Floats): Tensor;
  /** y = x·Wᵀ + b, weight in torch layout (outFeatures, inFeatures). */
  linear(x: Floats, weight: Floats, bias: Floats | null | undefined, options: { inFeatures: number }): Float32Array;
  activation(x: Floats, kind?: 'relu' | 'gelu'): Float32Array;
  /** Row softmax; masked keys get exactly 0, a fully masked row is all zeros. */
  softmax(x: Floats, n: number, options?: { mask?: Uint8Array }): Float32Array;
  /**
   * The most wasm memory one call may need (memoryBytes, 2 GiB), and one training call — a
   * forward with keepActivations, or a token trainer — may hold (trainingBytes, 256 MiB: wasm
   * memory never shrinks). Larger calls throw a RangeError before anything is allocated.
   */
  readonly limits: { readonly memoryBytes: number; readonly trainingBytes: number };
  /** Wasm memory in use: bytes held by malloc, and the memory's current size. */
  memoryStats(): { heapUsed: number; memoryBytes: number };
  inspectSafetensors(bytes: Uint8Array | ArrayBuffer): SafetensorsInfo;
  /** Every tensor as a Float32Array (F32, F16, BF16), by name, in a prototype-less object. */
  readSafetensors(bytes: Uint8Array | ArrayBuffer): Record<string, Float32Array>;
  createEncoder(config: EncoderConfig): Encoder;
  /** The parameters createEncoder(config) would allocate (names, shapes, sizes), checked the same way, without allocating. */
  encoderParameters(config: EncoderConfig): { parameters: readonly ParameterSpec[]; parameterCount: number };
  // Training (an instance from loadNormwave({ training: true }); the others throw).
  /** The learning rate of step (1, 2, …) under options' warm-up and schedule. */
  learningRate(step: number, options?: OptimizerOptions): number;
  createTokenTrainer(config: TokenTrainerConfig): TokenTrainer;
  /** LayerNorm's backward at x: gradients of sum(layerNorm(x) * gradOutput) for x, gamma and beta. */
  layerNormBackward(x: Floats, gradOutput: Floats, dim: number, options?: { gamma?: Floats; eps?: number }): { input: Float32Array; gamma: Float32Array; beta: Float32Array };
  /** linear's backward (torch layout): dx = dy·W, dW = dyᵀ·x, db = Σ dy. */
  linearBackward(x: Floats, weight: Floats, gradOutput: Floats, options: { inFeatures: number }): { input: Float32Array; weight: Float32Array; bias: Float32Array };
  /** ReLU's backward takes its output as `at`; GELU's (exact erf form) its input. Returns the input's gradient. */
  activationBackward(at: Floats, gradOutput: Floats, kind?: 'relu' | 'gelu'): Float32Array;
}

export interface LoadOptions {
  /**
   * Load the training module, normwave_train.wasm (the forward library plus backward passes,
   * AdamW and the token trainer, ~20 KB more gzipped), instead of normwave_wasm.wasm. It is a
   * second instance with its own memory: encoders and tensors of one do not work in the other.
   * normwave/single has no training module and rejects this. Default false.
   */
  training?: boolean;
  /**
   * Where the .wasm is — normwave_wasm.wasm, or normwave_train.wasm with training (resolved
   * against the page, or in Node against the working directory; Node also takes a file path).
   * Default: next to the library's own module.
   */
  wasmUrl?: string | URL;
  /** The module's bytes (or a compiled WebAssembly.Module) instead of fetching it. */
  wasmBinary?: ArrayBuffer | ArrayBufferView | WebAssembly.Module;
  /** Stops waiting (and stops the fetch when this call started the load). */
  signal?: AbortSignal;
  /** Download progress of the .wasm; total is undefined when the server does not say. */
  onProgress?: (progress: { loaded: number; total: number | undefined }) => void;
}

/**
 * Loads the WebAssembly module once and resolves to the API. Later calls get the same instance
 * whatever their other options — one for the default module, one for { training: true }; a
 * failed or aborted load is retried by the next call.
 */
export function loadNormwave(options?: LoadOptions): Promise<Normwave>;
export function hasWasmSimd(): boolean;

/** What loadNormwave rejects with when the runtime cannot run it or the .wasm cannot be fetched or compiled. */
export class NormwaveLoadError extends Error {
  readonly name: 'NormwaveLoadError';
  /** Where the .wasm was looked for ('' for 'wasm' and 'simd': nothing was fetched). */
  readonly url: string;
  /**
   * 'wasm' (the runtime has no WebAssembly: turned off, as in iOS Lockdown Mode), 'simd' (no
   * WebAssembly SIMD), 'fetch' (network, CORS), 'http' (status not 2xx), 'compile' (not a valid
   * module), 'csp' (the page forbids compiling WebAssembly).
   */
  readonly code: 'wasm' | 'simd' | 'fetch' | 'http' | 'compile' | 'csp';
}
