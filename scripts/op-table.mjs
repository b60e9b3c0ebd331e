// The op table for Node scripts that run without a build (tests/fuzz/make_corpus.mjs, the op
// and checklist tests): the rows of NORMWAVE_OPS read from cpp/include/normwave/ops.hpp, shaped
// as Module.ops() gives them ({ id, name, module, transport, bindings, api, parity, kernels };
// tests/js/ops.test.mjs checks the two agree); nw.ops shows { id, name, binding (the first of
// bindings, or null), parity, kernels } of each.
import { readFileSync } from 'node:fs';

export const OPS_HEADER = new URL('../cpp/include/normwave/ops.hpp', import.meta.url);

const STRINGS = String.raw`((?:"[^"]*"\s*)+)`;
const ROW = new RegExp(
  String.raw`\bX\((\d+),\s*(\w+),\s*(\w+),\s*(\w+),\s*${STRINGS},\s*${STRINGS},\s*${STRINGS},\s*${STRINGS}\)`,
  'g',
);
// Adjacent C string literals are one string; its words are space-separated.
const words = (literals) =>
  [...literals.matchAll(/"([^"]*)"/g)]
    .map((m) => m[1])
    .join('')
    .split(' ')
    .filter(Boolean);

export function readOpTable(header = OPS_HEADER) {
  const text = readFileSync(header, 'utf8').replace(/\\\n/g, ' ');
  const ops = [...text.matchAll(ROW)].map(([, id, name, module, transport, bindings, api, parity, kernels]) => ({
    id: Number(id),
    name,
    module,
    transport,
    bindings: words(bindings),
    api: words(api),
    parity: words(parity)[0] ?? null,
    kernels: words(kernels),
  }));
  ops.forEach((op, i) => {
    if (op.id !== i) throw new Error(`${header.pathname}: row ${i} has id ${op.id}; ids must be 0, 1, 2, ...`);
  });
  if (ops.length === 0) throw new Error(`${header.pathname}: no NORMWAVE_OPS rows found`);
  return ops;
}
