// `npm pack` gives a package that holds what the exports promise, and works when installed into
// an empty project; prepack refuses a missing or stale dist/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packedPackage, REPO_ROOT } from '../package.mjs';
import { figureTags, SHIPPED_GOLDEN } from '../../scripts/build-web.mjs';

const pkg = packedPackage();

test('the tarball holds the library, every figure, types, the fixtures and the model — and not the article', (t) => {
  t.diagnostic(
    `${path.basename(pkg.tarball)}: ${pkg.size} bytes packed, ${pkg.unpackedSize} unpacked, ${pkg.files.length} files`,
  );
  const files = new Set(pkg.files);
  const expected = [
    'package.json',
    'README.md',
    'LICENSE',
    'dist/normwave_wasm.wasm',
    'dist/embed.html',
    'dist/embed.mjs',
    ...['normwave', 'normwave.node', 'normwave.single'].flatMap((n) => [`dist/${n}.mjs`, `dist/${n}.d.mts`]),
    'dist/figures/index.mjs',
    'dist/figures/index.d.mts',
    ...figureTags().flatMap((tag) => [`dist/figures/${tag}.mjs`, `dist/figures/${tag}.d.mts`]),
    ...SHIPPED_GOLDEN.map((f) => `dist/golden/${f}`),
    'dist/models/tiny-sort.safetensors',
  ];
  for (const f of expected) assert.ok(files.has(f), `${f} is in the tarball`);
  for (const f of pkg.files)
    assert.doesNotMatch(
      f,
      /^dist\/(page\.mjs|index\.html|page\.css|katex\/|embed-example|\.inputs)/,
      `${f} is the article's, not the package's`,
    );
  // Every module the package's modules import is in the package.
  for (const f of pkg.files.filter((p) => p.endsWith('.mjs'))) {
    const text = fs.readFileSync(path.join(pkg.dir, f), 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
      assert.ok(
        files.has(path.posix.join(path.posix.dirname(f), spec)),
        `${f} imports ${spec}, which is in the tarball`,
      );
    }
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(pkg.dir, 'package.json'), 'utf8'));
  assert.equal(manifest.license, 'MIT');
  assert.match(fs.readFileSync(path.join(pkg.dir, 'LICENSE'), 'utf8'), /^MIT License/);
  assert.ok(manifest.repository?.url);
});

test('npm pack installs into an empty project and runs in Node (node condition, single, wasmUrl as a path)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'normwave-pack-'));
  try {
    const app = path.join(dir, 'app');
    fs.mkdirSync(app);
    fs.writeFileSync(
      path.join(app, 'package.json'),
      JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }),
    );
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', pkg.tarball], {
      cwd: app,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    fs.writeFileSync(
      path.join(app, 'main.js'),
      `
      import { loadNormwave, NormwaveLoadError } from 'normwave';
      import { loadNormwave as loadSingle } from 'normwave/single';
      const resolved = import.meta.resolve('normwave');
      const nw = await loadNormwave({ wasmUrl: 'node_modules/normwave/dist/normwave_wasm.wasm' });
      const y = nw.layerNorm(new Float32Array([2.4, 1.1, -0.3, 0.8, 3.0, -1.2, 0.5, 1.7]), 8);
      const one = await loadSingle();
      const pe = one.positionalEncoding(2, 4);
      console.log(JSON.stringify({ resolved, version: nw.version, y0: y[0], pe: Array.from(pe), err: typeof NormwaveLoadError }));
    `,
    );
    const out = JSON.parse(execFileSync('node', ['main.js'], { cwd: app, encoding: 'utf8' }));
    assert.match(out.resolved, /dist\/normwave\.node\.mjs$/);
    assert.ok(Math.abs(out.y0 - (2.4 - 1) / Math.sqrt(1.66 + 1e-5)) < 1e-5);
    assert.ok(Math.abs(out.pe[4] - Math.sin(1)) < 1e-6);
    assert.equal(out.err, 'function');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('prepack fails when dist/ is missing or stale, and passes on this build', () => {
  const check = (dist) =>
    spawnSync('node', ['scripts/check-dist.mjs'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, NW_DIST_DIR: dist },
    });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'normwave-dist-'));
  try {
    const missing = check(path.join(dir, 'nothing'));
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /dist\/ is missing/);
    fs.writeFileSync(path.join(dir, '.inputs-sha256'), '0'.repeat(64));
    const stale = check(dir);
    assert.equal(stale.status, 1);
    assert.match(stale.stderr, /stale/);
    assert.equal(check(path.join(REPO_ROOT, 'dist')).status, 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
