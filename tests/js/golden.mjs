// Reads the PyTorch fixtures in tests/golden/ (.safetensors, F32) for the JS suites.
import { readFileSync } from 'node:fs';

const dir = new URL('../golden/', import.meta.url);

export function readGolden(name) {
  const bytes = readFileSync(new URL(name, dir));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = Number(view.getBigUint64(0, true));
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + n)));
  const data = 8 + n;
  const tensors = {};
  for (const [key, info] of Object.entries(header)) {
    if (key === '__metadata__') continue;
    const [begin, end] = info.data_offsets;
    const copy = bytes.slice(data + begin, data + end); // aligned copy
    tensors[key] = { shape: info.shape, data: new Float32Array(copy.buffer, copy.byteOffset, (end - begin) / 4) };
  }
  return { bytes: new Uint8Array(bytes), meta: header.__metadata__ ?? {}, tensors };
}
