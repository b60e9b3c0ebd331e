// The package's types as a TypeScript user meets them: a consumer file that uses every entry
// (tests/consumers/consumer.mts) checked by tsc --strict against the unpacked tarball, under
// moduleResolution bundler and nodenext, our .d.mts files included (no skipLibCheck).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectWithPackage, REPO_ROOT } from '../package.mjs';

const TSC = path.join(REPO_ROOT, 'node_modules/.bin/tsc');

for (const [module, moduleResolution] of [
  ['esnext', 'bundler'],
  ['nodenext', 'nodenext'],
]) {
  test(`tsc --strict, moduleResolution ${moduleResolution}: every entry resolves and types as documented`, () => {
    const dir = projectWithPackage(path.join(REPO_ROOT, `build/types-${moduleResolution}`), {
      'consumer.mts': fs.readFileSync(path.join(REPO_ROOT, 'tests/consumers/consumer.mts'), 'utf8'),
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module,
          moduleResolution,
          target: 'es2022',
          lib: ['es2022', 'dom'],
          types: [],
          skipLibCheck: false,
          noUnusedLocals: false,
          exactOptionalPropertyTypes: true,
        },
        files: ['consumer.mts'],
      }),
    });
    const r = spawnSync(TSC, ['-p', dir], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, `tsc failed:\n${r.stdout}${r.stderr}`);
  });
}
