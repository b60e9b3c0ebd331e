// Getting the WebAssembly module: the loader options every entry accepts, and the browser's way
// of fetching and compiling the .wasm (streamed, with progress, abortable). Entries hand
// createLoader (api.js) a `compile(options)` that resolves to a WebAssembly.Module:
//   normwave.js         fetch(wasmUrl) — default new URL('./normwave_wasm.wasm', import.meta.url)
//   normwave.node.js    read the file (node: imports live only there)
//   normwave.single.js  the inlined bytes

/**
 * An Error of normwave's loader: `url` is where the .wasm was looked for ('' when nothing was),
 * `code` says what went wrong — 'wasm' (the runtime has no WebAssembly), 'simd' (no WebAssembly
 * SIMD), 'fetch' (network, CORS), 'http' (a status other than 2xx), 'compile' (not a valid
 * module) or 'csp' (the page's Content-Security-Policy forbids compiling WebAssembly).
 */
export class NormwaveLoadError extends Error {
  constructor(message, { url, code, cause }) {
    super(message, { cause });
    this.name = 'NormwaveLoadError';
    this.url = url;
    this.code = code;
  }
}

/**
 * A file's URL as new URL('./file', import.meta.url) gives it, corrected for Vite's dependency
 * cache: Vite 5–7's dev server pre-bundles the package into node_modules/.vite/deps/ without its
 * files, so there the URL points at the package's own dist/ instead, which the dev server serves
 * (node_modules/normwave/dist/file). Anywhere else (a CDN, a build, Vite 8, Node) it is unchanged.
 */
export function besidePackage(url) {
  // deps, deps_temp_<hash>, deps_ssr. No "/" inside a character class: Vite 5's scan for
  // new URL(…, import.meta.url) misreads such a regex and misses the URLs after it in the file.
  const cache = /(\/node_modules)\/\.vite\/deps\w*\//;
  if (cache.test(url.pathname)) url.pathname = url.pathname.replace(cache, '$1/normwave/dist/');
  return url;
}

const SINGLE_HINT = "import 'normwave/single' instead (the .wasm inlined, nothing to fetch)";

/** The error for a wasm that could not be fetched (code 'fetch' or 'http'). */
export function fetchError(url, code, detail, cause) {
  return new NormwaveLoadError(
    `normwave: could not fetch the WebAssembly module ${url} (${detail}). Serve normwave_wasm.wasm (and normwave_train.wasm for { training: true }) next to normwave's scripts, pass loadNormwave({ wasmUrl }) to say where it is, or ${SINGLE_HINT}.`,
    { url: String(url), code, cause },
  );
}

/**
 * The error for bytes that did not compile; a CSP refusal gets its own code and advice. `html`:
 * the bytes are an HTML page, a server's answer for a missing file (under a Vite dev server, a
 * dependency cache in a layout besidePackage does not know, such as a hoisted monorepo).
 */
export function compileError(url, cause, html = false) {
  const message = String(cause?.message ?? cause);
  if (/Content.Security.Policy|unsafe-eval/i.test(message)) {
    return new NormwaveLoadError(
      `normwave: this page's Content-Security-Policy does not allow WebAssembly to compile (${url}); add 'wasm-unsafe-eval' to its script-src.`,
      { url: String(url), code: 'csp', cause },
    );
  }
  return new NormwaveLoadError(
    `normwave: ${url} is not a WebAssembly module this runtime can compile (${message}). Check that the server sends the file itself (not an HTML page${html ? ": it did; with Vite's dev server, add optimizeDeps: { exclude: ['normwave'] } to vite.config" : ''}), or ${SINGLE_HINT}.`,
    { url: String(url), code: 'compile', cause },
  );
}

function isSignal(v) {
  return typeof AbortSignal === 'function'
    ? v instanceof AbortSignal
    : v !== null && typeof v === 'object' && typeof v.aborted === 'boolean' && typeof v.addEventListener === 'function';
}

/**
 * Reads the caller's options once, before any work: { wasmUrl, wasmBinary, signal, onProgress,
 * training }. wasmUrl stays as given (a string or URL; each entry resolves it), wasmBinary is bytes
 * or a compiled WebAssembly.Module; with training, both mean the training module's.
 */
export function readLoadOptions(options) {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object')
    throw new TypeError(`loadNormwave: options must be an object, got ${typeof options}`);
  const { wasmUrl, wasmBinary, signal, onProgress, training } = options;
  const out = {};
  if (training !== undefined && training !== null) {
    if (typeof training !== 'boolean')
      throw new TypeError(`loadNormwave: training must be a boolean, got ${typeof training}`);
    if (training) out.training = true;
  }
  if (wasmUrl !== undefined && wasmUrl !== null) {
    if (typeof wasmUrl !== 'string' && !(wasmUrl instanceof URL))
      throw new TypeError(`loadNormwave: wasmUrl must be a string or a URL, got ${typeof wasmUrl}`);
    out.wasmUrl = String(wasmUrl);
  }
  if (wasmBinary !== undefined && wasmBinary !== null) {
    const ok =
      wasmBinary instanceof ArrayBuffer ||
      ArrayBuffer.isView(wasmBinary) ||
      (typeof SharedArrayBuffer === 'function' && wasmBinary instanceof SharedArrayBuffer) ||
      wasmBinary instanceof WebAssembly.Module;
    if (!ok)
      throw new TypeError('loadNormwave: wasmBinary must be an ArrayBuffer, a typed array or a WebAssembly.Module');
    out.wasmBinary = wasmBinary;
  }
  if (signal !== undefined && signal !== null) {
    if (!isSignal(signal)) throw new TypeError('loadNormwave: signal must be an AbortSignal');
    out.signal = signal;
  }
  if (onProgress !== undefined && onProgress !== null) {
    if (typeof onProgress !== 'function') throw new TypeError('loadNormwave: onProgress must be a function');
    out.onProgress = onProgress;
  }
  return out;
}

/** Calls the caller's onProgress; an exception there is reported, never a failed load. */
export function progress(onProgress, loaded, total) {
  if (!onProgress) return;
  try {
    onProgress({ loaded, total });
  } catch (e) {
    if (typeof reportError === 'function') reportError(e);
    else
      setTimeout(() => {
        throw e;
      });
  }
}

/** Compiles given bytes (or passes a compiled module through), naming `label` on failure. */
export async function compileBinary(binary, label, onProgress) {
  if (binary instanceof WebAssembly.Module) return binary;
  progress(onProgress, binary.byteLength, binary.byteLength);
  try {
    return await WebAssembly.compile(binary);
  } catch (e) {
    throw compileError(label, e);
  }
}

/**
 * fetch + streaming compile of the .wasm at url. A response without the application/wasm type is
 * compiled from its bytes instead (some static hosts label .wasm wrongly).
 */
export async function fetchAndCompile(url, { signal, onProgress } = {}) {
  let res;
  try {
    res = await fetch(url, { signal, credentials: 'same-origin' });
  } catch (e) {
    if (signal?.aborted) throw signal.reason ?? e;
    throw fetchError(url, 'fetch', String(e?.message ?? e), e);
  }
  if (!res.ok) throw fetchError(url, 'http', `HTTP ${res.status}`);
  const encoded = (res.headers.get('Content-Encoding') ?? 'identity') !== 'identity';
  const length = Number(res.headers.get('Content-Length'));
  const total = !encoded && length > 0 ? length : undefined;
  const wasmType = /^application\/wasm\b/i.test(res.headers.get('Content-Type') ?? '');
  let body = res;
  let bytes;
  if (onProgress && res.body) {
    let loaded = 0;
    const counted = res.body.pipeThrough(
      new TransformStream({
        transform(chunk, controller) {
          loaded += chunk.byteLength;
          progress(onProgress, loaded, total);
          controller.enqueue(chunk);
        },
      }),
    );
    body = new Response(counted, {
      headers: { 'Content-Type': wasmType ? 'application/wasm' : 'application/octet-stream' },
    });
  }
  try {
    if (wasmType && typeof WebAssembly.compileStreaming === 'function') return await WebAssembly.compileStreaming(body);
    bytes = new Uint8Array(await body.arrayBuffer());
    return await WebAssembly.compile(bytes);
  } catch (e) {
    if (signal?.aborted) throw signal.reason ?? e;
    throw compileError(url, e, bytes?.[0] === 0x3c);
  }
}
