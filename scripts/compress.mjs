// Writes x.br and x.gz beside every compressible file of a folder (default dist/), for servers that
// send precompressed files (scripts/serve.mjs, nginx gzip_static/brotli_static). Files under 1 KiB,
// and files that would not shrink, are left alone.
//   node scripts/compress.mjs [DIR]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isCompressible } from './serve.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function* files(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (e.isFile()) yield p;
  }
}

export function compressTree(dir) {
  let raw = 0,
    br = 0,
    n = 0;
  for (const file of [...files(dir)]) {
    if (!isCompressible(file)) continue;
    const data = fs.readFileSync(file);
    if (data.length < 1024) continue;
    const b = zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    const g = zlib.gzipSync(data, { level: 9 });
    if (b.length < data.length) fs.writeFileSync(`${file}.br`, b);
    if (g.length < data.length) fs.writeFileSync(`${file}.gz`, g);
    raw += data.length;
    br += Math.min(b.length, data.length);
    n++;
  }
  return { files: n, raw, br };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dir = path.resolve(process.argv[2] ?? path.join(REPO, 'dist'));
  const { files: n, raw, br } = compressTree(dir);
  console.log(`compress: ${n} files, ${(raw / 1024).toFixed(0)} KiB -> ${(br / 1024).toFixed(0)} KiB brotli`);
}
