// Figure state in the URL hash, so a reader can share exactly what they see:
//   #pe-heatmap.dModel=128&pe-heatmap.seqLen=50&lang=en
// Values are read as numbers/booleans/strings and the element clamps them; nothing from the hash is
// ever inserted as HTML.
const MAX_HASH = 4096;

function params() {
  const raw = location.hash.slice(1, 1 + MAX_HASH);
  try {
    return new URLSearchParams(raw);
  } catch {
    return new URLSearchParams();
  }
}

/** The raw string values stored for element id, as { prop: string }. */
export function readState(id) {
  const out = {};
  if (!id) return out;
  for (const [key, value] of params()) {
    if (key.startsWith(`${id}.`)) out[key.slice(id.length + 1)] = value.slice(0, 256);
  }
  return out;
}

let pending = null;
const queued = new Map();

/** Records state for element id; written with history.replaceState, batched per frame. */
export function writeState(id, state) {
  if (!id) return;
  queued.set(id, state);
  if (pending) return;
  pending = requestAnimationFrame(() => {
    pending = null;
    const p = params();
    for (const [elementId, s] of queued) {
      for (const key of [...p.keys()]) if (key.startsWith(`${elementId}.`)) p.delete(key);
      for (const [k, v] of Object.entries(s)) p.set(`${elementId}.${k}`, String(v));
    }
    queued.clear();
    // A bare anchor (#s3) stays bare: URLSearchParams would write it as "s3=".
    const hash = [...p]
      .map(([k, v]) =>
        v === '' && !k.includes('.') ? encodeURIComponent(k) : new URLSearchParams([[k, v]]).toString(),
      )
      .join('&');
    history.replaceState(history.state, '', hash ? `#${hash}` : location.pathname + location.search);
  });
}
