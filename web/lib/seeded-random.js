// Seeded pseudo-random numbers, for figures that must show the same data on every visit and in
// every browser: mulberry32 for uniforms, Box–Muller for normals, and a seed mixer so that each
// row or column of a figure's data has its own stream (adding a row leaves the others unchanged).

/** A function returning uniforms in (0, 1) from a 32-bit seed (mulberry32). */
export function uniforms(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
}

/** One 32-bit seed from several integers (FNV-1a over the parts, then a final avalanche). */
export function mixSeed(...parts) {
  let h = 0x811c9dc5;
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x01000193);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}

/** A function returning standard-normal numbers from a 32-bit seed (Box–Muller on mulberry32). */
export function normalSource(seed) {
  const u = uniforms(seed);
  let spare = null;
  return () => {
    if (spare !== null) {
      const z = spare;
      spare = null;
      return z;
    }
    const r = Math.sqrt(-2 * Math.log(u()));
    const a = 2 * Math.PI * u();
    spare = r * Math.sin(a);
    return r * Math.cos(a);
  };
}

/** Float32Array(n) of mean + std·z, z standard normal from seed. */
export function normals(n, seed, { mean = 0, std = 1 } = {}) {
  const z = normalSource(seed);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = mean + std * z();
  return out;
}
