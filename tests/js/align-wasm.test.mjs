// One Emscripten glue for both wasm modules (scripts/align-wasm-imports.mjs): the shipped
// normwave_train.wasm imports exactly the JS functions Emscripten linked it with, under the names
// normwave_wasm.mjs gives them; the build refuses glues that differ beyond those names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { alignImports, importObject } from '../../scripts/align-wasm-imports.mjs';

const root = new URL('../../', import.meta.url);
const read = (p) => readFileSync(new URL(p, root));
const library = (glue) => importObject(glue, 'a glue').functions;

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
    () => alignImports(wasm, fwd, train.replace('"both async and sync', '"both  async and sync')),
    /needs its own glue/,
  );
  // A function the training module imports that the forward glue does not have: drop the first
  // import of the training glue's object from the forward glue.
  const dropFirst = (glue) => {
    const { start, functions } = importObject(glue, 'a glue');
    const [key, fn] = functions.entries().next().value;
    const entry = `${key}:${fn},`;
    const at = glue.indexOf(entry, start);
    assert.ok(at > 0, 'the first import as written in the glue');
    return glue.slice(0, at) + glue.slice(at + entry.length);
  };
  assert.throws(() => alignImports(wasm, dropFirst(fwd), train), /has no name in normwave_wasm\.mjs/);
});
