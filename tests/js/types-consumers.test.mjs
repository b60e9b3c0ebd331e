// The package's types in setups tests/js/types.test.mjs does not cover, checked by tsc --strict
// against the unpacked tarball (our .d.mts files included: no skipLibCheck), with the tools of
// build/consumers/tools (scripts/setup.sh --consumers):
//   TypeScript 5 with moduleResolution node10 (no "exports": typesVersions leads it), every entry;
//   React 18's and 19's JSX with normwave/jsx: each figure an intrinsic element with its attributes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectWithPackage, REPO_ROOT } from '../package.mjs';

const TOOLS = path.join(REPO_ROOT, 'build/consumers/tools/node_modules');
const TSC5 = path.join(TOOLS, 'typescript5/bin/tsc');
const TSC = path.join(REPO_ROOT, 'node_modules/.bin/tsc');
const read = (f) => fs.readFileSync(path.join(REPO_ROOT, f), 'utf8');

function tsc(bin, dir, compilerOptions, files) {
  assert.ok(fs.existsSync(bin), `${bin} is missing: run bash scripts/setup.sh --consumers`);
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2022',
        lib: ['es2022', 'dom'],
        types: [],
        skipLibCheck: false,
        ...compilerOptions,
      },
      files,
    }),
  );
  const r = spawnSync(process.execPath, [bin, '-p', dir], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 0, `tsc failed:\n${r.stdout}${r.stderr}`);
}

test('TypeScript 5, moduleResolution node10: every entry resolves (typesVersions) and types as documented', () => {
  const dir = projectWithPackage(path.join(REPO_ROOT, 'build/types-node10'), {
    'consumer.ts': read('tests/consumers/consumer.mts'),
  });
  tsc(TSC5, dir, { module: 'esnext', moduleResolution: 'node' }, ['consumer.ts']);
});

for (const react of ['18', '19']) {
  test(`React ${react} JSX: normwave/jsx makes every figure an element with its own attributes`, () => {
    const types = path.join(TOOLS, `types-react${react}`);
    const dir = projectWithPackage(path.join(REPO_ROOT, `build/types-react${react}`), {
      'app.tsx': read('tests/consumers/jsx.tsx'),
    });
    const paths = { react: [types], 'react/*': [`${types}/*`] };
    tsc(TSC, dir, { module: 'esnext', moduleResolution: 'bundler', jsx: 'react-jsx', paths }, ['app.tsx']);
    tsc(TSC5, dir, { module: 'esnext', moduleResolution: 'node', jsx: 'react-jsx', paths }, ['app.tsx']);
  });
}
