// CONTRIBUTING.md stays true: every file its checklists name exists, "Add a norm" and "Add a
// backward kernel" name every file an existing norm and backward are wired through, and its table
// of figures lists every element of web/elements/ with a browser test that really covers it. (The
// kernels' side — every header function in a row of the op table — is tests/js/ops.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const text = read('CONTRIBUTING.md');
const elements = readdirSync(new URL('web/elements/', root))
  .filter((f) => /^nw-[a-z0-9-]+\.js$/.test(f))
  .map((f) => f.slice(0, -3))
  .sort();

test('every file CONTRIBUTING.md names exists (placeholders like <name> aside)', () => {
  const paths = [...text.matchAll(/`((?:cpp|web|tests|scripts)\/[^`\s]+|CMakeLists\.txt)`/g)]
    .map((m) => m[1])
    .filter((p) => !p.includes('<'));
  assert.ok(paths.length > 30, `only ${paths.length} paths found`);
  const missing = paths.filter((p) => !existsSync(new URL(p, root)));
  assert.deepEqual(missing, []);
});

test('the figure table of CONTRIBUTING.md lists every element, each with a browser test that names it', () => {
  const rows = new Map(
    [...text.matchAll(/^\| `(nw-[a-z0-9-]+)` \| `(tests\/browser\/[^`]+)` \|$/gm)].map((m) => [m[1], m[2]]),
  );
  assert.deepEqual(
    [...rows.keys()].sort(),
    elements,
    'add the element to the table in CONTRIBUTING.md ("Add a figure")',
  );
  for (const [tag, file] of rows) assert.ok(read(file).includes(tag), `${file} does not mention <${tag}>`);
});

test('every element: one class extending NwElement, defined under its file name, exported and in the article', () => {
  const index = read('web/elements/index.js');
  const page = read('web/index.html');
  for (const tag of elements) {
    const source = read(`web/elements/${tag}.js`);
    assert.match(source, /class \w+ extends (?:\w+\()*NwElement\b/, `${tag}: not an NwElement`); // mixins allowed: LnStepLinked(NwElement)
    assert.match(source, new RegExp(`^define\\('${tag}', \\w+\\);$`, 'm'), `${tag}: defines another tag`);
    assert.ok(index.includes(`'./${tag}.js'`), `web/elements/index.js does not export ${tag}`);
    assert.ok(page.includes(`<${tag}`), `web/index.html does not host <${tag}>`);
  }
});

test('no element keeps a clamp helper of its own: controls are declared in static controls (web/lib/base.js)', () => {
  const local = elements.filter((tag) =>
    /\b(?:function clamp\w*|const clamp\w* = )/.test(read(`web/elements/${tag}.js`)),
  );
  assert.deepEqual(local, []);
});

test('every element with URL state declares it as controls: no static urlState field, no LIMITS/DEFAULTS tables', () => {
  // A getter that adds a free string beside the controls (nw-attention's input) is allowed.
  const field = elements.filter((tag) => /^\s*static urlState\s*=/m.test(read(`web/elements/${tag}.js`)));
  assert.deepEqual(field, []);
  const tables = elements.filter((tag) => /\bconst (?:LIMITS|DEFAULTS)\b/.test(read(`web/elements/${tag}.js`)));
  assert.deepEqual(tables, []);
});

// The files an existing op is wired through: every file of the kernels, the bindings, the library,
// its types, the README and the suites and scripts that names one of the op's identifiers. A
// kernel source file counts where the op is defined (encoder.cpp or trainer.cpp calling it are its
// users); figures, their web/lib modules and strings are "Add a figure"'s (web/lib/parity.js is
// the exception: the parity badges are a kernel's step).
const WIRING_DIRS = ['cpp', 'web/api', 'tests/cpp', 'tests/fuzz', 'tests/js', 'scripts'];
const WIRING_FILES = ['README.md', 'web/normwave.d.ts', 'web/lib/parity.js'];
function walk(dir) {
  return readdirSync(new URL(`${dir}/`, root), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'node_modules' || e.name === 'corpus'
        ? []
        : walk(`${dir}/${e.name}`)
      : /\.(?:cpp|hpp|mjs|js|py)$/.test(e.name)
        ? [`${dir}/${e.name}`]
        : [],
  );
}
const wiringCandidates = [...WIRING_DIRS.flatMap(walk), ...WIRING_FILES];
function wiredThrough(identifiers, definition) {
  return wiringCandidates
    .filter((file) => {
      const source = read(file);
      if (!identifiers.test(source)) return false;
      return !file.startsWith('cpp/src/') || definition.test(source);
    })
    .sort();
}
function section(title) {
  const start = text.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `CONTRIBUTING.md has no "## ${title}" section`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}
const named = (body) => new Set([...body.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]));

test('"Add a norm" names every file RMSNorm is wired through', () => {
  const files = wiredThrough(/\brms_norm\b|\brmsNorm|\bRmsNorm/, /\bvoid rms_norm\(/);
  assert.ok(files.length >= 20, `only ${files.length} files found for rms_norm: ${files.join(', ')}`);
  const listed = named(section('Add a norm'));
  assert.deepEqual(
    files.filter((f) => !listed.has(f)),
    [],
    'add these files to CONTRIBUTING.md, "Add a norm"',
  );
});

test('"Add a backward kernel" names every file LayerNorm\'s backward is wired through', () => {
  const files = wiredThrough(/\blayer_norm_backward\b|\blayerNormBackward\b/, /\bvoid layer_norm_backward\(/);
  assert.ok(files.length >= 8, `only ${files.length} files found for layer_norm_backward: ${files.join(', ')}`);
  const listed = named(section('Add a backward kernel'));
  assert.deepEqual(
    files.filter((f) => !listed.has(f)),
    [],
    'add these files to CONTRIBUTING.md, "Add a backward kernel"',
  );
});
