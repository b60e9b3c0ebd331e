// `npm pack` gives a package that works when installed into an empty project.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

test('npm pack installs into an empty project and runs', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'normwave-pack-'));
  try {
    const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', dir, '--ignore-scripts'], root))[0];
    const files = packed.files.map((f) => f.path).sort();
    t.diagnostic(`${packed.filename}: ${packed.size} bytes packed, ${files.length} files`);
    assert.deepEqual(files, ['README.md', 'dist/normwave.d.ts', 'dist/normwave.mjs', 'dist/normwave.single.mjs', 'dist/normwave_wasm.wasm', 'package.json']);

    const app = join(dir, 'app');
    execFileSync('mkdir', [app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }));
    npm(['install', '--offline', '--no-audit', '--no-fund', join(dir, packed.filename)], app);
    writeFileSync(join(app, 'main.js'), `
      import { loadNormwave } from 'normwave';
      import { loadNormwave as loadSingle } from 'normwave/single';
      const nw = await loadNormwave();
      const y = nw.layerNorm(new Float32Array([2.4, 1.1, -0.3, 0.8, 3.0, -1.2, 0.5, 1.7]), 8);
      const one = await loadSingle();
      const pe = one.positionalEncoding(2, 4);
      console.log(JSON.stringify({ version: nw.version, y0: y[0], pe: Array.from(pe) }));
    `);
    const out = JSON.parse(execFileSync('node', ['main.js'], { cwd: app, encoding: 'utf8' }));
    assert.ok(Math.abs(out.y0 - (2.4 - 1) / Math.sqrt(1.66 + 1e-5)) < 1e-5);
    assert.ok(Math.abs(out.pe[4] - Math.sin(1)) < 1e-6);
    assert.ok(readdirSync(join(app, 'node_modules', 'normwave', 'dist')).includes('normwave_wasm.wasm'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
