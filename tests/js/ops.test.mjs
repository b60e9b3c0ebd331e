// The op table (cpp/include/normwave/ops.hpp) against everything that depends on it: the bindings
// of both wasm modules (each registers exactly its rows' bindings, by their transport), nw.ops,
// heap.raw, the training methods of a forward-only instance, web/lib/parity.js, the fuzz seeds,
// and the kernels the headers declare — a kernel added without a row fails here (CONTRIBUTING.md,
// "add a kernel"). tests/cpp/test_ops.cpp checks the ids and the seeds' op bytes natively.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { loadNormwave } from 'normwave';
import { readOpTable } from '../../scripts/op-table.mjs';

const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const table = readOpTable();
const nw = await loadNormwave();
const nwTraining = await loadNormwave({ training: true });

// The raw Embind modules (the library keeps its own private): each one's registered functions and
// classes (Embind), and its direct exports (Module._nw_*, raw.cpp). Closure renames Embind's own
// properties, so a binding is known by elimination: a function of the module that is neither a wasm
// export (_name, dynCall_*), an enum (its `values`), nor Embind's or the glue's runtime.
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
async function instantiate(name) {
  const { default: createModule } = await import(new URL(`build/wasm/${name}.mjs`, root));
  const M = await createModule({ wasmBinary: readFileSync(new URL(`build/wasm/${name}.wasm`, root)) });
  const keys = Object.keys(M).filter((k) => typeof M[k] === 'function');
  return {
    M,
    embind: new Set(keys.filter((k) => !/^_|^dynCall_/.test(k) && !RUNTIME.has(k) && !('values' in M[k]))),
    raw: new Set(keys.filter((k) => k.startsWith('_nw_')).map((k) => k.slice(1))),
  };
}
const modules = { forward: await instantiate('normwave_wasm'), training: await instantiate('normwave_train') };
const { M } = modules.forward;
const bound = new Set([...modules.forward.embind, ...modules.training.embind]);
// The rows each module carries: the training module holds the forward library.
const carried = { forward: ['forward'], training: ['forward', 'training'] };

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
  'encoder_attention_floats',
  'encoder_heap_bytes',
  'trainer_parameter_specs',
  'trainer_parameter_count',
  'token_trainer_floats',
  'token_trainer_heap_bytes',
  'token_trainer_attention_floats',
]);
// Bindings of no row: the module, memory, the op table itself, the .safetensors file format.
const UTILITIES = new Set([
  'version',
  'simdLanes',
  'memoryStats',
  'alloc',
  'dealloc',
  'ops',
  'safetensorsCheckHeader',
  'safetensorsWorkBytes',
  'inspectSafetensors',
  'readSafetensors',
]);
const publicRow = ({ id, name, bindings, parity, kernels }) => ({
  id,
  name,
  binding: bindings[0] ?? null,
  parity,
  kernels,
});

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

test('nw.ops is the table of ops.hpp, frozen; Module.ops() is the whole table', () => {
  assert.deepEqual(
    nw.ops.map((o) => ({ ...o, kernels: [...o.kernels] })),
    table.map(publicRow),
  );
  assert.ok(Object.isFrozen(nw.ops) && nw.ops.every((o) => Object.isFrozen(o) && Object.isFrozen(o.kernels)));
  const words = (column) => (column ? column.split(' ') : []);
  for (const { M: module } of Object.values(modules)) {
    assert.deepEqual(
      module.ops().map((r) => ({ ...r, bindings: words(r.bindings), api: words(r.api), kernels: words(r.kernels) })),
      table,
    );
  }
});

test('each module registers exactly the bindings of the rows it carries, by their transport, and no stray', () => {
  for (const [name, mod] of Object.entries(modules)) {
    const rows = table.filter((o) => carried[name].includes(o.module));
    const expected = new Set(rows.flatMap((o) => o.bindings));
    for (const op of rows) {
      for (const b of op.bindings) {
        if (op.transport === 'raw') assert.ok(mod.raw.has(b), `${name}: ${op.name} has no direct export _${b}`);
        else assert.ok(mod.embind.has(b), `${name}: ${op.name} has no Embind binding ${b}`);
      }
    }
    const strays = [...mod.embind, ...mod.raw].filter((k) => !expected.has(k) && !UTILITIES.has(k));
    assert.deepEqual(strays, [], `${name}: bindings that are neither a row of ops.hpp it carries nor a utility`);
  }
  // The training rows are the training module's alone.
  for (const op of table.filter((o) => o.module === 'training'))
    for (const b of op.bindings) assert.ok(!modules.forward.embind.has(b), `normwave_wasm registers ${b}`);
});

test('heap.raw and the training split follow from the rows', () => {
  // norms.js calls exactly the raw rows' exports through heap.raw.
  const rawRows = table.filter((o) => o.transport === 'raw').flatMap((o) => o.bindings);
  const called = new Set([...read('web/api/norms.js').matchAll(/\bk\.(nw_\w+)\(/g)].map((m) => m[1]));
  assert.deepEqual([...called].sort(), [...rawRows].sort());
  // The public methods the training rows list: functions of the training instance, stubs that say
  // how to load it on a forward-only one; every listed method exists.
  const trainingApi = table.filter((o) => o.module === 'training').flatMap((o) => o.api);
  assert.ok(trainingApi.length >= 5, trainingApi.join());
  for (const fn of trainingApi) {
    assert.equal(typeof nwTraining[fn], 'function', fn);
    assert.throws(() => nw[fn](), /load one with loadNormwave\(\{ training: true \}\)/, fn);
  }
  for (const fn of table.filter((o) => o.module === 'forward').flatMap((o) => o.api))
    assert.equal(typeof nw[fn], 'function', fn);
});

test('an Activation that is neither enumerator is refused by activation and activationBackward', () => {
  const forged = { value: 7 };
  for (const { M: module } of Object.values(modules)) {
    const a = module.alloc(64);
    try {
      assert.equal(module.activation(a, 4, forged), 'unknown activation code 7');
      if (module.activationBackward)
        assert.equal(module.activationBackward(a + 16, a + 32, a + 48, 4, forged), 'unknown activation code 7');
    } finally {
      module.dealloc(a);
    }
  }
  assert.ok(modules.training.M.activationBackward, 'the training module has activationBackward');
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
  // A row JS reaches through Embind reports its workspace as <binding>WorkspaceFloats, or among
  // the sizes of a *Sizes binding (encoderTrainSizes: the saved activations beside it).
  for (const op of table.filter((o) => o.transport === 'embind')) {
    const has = workspaceFns.some((fn) => ownerOf(fn) === op);
    const reports = op.bindings.some((b) => b === `${op.bindings[0]}WorkspaceFloats` || /Sizes$/.test(b));
    assert.equal(reports, has, `${op.name} ${has ? 'takes' : 'takes no'} workspace: ${op.bindings[0]}WorkspaceFloats`);
    if (op.bindings.includes(`${op.bindings[0]}WorkspaceFloats`))
      assert.ok(bound.has(`${op.bindings[0]}WorkspaceFloats`), op.name);
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
