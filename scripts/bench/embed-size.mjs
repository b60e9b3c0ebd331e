// What embedding costs, gzipped (level 9, each file on its own as a server sends it):
//   one figure by its own entry (dist/figures/nw-<name>.mjs) = the modules it imports before it
//   runs + its strings in one language (the larger: the shared part and its own, if it has one)
//   + the wasm it loads on its first draw: normwave_wasm.wasm, or for a figure declaring
//   `static training = true` normwave_train.wasm with the training chunk loadNormwave({ training:
//   true }) imports (and, for <nw-train>, its worker's modules); budget 140 KB each
//   (tests/js/size.test.mjs holds it). Data a figure fetches afterwards (parity fixtures, the
//   trained model) and the training module a figure loads only on request (the depth demo's
//   backward view) are listed apart.
//   node scripts/bench/embed-size.mjs      prints the table (part of `npm run bench`) and writes it
//                                          into docs/benchmarks.md (scripts/bench/report.mjs)
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { writeSection, range } from './report.mjs';

export const FIGURE_BUDGET = 140_000;
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
    for (const [, spec] of text.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?"(\.{1,2}\/[^"]+\.mjs)"/g))
      visit(path.resolve(path.dirname(file), spec));
  };
  visit(entry);
  return seen;
}

// What a figure fetches after it runs (data, not code): the fixtures of the parity badges its
// source names, and the attention figure's trained model.
async function dataFiles(tag) {
  const { PARITY_FIXTURES } = await import(pathToFileURL(path.join(ROOT, 'web/lib/parity.js')).href);
  const source = readFileSync(path.join(ROOT, 'web/elements', `${tag}.js`), 'utf8');
  const files = Object.entries(PARITY_FIXTURES)
    .filter(([op]) => source.includes(`'${op}'`))
    .map(([, f]) => f);
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

/** The chunk loadNormwave({ training: true }) imports (web/training.js: the training API). */
export function trainingChunk(dist = DIST) {
  const f = readdirSync(dist).find((n) => /^training-[A-Z0-9]{8}\.mjs$/.test(n));
  if (!f) throw new Error(`embed-size: no training-<hash>.mjs in ${dist}`);
  return path.join(dist, f);
}

/**
 * What a figure loads on its first draw, from its source in web/elements: the training module
 * when it declares `static training = true`, and a worker script it starts (<nw-train>).
 */
export function firstDraw(tag) {
  const source = readFileSync(path.join(ROOT, 'web/elements', `${tag}.js`), 'utf8');
  return { training: /^\s*static training = true;/m.test(source), worker: source.includes("'train-worker.mjs'") };
}

/** One row per figure: { tag, js, strings, wasm, wasmFile, total }. */
export function figureSizes(dist = DIST) {
  const wasmOf = {
    forward: gz(path.join(dist, 'normwave_wasm.wasm')),
    training: gz(path.join(dist, 'normwave_train.wasm')),
  };
  const parts = stringChunks(dist);
  const stringsOf = (part) =>
    Math.max(...Object.values(parts).map((byPart) => (byPart[part] ? gz(path.join(dist, byPart[part])) : 0)));
  return readdirSync(path.join(dist, 'figures'))
    .filter((f) => /^nw-.*\.mjs$/.test(f))
    .sort()
    .map((f) => {
      const tag = f.slice(0, -4);
      const { training, worker } = firstDraw(tag);
      const files = staticClosure(path.join(dist, 'figures', f));
      if (training) for (const file of staticClosure(trainingChunk(dist))) files.add(file);
      if (worker) for (const file of staticClosure(path.join(dist, 'train-worker.mjs'))) files.add(file);
      const js = [...files].reduce((s, file) => s + gz(file), 0);
      const strings = stringsOf('shared') + stringsOf(tag.replace(/^nw-/, ''));
      const wasm = training ? wasmOf.training : wasmOf.forward;
      return {
        tag,
        js,
        strings,
        wasm,
        wasmFile: training ? 'normwave_train.wasm' : 'normwave_wasm.wasm',
        total: js + strings + wasm,
      };
    });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!existsSync(path.join(DIST, 'figures'))) {
    console.error('embed-size: dist/figures not found: run `npm run build` first');
    process.exit(1);
  }
  const printed = [];
  const say = (line) => {
    console.log(line);
    printed.push(line);
  };
  const rows = figureSizes();
  say(`\n## One figure embedded by its own entry (gzip -9 bytes; budget ${FIGURE_BUDGET})\n`);
  say('| figure | JS (entry + chunks) | strings (1 language) | wasm | total | data fetched later |');
  say('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const data = (await dataFiles(r.tag)).reduce((s, f) => s + gz(path.join(DIST, f)), 0);
    const wasm = r.wasmFile === 'normwave_train.wasm' ? `${r.wasm} (train)` : r.wasm;
    say(
      `| ${r.tag} | ${r.js} | ${r.strings} | ${wasm} | ${r.total}${r.total > FIGURE_BUDGET ? ' ✗' : ''} | ${data || ''} |`,
    );
  }
  const train = gz(path.join(DIST, 'normwave_train.wasm'));
  const chunk = [...staticClosure(trainingChunk())]
    .filter((f) => !staticClosure(path.join(DIST, 'normwave.mjs')).has(f))
    .reduce((s, f) => s + gz(f), 0);
  say(
    `\nnormwave_wasm.wasm ${gz(path.join(DIST, 'normwave_wasm.wasm'))}, normwave_train.wasm ${train}; the training chunk (its API) ${chunk}: what <nw-depth-demo>'s backward view loads on request`,
  );
  const all = [...new Set(rows.flatMap((r) => [...staticClosure(path.join(DIST, 'figures', `${r.tag}.mjs`))]))];
  const index = [...staticClosure(path.join(DIST, 'figures/index.mjs'))].reduce((s, f) => s + gz(f), 0);
  say(
    `\nfigures/index.mjs (all ${rows.length}) ${index} + strings + wasm = ${index + rows[0].strings + rows[0].wasm}; files a page of every figure loads: ${all.length}`,
  );
  // docs/benchmarks.md: the same lines (their leading heading is the section's own) and the README's row.
  writeSection('embed-size', {
    body: printed.join('\n').replace(/^\n## (.*)\n/, '$1:\n'),
    summary: [
      [
        'One figure embedded by its own script, gzipped: its JS, its strings in one language and the wasm',
        `${range(
          rows.map((r) => r.total),
          (b) => (b / 1000).toFixed(0),
        )} KB (budget ${FIGURE_BUDGET / 1000} KB)`,
      ],
    ],
  });
}
