// CONTRIBUTING.md stays true: every file its checklists name exists, and its table of
// figures lists every element of web/elements/ with a browser test that really covers it. (The
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
