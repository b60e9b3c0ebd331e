// The op table (cpp/include/normwave/ops.hpp) against everything that depends on it: the wasm
// module's bindings, nw.ops, web/lib/parity.js, the fuzz seeds, and the
// kernels the headers declare — a kernel added without a row fails here (CONTRIBUTING.md, "add a
// kernel"). tests/cpp/test_ops.cpp checks the ids and the seeds' op bytes natively.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { loadNormwave } from 'normwave';
import { readOpTable } from '../../scripts/op-table.mjs';

const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const table = readOpTable();
const nw = await loadNormwave();

// The raw Embind module (the library keeps its own private): its registered functions and classes.
const { default: createModule } = await import(new URL('build/wasm/normwave_wasm.mjs', root));
const M = await createModule({ wasmBinary: readFileSync(new URL('build/wasm/normwave_wasm.wasm', root)) });
// (Closure renames Embind's own properties, so a binding is known by elimination: a function of
// the module that is neither a wasm export (_name, dynCall_*), an enum (its `values`), nor Embind's
// or the glue's runtime.)
const RUNTIME = new Set([
  'InternalError',
  'BindingError',
  'UnboundTypeError',
  'getInheritedInstanceCount',
  'getLiveInheritedInstances',
  'flushPendingDeletes',
  'setDelayFunction',
  'count_emval_handles',
  'get_first_emval',
  'run',
]);
const bound = new Set(
  Object.keys(M).filter(
    (k) => typeof M[k] === 'function' && !/^_|^dynCall_/.test(k) && !RUNTIME.has(k) && !('values' in M[k]),
  ),
);

// Functions of namespace normwave declared in the kernel headers (not ref::, not the file
// format's), and the classes: { name, header }.
function headerFunctions() {
  const dir = new URL('cpp/include/normwave/', root);
  const skip = new Set(['safetensors.hpp', 'weights.hpp', 'status.hpp', 'ops.hpp', 'sizes.hpp']);
  const out = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.hpp') && !skip.has(f))
    .sort()) {
    let text = readFileSync(new URL(file, dir), 'utf8').replace(/\/\/.*$/gm, '');
    text = text.replace(/namespace ref \{[\s\S]*?\}\s*(?=\}|$)/g, ''); // the ref twins
    for (const [, name] of text.matchAll(/^(?:[A-Za-z_][\w:<>]*[\s*&]+)+(\w+)\(/gm)) out.push({ name, file });
    for (const [, name] of text.matchAll(/^class (?:\[\[\w+\]\] )?(\w+)/gm)) out.push({ name, file });
  }
  return out;
}
// Helpers of the kernels, not kernels: sizes, packing, the encoder's configuration.
const HELPERS = new Set([
  'panel_width',
  'simd_lanes',
  'packed_size',
  'pack_weight',
  'validate',
  'parameter_specs',
  'init_parameters',
  'parameter_count',
  'encoder_saved_floats',
  'encoder_saved_attention_offset',
  'encoder_weight_floats',
]);
// Bindings that are not kernels: the module, memory, the encoder's configuration, the file format.
const UTILITIES = new Set([
  'version',
  'simdLanes',
  'memoryStats',
  'alloc',
  'dealloc',
  'ops',
  'validateEncoder',
  'parameterSpecs',
  'parameterCount',
  'encoderWeightFloats',
]);

const declared = headerFunctions();
const workspaceFns = declared.map((d) => d.name).filter((n) => n.endsWith('_workspace_floats'));

// The row a *_workspace_floats belongs to: the row listing its kernel, the row of that name,
// or the row whose name is its longest prefix (encoder_forward -> encoder).
function ownerOf(fn) {
  const k = fn.slice(0, -'_workspace_floats'.length);
  return (
    table.find((op) => op.kernels.includes(k)) ??
    table.find((op) => op.name === k) ??
    table.filter((op) => k.startsWith(`${op.name}_`)).sort((a, b) => b.name.length - a.name.length)[0]
  );
}

test('nw.ops is the table of ops.hpp, frozen', () => {
  assert.deepEqual(
    nw.ops.map((o) => ({ ...o, kernels: [...o.kernels] })),
    table,
  );
  assert.ok(Object.isFrozen(nw.ops) && nw.ops.every((o) => Object.isFrozen(o) && Object.isFrozen(o.kernels)));
});

test('every row with a binding is registered under that name, and every kernel binding has a row', () => {
  for (const op of table.filter((o) => o.binding))
    assert.ok(bound.has(op.binding), `${op.name}: no binding ${op.binding}`);
  const names = new Set(table.map((o) => o.binding));
  for (const op of table.filter((o) => o.binding)) names.add(`${op.binding}WorkspaceFloats`);
  const strays = [...bound].filter((k) => !names.has(k) && !UTILITIES.has(k) && !/safetensors/i.test(k));
  assert.deepEqual(strays, [], 'bindings that are neither a row of ops.hpp nor a utility');
});

test('every kernel the headers declare is in a row of the op table (CONTRIBUTING.md, "add a kernel")', () => {
  const listed = new Set(table.flatMap((o) => o.kernels));
  assert.ok(declared.length > 30, `only ${declared.length} declarations found: has the header parser broken?`);
  const missing = declared.filter(
    ({ name }) => !listed.has(name) && !HELPERS.has(name) && !name.endsWith('_workspace_floats'),
  );
  assert.deepEqual(
    missing,
    [],
    'add a row to NORMWAVE_OPS in cpp/include/normwave/ops.hpp (or list the function in a row)',
  );
  const declaredNames = new Set(declared.map((d) => d.name));
  for (const op of table) {
    for (const k of op.kernels)
      assert.ok(declaredNames.has(k), `${op.name}: kernel ${k} is not declared in any header`);
  }
});

test('every workspace size is tested against its kernel, and bound where its op is', () => {
  assert.ok(workspaceFns.length >= 8, workspaceFns.join());
  const tested = read('tests/cpp/test_workspace.cpp');
  for (const fn of workspaceFns) {
    assert.ok(tested.includes(fn), `tests/cpp/test_workspace.cpp does not run ${fn}`);
    assert.ok(ownerOf(fn), `${fn} belongs to no row of the op table`);
  }
  for (const op of table.filter((o) => o.binding)) {
    const has = workspaceFns.some((fn) => ownerOf(fn) === op);
    assert.equal(
      bound.has(`${op.binding}WorkspaceFloats`),
      has,
      `${op.name} ${has ? 'takes' : 'takes no'} workspace: ${op.binding}WorkspaceFloats`,
    );
  }
});

test('web/lib/parity.js checks exactly the rows with a parity key', async () => {
  // web/lib/parity.js, or the build's staged copy where it imports the glue beside it.
  let mod;
  try {
    mod = await import(new URL('web/lib/parity.js', root));
  } catch {
    mod = await import(new URL('build/web-stage/lib/parity.js', root));
  }
  const keys = table
    .filter((o) => o.parity)
    .map((o) => o.parity)
    .sort();
  assert.deepEqual([...mod.PARITY_OPS].sort(), keys);
  for (const key of keys) assert.equal(typeof nw[key === 'encoder' ? 'createEncoder' : key], 'function', key);
});

test('the fuzz corpus has the seeds make_corpus.mjs writes for every row', () => {
  const seeds = new Set(readdirSync(new URL('tests/fuzz/corpus/fuzz_kernels/', root)));
  for (const { name } of table) {
    for (const len of [300, 3000])
      assert.ok(seeds.has(`${name}-${len}.bin`), `missing ${name}-${len}.bin: run node tests/fuzz/make_corpus.mjs`);
  }
});
