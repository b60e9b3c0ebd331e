// The package's types as a TypeScript user meets them: a consumer file that uses every entry
// (tests/consumers/consumer.mts) checked by tsc --strict against the unpacked tarball, under
// moduleResolution bundler and nodenext, our .d.mts files included (no skipLibCheck); and every
// ```js example of the README, as a user pastes it into a .mts file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectWithPackage, REPO_ROOT } from '../package.mjs';

const TSC = path.join(REPO_ROOT, 'node_modules/.bin/tsc');
const README_EXAMPLES = [
  ...fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8').matchAll(/```js\n([\s\S]*?)```/g),
].map((m) => m[1]);

for (const [module, moduleResolution] of [
  ['esnext', 'bundler'],
  ['nodenext', 'nodenext'],
]) {
  test(`tsc --strict, moduleResolution ${moduleResolution}: every entry resolves and types as documented, and so do the README's examples`, () => {
    const examples = Object.fromEntries(README_EXAMPLES.map((code, i) => [`readme-${i + 1}.mts`, code]));
    const dir = projectWithPackage(path.join(REPO_ROOT, `build/types-${moduleResolution}`), {
      'consumer.mts': fs.readFileSync(path.join(REPO_ROOT, 'tests/consumers/consumer.mts'), 'utf8'),
      ...examples,
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
        files: ['consumer.mts', ...Object.keys(examples)],
      }),
    });
    assert.ok(README_EXAMPLES.length >= 2, 'the README has its library and training examples');
    const r = spawnSync(TSC, ['-p', dir], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, `tsc failed:\n${r.stdout}${r.stderr}`);
  });
}
