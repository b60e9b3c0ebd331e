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

// Writing the hash costs a few milliseconds (more on a phone), so it is not done in every frame of
// a drag: the state is written once the figures have been still for WRITE_AFTER_MS, or at once
// when the reader turns to something else (a pointer press or a key other than the ones that
// move a slider, e.g. before the language link copies the hash) or leaves the page.
const WRITE_AFTER_MS = 250;
const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);
let pending = null;
const queued = new Map();

/** Records state for element id; written with history.replaceState once the figures are still. */
export function writeState(id, state) {
  if (!id) return;
  queued.set(id, state);
  listen();
  clearTimeout(pending);
  pending = setTimeout(flushState, WRITE_AFTER_MS);
}

let listening = false;
function listen() {
  if (listening) return;
  listening = true;
  const opts = { capture: true, passive: true };
  document.addEventListener('pointerdown', flushState, opts);
  document.addEventListener('keydown', (e) => SLIDER_KEYS.has(e.key) || flushState(), opts);
  addEventListener('pagehide', flushState);
  document.addEventListener('visibilitychange', flushState);
}

/** Writes what writeState() recorded, now. */
export function flushState() {
  clearTimeout(pending);
  pending = null;
  if (queued.size === 0) return;
  const p = params();
  for (const [elementId, s] of queued) {
    for (const key of [...p.keys()]) if (key.startsWith(`${elementId}.`)) p.delete(key);
    for (const [k, v] of Object.entries(s)) p.set(`${elementId}.${k}`, String(v));
  }
  queued.clear();
  // A bare anchor (#s3) stays bare: URLSearchParams would write it as "s3=".
  const hash = [...p]
    .map(([k, v]) => (v === '' && !k.includes('.') ? encodeURIComponent(k) : new URLSearchParams([[k, v]]).toString()))
    .join('&');
  history.replaceState(history.state, '', hash ? `#${hash}` : location.pathname + location.search);
}
