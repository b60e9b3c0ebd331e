// loadNormwave's options ({ wasmUrl, wasmBinary, signal, onProgress }), its errors, and the split
// between the browser entry (no node: anywhere in its graph) and the Node entry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const WASM = path.join(DIST, 'normwave_wasm.wasm');
let fresh = 0;
// Each import with a new query is a new entry module, so a new loader with nothing cached.
const nodeEntry = () => import(`${pathToFileURL(path.join(DIST, 'normwave.node.mjs')).href}?fresh=${++fresh}`);
const browserEntry = () => import(`${pathToFileURL(path.join(DIST, 'normwave.mjs')).href}?fresh=${++fresh}`);

async function rejectsWith(promise, check) {
  await assert.rejects(promise, (e) => {
    check(e);
    return true;
  });
}

test("'normwave' resolves to the Node entry under node, the browser entry otherwise", () => {
  assert.match(import.meta.resolve('normwave'), /dist\/normwave\.node\.mjs$/);
  const manifest = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  assert.equal(manifest.exports['.'].default, './dist/normwave.mjs');
  assert.equal(manifest.exports['.'].node, './dist/normwave.node.mjs');
});

test('nothing the browser entries reach imports node: (statically or dynamically)', () => {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    assert.doesNotMatch(text, /["'`]node:/, `${path.relative(DIST, file)} names a node: module`);
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+\.mjs)"/g))
      visit(path.resolve(path.dirname(file), spec));
  };
  const entries = [
    'normwave.mjs',
    'normwave.single.mjs',
    'embed.mjs',
    ...fs
      .readdirSync(path.join(DIST, 'figures'))
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => `figures/${f}`),
  ];
  for (const e of entries) visit(path.join(DIST, e));
  assert.ok(seen.size > entries.length, 'followed the chunks');
  assert.match(fs.readFileSync(path.join(DIST, 'normwave.node.mjs'), 'utf8'), /"node:fs\/promises"/);
});

test('the browser entry in Node: no fetch of file: URLs, so the error names the URL and suggests normwave/single; wasmBinary works', async () => {
  const { loadNormwave, NormwaveLoadError } = await browserEntry();
  await rejectsWith(loadNormwave(), (e) => {
    assert.ok(e instanceof NormwaveLoadError);
    assert.equal(e.code, 'fetch');
    assert.equal(e.url, pathToFileURL(WASM).href);
    assert.ok(e.message.includes(pathToFileURL(WASM).href));
    assert.match(e.message, /normwave\/single/);
  });
  const nw = await loadNormwave({ wasmBinary: fs.readFileSync(WASM) });
  assert.equal(nw.positionalEncoding(1, 2)[1], 1);
});

test('wasmUrl: a path, a file: URL; a missing file or a non-wasm file is a NormwaveLoadError naming it', async () => {
  const missing = path.join(DIST, 'no-such.wasm');
  await rejectsWith((await nodeEntry()).loadNormwave({ wasmUrl: missing }), (e) => {
    assert.equal(e.name, 'NormwaveLoadError');
    assert.equal(e.code, 'fetch');
    assert.ok(e.message.includes(pathToFileURL(missing).href) && /normwave\/single/.test(e.message), e.message);
  });
  const readme = fileURLToPath(new URL('../../README.md', import.meta.url));
  await rejectsWith((await nodeEntry()).loadNormwave({ wasmUrl: pathToFileURL(readme) }), (e) => {
    assert.equal(e.code, 'compile');
    assert.ok(e.message.includes(pathToFileURL(readme).href), e.message);
  });
  // A failed load is forgotten: the same loader succeeds on the next call.
  const { loadNormwave } = await nodeEntry();
  await assert.rejects(loadNormwave({ wasmUrl: missing }));
  const nw = await loadNormwave({ wasmUrl: path.relative(process.cwd(), WASM) });
  assert.equal(await loadNormwave(), nw, 'one instance per loader, whatever later options say');
});

test('wasmUrl over http: progress events, HTTP errors named, abort', async () => {
  const bytes = fs.readFileSync(WASM);
  const server = http.createServer((req, res) => {
    if (req.url === '/normwave_wasm.wasm') {
      res.writeHead(200, { 'Content-Type': 'application/wasm', 'Content-Length': bytes.length });
      res.end(bytes);
    } else if (req.url === '/slow.wasm') {
      res.writeHead(200, { 'Content-Type': 'application/wasm' });
      res.write(bytes.subarray(0, 1000)); // and never finishes
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    await rejectsWith((await nodeEntry()).loadNormwave({ wasmUrl: `${base}/gone.wasm` }), (e) => {
      assert.equal(e.code, 'http');
      assert.match(e.message, /HTTP 404/);
      assert.ok(e.message.includes(`${base}/gone.wasm`));
    });

    const controller = new AbortController();
    const slow = (await nodeEntry()).loadNormwave({ wasmUrl: `${base}/slow.wasm`, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(slow, { name: 'AbortError' });

    const { loadNormwave } = await nodeEntry();
    const aborted = AbortSignal.abort();
    await assert.rejects(loadNormwave({ signal: aborted }), { name: 'AbortError' });
    const events = [];
    const nw = await loadNormwave({ wasmUrl: `${base}/normwave_wasm.wasm`, onProgress: (p) => events.push(p) });
    assert.ok(events.length >= 1);
    assert.deepEqual(events.at(-1), { loaded: bytes.length, total: bytes.length });
    assert.ok(events.every((p, i) => i === 0 || p.loaded >= events[i - 1].loaded));
    assert.equal(typeof nw.layerNorm, 'function');
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('wasmBinary: bytes or a compiled module; an onProgress that throws does not fail the load', async () => {
  const bytes = fs.readFileSync(WASM);
  const reported = [];
  const had = Object.getOwnPropertyDescriptor(globalThis, 'reportError');
  globalThis.reportError = (e) => reported.push(e);
  try {
    const nw = await (
      await nodeEntry()
    ).loadNormwave({
      wasmBinary: new Uint8Array(bytes),
      onProgress: () => {
        throw new Error('listener bug');
      },
    });
    assert.equal(nw.rmsNorm([3, 4], 2).length, 2);
  } finally {
    if (had) Object.defineProperty(globalThis, 'reportError', had);
    else delete globalThis.reportError;
  }
  assert.equal(reported[0]?.message, 'listener bug');
  const module = await WebAssembly.compile(bytes);
  const nw = await (await nodeEntry()).loadNormwave({ wasmBinary: module });
  assert.equal(nw.softmax([0, 0], 2)[0], 0.5);
  await rejectsWith((await nodeEntry()).loadNormwave({ wasmBinary: new Uint8Array([1, 2, 3]) }), (e) =>
    assert.equal(e.code, 'compile'),
  );
});

test('bad options are TypeErrors naming the option, read before anything loads', async () => {
  const { loadNormwave } = await nodeEntry();
  await assert.rejects(async () => loadNormwave('fast'), { name: 'TypeError', message: /options must be an object/ });
  await assert.rejects(async () => loadNormwave({ wasmUrl: 5 }), { name: 'TypeError', message: /wasmUrl/ });
  await assert.rejects(async () => loadNormwave({ wasmBinary: 'AGFzbQ' }), {
    name: 'TypeError',
    message: /wasmBinary/,
  });
  await assert.rejects(async () => loadNormwave({ signal: { aborted: false } }), {
    name: 'TypeError',
    message: /signal/,
  });
  await assert.rejects(async () => loadNormwave({ onProgress: 'log' }), { name: 'TypeError', message: /onProgress/ });
  let reads = 0;
  const options = {
    get wasmUrl() {
      reads++;
      return WASM;
    },
  };
  await loadNormwave(options);
  assert.equal(reads, 1, 'each option is read once');
});

test('normwave/single takes the same options: wasmBinary replaces the inlined module, progress is reported', async () => {
  const { loadNormwave } = await import(
    `${pathToFileURL(path.join(DIST, 'normwave.single.mjs')).href}?fresh=${++fresh}`
  );
  const events = [];
  const nw = await loadNormwave({ onProgress: (p) => events.push(p) });
  assert.equal(events.length, 1);
  assert.equal(events[0].loaded, fs.statSync(WASM).size);
  assert.equal(nw.positionalEncoding(1, 2)[1], 1);
});
