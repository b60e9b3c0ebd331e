// npm's prepack: refuse to pack a dist/ that is missing or was built from other sources than
// the working tree's (build-web.mjs stamps dist/ with a hash of everything it is built from).
//   NW_DIST_DIR=…  check another folder's stamp (the tests do)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsHash, STAMP } from './build-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(process.env.NW_DIST_DIR || path.join(root, 'dist'), STAMP);
if (!fs.existsSync(stamp)) {
  console.error('prepack: dist/ is missing or was not built by scripts/build.sh — run `npm run build` first');
  process.exit(1);
}
if (fs.readFileSync(stamp, 'utf8').trim() !== inputsHash(root)) {
  console.error(
    'prepack: dist/ is stale (web/, cpp/, the build scripts or package.json changed since it was built) — run `npm run build`',
  );
  process.exit(1);
}
console.log('prepack: dist/ is up to date');
