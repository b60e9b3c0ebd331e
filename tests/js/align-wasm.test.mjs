// One Emscripten glue for both wasm modules (scripts/align-wasm-imports.mjs): the shipped
// normwave_train.wasm imports exactly the JS functions Emscripten linked it with, under the names
// normwave_wasm.mjs gives them; the build refuses glues that differ beyond those names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { alignImports } from '../../scripts/align-wasm-imports.mjs';

const root = new URL('../../', import.meta.url);
const read = (p) => readFileSync(new URL(p, root));
const library = (glue) =>
  new Map(
    [...glue.match(/var asmLibraryArg=\{([^}]*)\}/)[1].matchAll(/"([\w$]+)":([\w$]+)/g)].map(([, k, fn]) => [k, fn]),
  );

test('dist/normwave_train.wasm imports, by normwave_wasm.mjs names, the functions its own glue gave it', () => {
  const forward = library(read('build/wasm/normwave_wasm.mjs').toString());
  const own = library(read('build/wasm/normwave_train.mjs').toString());
  const linked = WebAssembly.Module.imports(new WebAssembly.Module(read('build/wasm/normwave_train.wasm')));
  const shipped = WebAssembly.Module.imports(new WebAssembly.Module(read('dist/normwave_train.wasm')));
  assert.equal(shipped.length, linked.length);
  assert.ok(shipped.length > 20);
  shipped.forEach((imp, i) => {
    assert.equal(imp.module, 'a');
    assert.equal(imp.kind, linked[i].kind);
    assert.equal(forward.get(imp.name), own.get(linked[i].name), `import ${i}: ${linked[i].name} -> ${imp.name}`);
  });
  // Only the import names change: the exports (what the glue reads) are the same.
  assert.deepEqual(
    WebAssembly.Module.exports(new WebAssembly.Module(read('dist/normwave_train.wasm'))),
    WebAssembly.Module.exports(new WebAssembly.Module(read('build/wasm/normwave_train.wasm'))),
  );
});

test('alignImports refuses glues that differ beyond the import names', () => {
  const fwd = read('build/wasm/normwave_wasm.mjs').toString();
  const train = read('build/wasm/normwave_train.mjs').toString();
  const wasm = read('build/wasm/normwave_train.wasm');
  assert.ok(alignImports(wasm, fwd, train) instanceof Uint8Array);
  assert.throws(
    () => alignImports(wasm, fwd, train.replace('function _abort(){', 'function _abort(){0;')),
    /needs its own glue/,
  );
  const drop = (glue) => glue.replace(/"[\w$]+":___cxa_allocate_exception,/, '');
  assert.throws(() => alignImports(wasm, drop(fwd), drop(train)), /has no name in normwave_wasm\.mjs/);
});
