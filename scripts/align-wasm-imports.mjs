// One Emscripten glue for both wasm modules. normwave_wasm.wasm and normwave_train.wasm link the
// same bindings with the same flags, so their glue scripts are the same program — except that
// Emscripten minifies the names of the wasm's imports per link ("o" in one, "v" in the other for
// ___cxa_allocate_exception), and Closure writes each imported function inline under a name of its
// own per link. alignImports renames the training module's imports to the names the forward glue
// gives the same JS functions (the same source text), so normwave_wasm.mjs instantiates either module and the
// training module costs no second glue (~11 KB gzipped). It refuses (throws) when the two glues
// differ in anything else, or when the training module imports a function the forward glue lacks:
// then the training module needs its own glue again (scripts/build-web.mjs says where).
//   node scripts/align-wasm-imports.mjs <forward glue .mjs> <train glue .mjs> <train .wasm> <out .wasm>

import fs from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

// Debian's acorn (the parser emcc itself runs on the glue; emscripten depends on it).
const acorn = createRequire(import.meta.url)('/usr/share/nodejs/acorn');

/**
 * The glue's import object — `var L = { <minified import name>: <function>, … }`, handed to the
 * wasm as `{ a: L }` — as { start, end } (its source range) and a Map from each import name to
 * the source of its function. Closure (emcc --closure 1) writes the functions inline and renames
 * them per link, so a function is known by its source, not by a name.
 */
export function importObject(glue, what) {
  const ast = acorn.parse(glue, { ecmaVersion: 'latest', sourceType: 'module' });
  const declarators = new Map();
  let handed = null;
  (function walk(node) {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.init?.type === 'ObjectExpression') {
      declarators.set(node.id.name, node.init);
      const props = node.init.properties;
      if (props.length === 1 && props[0].key?.name === 'a' && props[0].value.type === 'Identifier')
        handed = props[0].value.name;
    }
    for (const key of Object.keys(node)) {
      const v = node[key];
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v.type === 'string') walk(v);
    }
  })(ast);
  const object = handed && declarators.get(handed);
  if (!object) throw new Error(`align-wasm-imports: no import object ({ a: … }) in ${what}`);
  const functions = new Map();
  for (const prop of object.properties) {
    const key = prop.key.type === 'Identifier' ? prop.key.name : String(prop.key.value);
    functions.set(key, glue.slice(prop.value.start, prop.value.end));
  }
  return { start: object.start, end: object.end, functions };
}

/** The glue without what may differ between two links of the same program: the import object and the .wasm's name. */
function normalized(glue, wasmName, { start, end }) {
  return (glue.slice(0, start) + '{}' + glue.slice(end)).split(wasmName).join('MODULE.wasm');
}

function readU32(bytes, at) {
  let result = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    result |= (b & 0x7f) << shift;
    shift += 7;
    if (!(b & 0x80)) return [result >>> 0, at];
  }
}

function u32(n) {
  const out = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}

const utf8 = new TextEncoder();
const text = new TextDecoder();

/** The wasm with every import field renamed by rename(module, field) (a new Uint8Array). */
export function renameImports(wasm, rename) {
  if (wasm[0] !== 0 || wasm[1] !== 0x61 || wasm[2] !== 0x73 || wasm[3] !== 0x6d)
    throw new Error('align-wasm-imports: not a wasm module');
  const parts = [wasm.subarray(0, 8)];
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at];
    const [size, body] = readU32(wasm, at + 1);
    const end = body + size;
    if (id !== 2) {
      parts.push(wasm.subarray(at, end));
      at = end;
      continue;
    }
    let p = body;
    let count;
    [count, p] = readU32(wasm, p);
    const out = [...u32(count)];
    for (let i = 0; i < count; i++) {
      const names = [];
      for (let k = 0; k < 2; k++) {
        let len;
        [len, p] = readU32(wasm, p);
        names.push(text.decode(wasm.subarray(p, p + len)));
        p += len;
      }
      const descStart = p;
      const kind = wasm[p++];
      if (kind === 0)
        [, p] = readU32(wasm, p); // function: type index
      else if (kind === 1 || kind === 2) {
        // table (reftype, limits) or memory (limits)
        if (kind === 1) p++;
        const flags = wasm[p++];
        [, p] = readU32(wasm, p);
        if (flags & 1) [, p] = readU32(wasm, p);
      } else if (kind === 3)
        p += 2; // global: value type, mutability
      else throw new Error(`align-wasm-imports: import kind ${kind} not handled`);
      const [module, field] = names;
      const renamed = utf8.encode(rename(module, field));
      const mod = utf8.encode(module);
      out.push(...u32(mod.length), ...mod, ...u32(renamed.length), ...renamed, ...wasm.subarray(descStart, p));
    }
    if (p !== end) throw new Error('align-wasm-imports: the import section did not parse to its end');
    parts.push(Uint8Array.of(2, ...u32(out.length), ...out));
    at = end;
  }
  const result = new Uint8Array(parts.reduce((n, b) => n + b.length, 0));
  let off = 0;
  for (const b of parts) {
    result.set(b, off);
    off += b.length;
  }
  return result;
}

/**
 * The training wasm with its imports named as the forward glue names them.
 * @param {Uint8Array} trainWasm normwave_train.wasm
 * @param {string} forwardGlue normwave_wasm.mjs
 * @param {string} trainGlue normwave_train.mjs (the glue Emscripten wrote for trainWasm)
 */
export function alignImports(trainWasm, forwardGlue, trainGlue) {
  const fwd = importObject(forwardGlue, 'normwave_wasm.mjs');
  const train = importObject(trainGlue, 'normwave_train.mjs');
  if (normalized(forwardGlue, 'normwave_wasm.wasm', fwd) !== normalized(trainGlue, 'normwave_train.wasm', train)) {
    throw new Error(
      'align-wasm-imports: normwave_train.mjs differs from normwave_wasm.mjs beyond the import names; the training module needs its own glue',
    );
  }
  const byFunction = new Map([...fwd.functions].map(([key, fn]) => [fn, key]));
  return renameImports(trainWasm, (module, field) => {
    const fn = train.functions.get(field);
    const key = fn && byFunction.get(fn);
    if (module !== 'a' || !key)
      throw new Error(
        `align-wasm-imports: import ${module}.${field} (${fn?.slice(0, 60)}) has no name in normwave_wasm.mjs`,
      );
    return key;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [fwdGlue, trainGlue, trainWasm, out] = process.argv.slice(2);
  fs.writeFileSync(
    out,
    alignImports(fs.readFileSync(trainWasm), fs.readFileSync(fwdGlue, 'utf8'), fs.readFileSync(trainGlue, 'utf8')),
  );
}
