// What embedding costs, gzipped (level 9, each file on its own as a server sends it):
//   one figure by its own entry (dist/figures/nw-<name>.mjs) = the modules it imports before it
//   runs + its strings in one language (the larger: the shared part and its own, if it has one)
//   + normwave_wasm.wasm; budget 165 KB each
//   (tests/js/size.test.mjs holds it). Data a figure fetches afterwards (parity fixtures, the
//   trained model) is listed apart.
//   node scripts/bench/embed-size.mjs      prints the table (part of `npm run bench`)
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

// 140 KB before issue #17: its training kernels add ~21 KB of gzipped wasm to every figure and its
// two figures' strings ~5 KB to each language's figure strings.
export const FIGURE_BUDGET = 165_000;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = path.join(ROOT, 'dist');

export const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The files a module loads before it runs: itself and its static imports, transitively. */
export function staticClosure(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?"(\.{1,2}\/[^"]+\.mjs)"/g)) visit(path.resolve(path.dirname(file), spec));
  };
  visit(entry);
  return seen;
}

// What a figure fetches after it runs (data, not code): the fixtures of the parity badges its
// source names, and the attention figure's trained model.
async function dataFiles(tag) {
  const { PARITY_FIXTURES } = await import(pathToFileURL(path.join(ROOT, 'web/lib/parity.js')).href);
  const source = readFileSync(path.join(ROOT, 'web/elements', `${tag}.js`), 'utf8');
  const files = Object.entries(PARITY_FIXTURES).filter(([op]) => source.includes(`'${op}'`)).map(([, f]) => f);
  if (source.includes('loadTinyModel')) files.push('models/tiny-sort.safetensors');
  return files;
}

/** The strings chunks of dist/: { lang: { part: file } } (strings-<lang>-<part>-<hash>.mjs). */
export function stringChunks(dist = DIST) {
  const out = {};
  for (const f of readdirSync(dist)) {
    const m = f.match(/^strings-([a-z]+)-([a-z-]+)-[A-Z0-9]{8}\.mjs$/);
    if (m) (out[m[1]] ??= {})[m[2]] = f;
  }
  return out;
}

/** One row per figure: { tag, js, strings, wasm, total }. */
export function figureSizes(dist = DIST) {
  const wasm = gz(path.join(dist, 'normwave_wasm.wasm'));
  const parts = stringChunks(dist);
  const stringsOf = (part) => Math.max(...Object.values(parts).map((byPart) => (byPart[part] ? gz(path.join(dist, byPart[part])) : 0)));
  return readdirSync(path.join(dist, 'figures')).filter((f) => /^nw-.*\.mjs$/.test(f)).sort().map((f) => {
    const tag = f.slice(0, -4);
    const js = [...staticClosure(path.join(dist, 'figures', f))].reduce((s, file) => s + gz(file), 0);
    const strings = stringsOf('shared') + stringsOf(tag.replace(/^nw-/, ''));
    return { tag, js, strings, wasm, total: js + strings + wasm };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!existsSync(path.join(DIST, 'figures'))) {
    console.error('embed-size: dist/figures not found: run `npm run build` first');
    process.exit(1);
  }
  const rows = figureSizes();
  console.log(`\n## One figure embedded by its own entry (gzip -9 bytes; budget ${FIGURE_BUDGET})\n`);
  console.log('| figure | JS (entry + chunks) | strings (1 language) | wasm | total | data fetched later |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const data = (await dataFiles(r.tag)).reduce((s, f) => s + gz(path.join(DIST, f)), 0);
    console.log(`| ${r.tag} | ${r.js} | ${r.strings} | ${r.wasm} | ${r.total}${r.total > FIGURE_BUDGET ? ' ✗' : ''} | ${data || ''} |`);
  }
  const all = [...new Set(rows.flatMap((r) => [...staticClosure(path.join(DIST, 'figures', `${r.tag}.mjs`))]))];
  const index = [...staticClosure(path.join(DIST, 'figures/index.mjs'))].reduce((s, f) => s + gz(f), 0);
  console.log(`\nfigures/index.mjs (all ${rows.length}) ${index} + strings + wasm = ${index + rows[0].strings + rows[0].wasm}; files a page of every figure loads: ${all.length}`);
}
