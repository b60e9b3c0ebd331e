// Where figures find their files (the .wasm, the tiny model, PyTorch's reference tensors). By
// default each is next to the module that names it, written as a literal
// new URL('./…', import.meta.url) so bundlers copy the file and a CDN serves it beside the
// script. The build keeps every module that names an asset at the top of dist/ (it checks).
// Overrides, first match wins:
//   <nw-pe-heatmap asset-base="https://example.com/normwave/">   one figure
//   setAssetBase('https://example.com/normwave/')                 every figure (JS)
//   <meta name="normwave:asset-base" content="https://…/">         every figure (HTML, no script)
// An asset base is a folder laid out like dist/: normwave_wasm.wasm, golden/, models/.

import { besidePackage } from '../load-wasm.js';

let configured = null;

function toBase(value) {
  const url = new URL(String(value), typeof document === 'object' ? document.baseURI : undefined);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

/** Sets the asset base of every figure (null restores the default). */
export function setAssetBase(url) {
  configured = url === null || url === undefined ? null : toBase(url);
}

/** The overriding base for element (its attribute, setAssetBase, the meta tag), or null. */
export function assetBase(element) {
  const own = element?.getAttribute?.('asset-base');
  if (own) return toBase(own);
  if (configured) return configured;
  const meta =
    typeof document === 'object' ? document.querySelector('meta[name="normwave:asset-base"]')?.content : null;
  return meta ? toBase(meta) : null;
}

/**
 * path (relative to dist/) under element's overriding base, else fallback() — the literal default
 * (moved out of Vite's dependency cache by besidePackage).
 */
export function assetUrl(element, path, fallback) {
  const base = assetBase(element);
  return base ? new URL(path, base) : besidePackage(fallback());
}
