// Shared by the node:test suites (and scripts/bench, whose inputs are the same): seeded inputs,
// the worst-difference measure, error-message checks and a .safetensors writer.
import assert from 'node:assert/strict';

/** n normals N(mean, std²) from a small LCG + Box–Muller, the same for the same seed. */
export function randn(n, seed, mean = 0, std = 1) {
  let s = seed >>> 0;
  const u = () => ((s = (s * 1664525 + 1013904223) >>> 0) + 0.5) / 2 ** 32;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = mean + std * Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
  return out;
}

/** Worst |a - b| (web/lib/diff.js, the one the figures use too). */
export { maxAbsDiff } from '../../web/lib/diff.js';

/** Expects fn to throw `type` with a message containing every fragment. */
export function throwsWith(fn, type, ...fragments) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof type, `expected ${type.name}, got ${e?.constructor?.name}: ${e?.message}`);
    for (const f of fragments)
      assert.ok(e.message.includes(f), `message ${JSON.stringify(e.message)} lacks ${JSON.stringify(f)}`);
    return true;
  });
}

/**
 * A hand-built .safetensors file: { name: { dtype = 'F32', shape, bytes | data } }, data a
 * Float32Array. headerLength overrides the 8-byte length; raw replaces the JSON header, and
 * dataSection the data after it (both for files that break the format's rules).
 */
export function safetensorsFile(tensors, { headerLength, raw, dataSection } = {}) {
  const header = {};
  const chunks = [];
  let off = 0;
  for (const [name, { dtype = 'F32', shape, bytes, data }] of Object.entries(tensors)) {
    const b = bytes ?? new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    header[name] = { dtype, shape, data_offsets: [off, off + b.length] };
    chunks.push(b);
    off += b.length;
  }
  const json = new TextEncoder().encode(raw ?? JSON.stringify(header));
  const out = new Uint8Array(8 + json.length + (dataSection ? dataSection.length : off));
  new DataView(out.buffer).setBigUint64(0, BigInt(headerLength ?? json.length), true);
  out.set(json, 8);
  let p = 8 + json.length;
  for (const c of dataSection ? [dataSection] : chunks) {
    out.set(c, p);
    p += c.length;
  }
  return out;
}

/**
 * A new instance of the library over a module of its own (loadNormwave() gives one per process):
 * for tests whose call could corrupt the memory later calls read. From web/api and the modules
 * of build/wasm (the training module with its own glue).
 */
export async function freshInstance({ training = false } = {}) {
  const { readFileSync } = await import('node:fs');
  const root = new URL('../../', import.meta.url);
  const name = training ? 'normwave_train' : 'normwave_wasm';
  const factory = (await import(new URL(`build/wasm/${name}.mjs`, root))).default;
  const M = await factory({ wasmBinary: readFileSync(new URL(`build/wasm/${name}.wasm`, root)) });
  const { createApi } = await import(new URL('web/api/index.js', root));
  const trainMethods = training ? (await import(new URL('web/api/train.js', root))).trainMethods : undefined;
  return createApi(M, trainMethods);
}
