// The op table for Node scripts that run without a build (tests/fuzz/make_corpus.mjs, the op
// tests): the rows of NORMWAVE_OPS read from cpp/include/normwave/ops.hpp, shaped as nw.ops is
// ({ id, name, binding, parity, kernels }; tests/js/ops.test.mjs checks the two agree).
import { readFileSync } from 'node:fs';

export const OPS_HEADER = new URL('../cpp/include/normwave/ops.hpp', import.meta.url);

export function readOpTable(header = OPS_HEADER) {
  const text = readFileSync(header, 'utf8');
  const row = /^\s*X\((\d+),\s*(\w+),\s*"([^"]*)",\s*"([^"]*)",\s*"([^"]*)"\)/gm;
  const ops = [...text.matchAll(row)].map(([, id, name, binding, parity, kernels]) => ({
    id: Number(id),
    name,
    binding: binding || null,
    parity: parity || null,
    kernels: kernels.split(' ').filter(Boolean),
  }));
  ops.forEach((op, i) => {
    if (op.id !== i) throw new Error(`${header.pathname}: row ${i} has id ${op.id}; ids must be 0, 1, 2, ...`);
  });
  if (ops.length === 0) throw new Error(`${header.pathname}: no NORMWAVE_OPS rows found`);
  return ops;
}
