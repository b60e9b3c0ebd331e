// Types for normwave's public API (dist/normwave.mjs and dist/normwave.single.mjs).

export interface NormOptions {
  /** Scale per feature, length dim (default: all ones). */
  gamma?: ArrayLike<number>;
  /** Shift per feature, length dim (default: all zeros). */
  beta?: ArrayLike<number>;
  /** Added to the variance before the square root (LayerNorm/BatchNorm 1e-5, RMSNorm 1e-6). */
  eps?: number;
}

export interface EncoderConfig {
  dModel: number;
  nHeads: number;
  dFF: number;
  nLayers?: number;
  /** Pre-LN (x + Sub(LN(x))) when true; Post-LN (LN(x + Sub(x))) by default, like PyTorch. */
  normFirst?: boolean;
  activation?: 'relu' | 'gelu';
  eps?: number;
  /** A final LayerNorm after the stack (torch's TransformerEncoder(norm=...)); adds "norm.weight"/"norm.bias". */
  finalNorm?: boolean;
  /** Seed of the initial random weights (PyTorch's default init schemes). */
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
}

export interface ForwardResult {
  /** Float32Array(batch * seqLen * dModel). */
  output: Float32Array;
  /** One Float32Array(batch * nHeads * seqLen * seqLen) per layer, [b][h][query][key]. */
  attention: Float32Array[];
}

export interface Encoder {
  readonly config: Readonly<Required<Omit<EncoderConfig, 'seed'>>>;
  /** Names and shapes of torch.nn.TransformerEncoder(...).state_dict(), in its order. */
  readonly parameters: readonly ParameterSpec[];
  readonly parameterCount: number;
  loadStateDict(stateDict: Record<string, ArrayLike<number> | { data: ArrayLike<number>; shape?: number[] }>, options?: { strict?: boolean }): void;
  loadSafetensors(bytes: Uint8Array | ArrayBuffer, options?: { prefix?: string; strict?: boolean }): void;
  stateDict(): Record<string, Float32Array>;
  randomize(seed?: number): void;
  forward(x: ArrayLike<number>, options?: ForwardOptions): ForwardResult;
  dispose(): void;
}

export interface SafetensorsInfo {
  tensors: { name: string; dtype: string; shape: number[] }[];
  metadata: Record<string, string>;
}

export interface Normwave {
  readonly version: string;
  /** True when the WebAssembly SIMD build runs. */
  readonly simd: boolean;
  /** Float32Array(seqLen * dModel), [pos][dim]; dim 2i = sin, 2i+1 = cos of pos / base^(2i/dModel). */
  positionalEncoding(seqLen: number, dModel: number, options?: { base?: number }): Float32Array;
  layerNorm(x: ArrayLike<number>, dim: number, options?: NormOptions): Float32Array;
  rmsNorm(x: ArrayLike<number>, dim: number, options?: Omit<NormOptions, 'beta'>): Float32Array;
  /** Batch statistics per feature over the rows (training-mode BatchNorm, biased variance). */
  batchNorm(x: ArrayLike<number>, dim: number, options?: NormOptions): Float32Array;
  layerNormWithStats(x: ArrayLike<number>, dim: number, options?: NormOptions): { output: Float32Array; mean: Float32Array; variance: Float32Array };
  rmsNormWithStats(x: ArrayLike<number>, dim: number, options?: Omit<NormOptions, 'beta'>): { output: Float32Array; rms: Float32Array };
  batchNormWithStats(x: ArrayLike<number>, dim: number, options?: NormOptions): { output: Float32Array; mean: Float32Array; variance: Float32Array };
  layerNormStats(x: ArrayLike<number>, dim: number): { mean: Float32Array; variance: Float32Array };
  /** y = x·Wᵀ + b, weight in torch layout (outFeatures, inFeatures). */
  linear(x: ArrayLike<number>, weight: ArrayLike<number>, bias: ArrayLike<number> | null | undefined, options: { inFeatures: number }): Float32Array;
  activation(x: ArrayLike<number>, kind?: 'relu' | 'gelu'): Float32Array;
  /** Row softmax; masked keys get exactly 0, a fully masked row is all zeros. */
  softmax(x: ArrayLike<number>, n: number, options?: { mask?: Uint8Array }): Float32Array;
  /** Wasm memory in use: bytes held by malloc, and the memory's current size. */
  memoryStats(): { heapUsed: number; memoryBytes: number };
  inspectSafetensors(bytes: Uint8Array | ArrayBuffer): SafetensorsInfo;
  createEncoder(config: EncoderConfig): Encoder;
}

export function loadNormwave(): Promise<Normwave>;
export function hasWasmSimd(): boolean;
