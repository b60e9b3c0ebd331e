// The npm package exactly as users get it: `npm pack` of this tree (its prepack checks that dist/
// is fresh), unpacked once per build of dist/ into build/pack/<stamp>/package. Shared by the
// package, type, CDN and bundler tests.
//   const pkg = packedPackage();   // { dir, tarball, files: [paths], size, unpackedSize }
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function packedPackage() {
  const stampFile = path.join(REPO_ROOT, 'dist/.inputs-sha256');
  if (!fs.existsSync(stampFile)) throw new Error('dist/ is not built: run `npm run build` first');
  const stamp = fs.readFileSync(stampFile, 'utf8').trim().slice(0, 16);
  const home = path.join(REPO_ROOT, 'build/pack', stamp);
  const info = path.join(home, 'pack.json');
  if (!fs.existsSync(info)) {
    const tmp = fs.mkdtempSync(path.join(REPO_ROOT, 'build/pack-'));
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', tmp], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const packed = JSON.parse(out.slice(out.indexOf('[')))[0];
    execFileSync('tar', ['-xzf', path.join(tmp, packed.filename), '-C', tmp]);
    fs.writeFileSync(
      path.join(tmp, 'pack.json'),
      JSON.stringify({
        tarball: packed.filename,
        files: packed.files.map((f) => f.path).sort(),
        size: packed.size,
        unpackedSize: packed.unpackedSize,
      }),
    );
    fs.mkdirSync(path.dirname(home), { recursive: true });
    try {
      fs.renameSync(tmp, home);
    } catch {
      fs.rmSync(tmp, { recursive: true, force: true }); // another test process got there first
    }
  }
  const meta = JSON.parse(fs.readFileSync(info, 'utf8'));
  return { ...meta, dir: path.join(home, 'package'), tarball: path.join(home, meta.tarball) };
}

/** Lays out a project at dir whose node_modules/normwave is a copy of the unpacked package. */
export function projectWithPackage(dir, files = {}) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  fs.cpSync(packedPackage().dir, path.join(dir, 'node_modules/normwave'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }),
  );
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
