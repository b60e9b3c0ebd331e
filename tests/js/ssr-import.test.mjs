// What a framework's server render does to every module it meets (Next.js, Astro, Docusaurus,
// Gatsby, SvelteKit): import it in Node, where there is no DOM. Every JavaScript entry of the
// packed package's "exports" imports in a fresh Node process without throwing, defines no element,
// adds no DOM global (only Lit's version and metadata registries), and still exports its classes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { packedPackage, projectWithPackage, REPO_ROOT } from '../package.mjs';

const LIT_GLOBALS = ['litElementVersions', 'litHtmlVersions', 'litPropertyMetadata', 'reactiveElementVersions'];

/** Every specifier of the package that names a JavaScript module ("./figures/*" expanded). */
function jsEntries(pkg) {
  const { exports } = JSON.parse(fs.readFileSync(path.join(pkg.dir, 'package.json'), 'utf8'));
  const out = [];
  for (const [key, value] of Object.entries(exports)) {
    const target = typeof value === 'string' ? value : value.default;
    if (!target?.endsWith('.mjs')) continue; // the .wasm files, package.json and the types-only ./jsx
    if (!key.includes('*')) {
      out.push(`normwave${key.slice(1)}`);
      continue;
    }
    const [before, after] = target.slice(2).split('*');
    for (const f of pkg.files.filter((p) => p.startsWith(before) && p.endsWith(after)))
      out.push(`normwave${key.slice(1).replace('*', f.slice(before.length, f.length - after.length))}`);
  }
  return out;
}

test('every JavaScript entry of the package imports in Node without a DOM and defines nothing', () => {
  const pkg = packedPackage();
  const entries = jsEntries(pkg);
  assert.ok(entries.includes('normwave/figures/nw-ln-simulator') && entries.length >= 25, entries.join(' '));
  const dir = projectWithPackage(path.join(REPO_ROOT, 'build/ssr-import'), {
    'main.mjs': `
      const before = new Set(Object.getOwnPropertyNames(globalThis));
      const failed = [];
      const exported = {};
      for (const entry of ${JSON.stringify(entries)}) {
        try {
          const m = await import(entry);
          exported[entry] = Object.keys(m).map((k) => k + ':' + typeof m[k]);
        } catch (e) {
          failed.push(entry + ': ' + (e?.stack ?? e));
        }
      }
      const added = Object.getOwnPropertyNames(globalThis).filter((k) => !before.has(k)).sort();
      console.log(JSON.stringify({ failed, added, exported }));
    `,
  });
  const r = spawnSync(process.execPath, ['main.mjs'], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const { failed, added, exported } = JSON.parse(r.stdout);
  assert.deepEqual(failed, []);
  assert.deepEqual(added, LIT_GLOBALS, 'no DOM global (customElements, document, window, HTMLElement) is added');
  assert.ok(exported['normwave/figures/nw-ln-simulator'].includes('NwLnSimulator:function'));
  assert.ok(exported['normwave/figures'].includes('NwPeHeatmap:function'));
  assert.ok(exported['normwave'].includes('loadNormwave:function'));
  assert.equal(r.stderr, '', 'nothing is printed (no warning of a second definition)');
});
