// scripts/serve.mjs on a small temporary site: redirects that stay on this host, br/gzip with
// Content-Encoding and Vary, ETags, cache lifetimes, and the page's CSP on HTML.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { spawn } from 'node:child_process';
import zlib from 'node:zlib';
import { startServer, DEFAULT_CSP, pickEncoding } from '../../scripts/serve.mjs';

let root, outside, server, base;
const page = '<!doctype html><title>x</title>' + '<p>normwave</p>'.repeat(200);
before(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'nw-serve-'));
  fs.mkdirSync(path.join(root, 'katex'));
  fs.writeFileSync(path.join(root, 'index.html'), page);
  fs.writeFileSync(path.join(root, 'katex', 'index.html'), page);
  fs.writeFileSync(path.join(root, 'app.mjs'), 'export const x = 1;\n'.repeat(100));
  fs.writeFileSync(path.join(root, 'chunk-ABCD2345.mjs'), 'export const y = 2;\n'.repeat(100));
  fs.writeFileSync(path.join(root, 'font.woff2'), Buffer.alloc(300, 7));
  // A precompressed sibling, deliberately different from what the server would make itself.
  fs.writeFileSync(path.join(root, 'pre.css'), 'a{color:red}\n'.repeat(50));
  fs.writeFileSync(path.join(root, 'pre.css.br'), zlib.brotliCompressSync('/* from the build */'));
  // Precompressed siblings that are symlinks: one to a file outside the root, one through a
  // directory link that leaves the root, one to a file inside the root (served as usual).
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'nw-serve-outside-'));
  fs.writeFileSync(path.join(outside, 'secret.txt'), zlib.brotliCompressSync('outside the root'));
  fs.writeFileSync(path.join(outside, 'secret.gz'), zlib.gzipSync('outside the root'));
  fs.symlinkSync(outside, path.join(root, 'elsewhere'));
  for (const name of ['x.js', 'y.js', 'z.js']) fs.writeFileSync(path.join(root, name), `/* ${name} */\n`.repeat(40));
  fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'x.js.br'));
  fs.symlinkSync(path.join('elsewhere', 'secret.gz'), path.join(root, 'y.js.gz'));
  fs.writeFileSync(path.join(root, 'z-build.br'), zlib.brotliCompressSync('/* z from the build */'));
  fs.symlinkSync('z-build.br', path.join(root, 'z.js.br'));
  fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'plain-link.txt'));
  // The siblings are newer than the files they stand for, as a build would leave them.
  const later = new Date(Date.now() + 60_000);
  for (const name of ['x.js.br', 'y.js.gz', 'z.js.br']) fs.lutimesSync(path.join(root, name), later, later);
  for (const name of ['secret.txt', 'secret.gz']) fs.utimesSync(path.join(outside, name), later, later);
  fs.utimesSync(path.join(root, 'z-build.br'), later, later);
  ({ server, url: base } = await startServer({ root, port: 0 }));
});
after(() => {
  server?.close();
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

/** A raw GET (fetch would normalise the path first). */
function get(rawPath, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(base, { path: rawPath, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

test('GET /.//katex redirects to /katex/ on this host, never to //katex/', async () => {
  for (const raw of [
    '/.//katex',
    '//katex',
    '/./katex',
    '/x/..//katex',
    '/%2F%2Fkatex',
    '/.%2F%2Fkatex',
    '///katex?q=1',
  ]) {
    const r = await get(raw);
    assert.equal(r.status, 301, raw);
    const location = r.headers.location;
    assert.match(location, /^\/katex\/(\?q=1)?$/, `${raw} -> ${location}`);
    assert.equal(new URL(location, base).origin, base, raw);
  }
});

test('compressible files go out as br or gzip, with Vary; others as they are', async () => {
  const br = await get('/app.mjs', { 'accept-encoding': 'gzip, deflate, br' });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.headers.vary, 'Accept-Encoding');
  assert.equal(zlib.brotliDecompressSync(br.body).toString(), 'export const x = 1;\n'.repeat(100));
  assert.equal(Number(br.headers['content-length']), br.body.length);
  const gz = await get('/app.mjs', { 'accept-encoding': 'gzip' });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(zlib.gunzipSync(gz.body).toString(), 'export const x = 1;\n'.repeat(100));
  const none = await get('/app.mjs', { 'accept-encoding': 'br;q=0, identity' });
  assert.equal(none.headers['content-encoding'], undefined);
  assert.equal(none.headers.vary, 'Accept-Encoding');
  const font = await get('/font.woff2', { 'accept-encoding': 'br' });
  assert.equal(font.headers['content-encoding'], undefined);
  assert.equal(font.headers.vary, undefined);
  // The build's .br wins over compressing here.
  const pre = await get('/pre.css', { 'accept-encoding': 'br' });
  assert.equal(zlib.brotliDecompressSync(pre.body).toString(), '/* from the build */');
  assert.equal(pickEncoding('*'), 'br');
  assert.equal(pickEncoding('gzip;q=0.5, br;q=0'), 'gzip');
  assert.equal(pickEncoding(''), null);
});

test('hashed chunks are cached for a year, the rest revalidated by ETag', async () => {
  const hashed = await get('/chunk-ABCD2345.mjs');
  assert.equal(hashed.headers['cache-control'], 'public, max-age=31536000, immutable');
  const plain = await get('/app.mjs', { 'accept-encoding': 'br' });
  assert.equal(plain.headers['cache-control'], 'no-cache');
  const again = await get('/app.mjs', { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  // The identity and br bodies differ, so do their ETags.
  const identity = await get('/app.mjs');
  assert.notEqual(identity.headers.etag, plain.headers.etag);
});

test('HTML carries the strict CSP with Trusted Types by default', async () => {
  const html = await get('/');
  assert.equal(html.headers['content-security-policy'], DEFAULT_CSP);
  assert.match(DEFAULT_CSP, /require-trusted-types-for 'script'/);
  assert.match(DEFAULT_CSP, /trusted-types lit-html/);
  assert.doesNotMatch(DEFAULT_CSP, /'unsafe-eval'|script-src[^;]*unsafe-inline/);
  assert.equal((await get('/app.mjs')).headers['content-security-policy'], undefined);
  // A caller's own policy replaces it (the embed tests serve a blog's policy).
  const { server: other, url } = await startServer({
    root,
    port: 0,
    headers: { 'Content-Security-Policy': "default-src 'none'" },
  });
  try {
    const res = await fetch(url + '/');
    assert.equal(res.headers.get('content-security-policy'), "default-src 'none'");
  } finally {
    other.close();
  }
});

test('a precompressed sibling that links out of the root is not sent: the file is compressed here instead', async () => {
  const br = await get('/x.js', { 'accept-encoding': 'br' });
  assert.equal(br.status, 200);
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(zlib.brotliDecompressSync(br.body).toString(), '/* x.js */\n'.repeat(40));
  const gz = await get('/y.js', { 'accept-encoding': 'gzip' });
  assert.equal(gz.status, 200);
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(zlib.gunzipSync(gz.body).toString(), '/* y.js */\n'.repeat(40));
  // A sibling linking to a file inside the root is the build's, and is sent.
  const inside = await get('/z.js', { 'accept-encoding': 'br' });
  assert.equal(zlib.brotliDecompressSync(inside.body).toString(), '/* z from the build */');
  // The links themselves, asked for by name, stay refused.
  for (const raw of ['/x.js.br', '/y.js.gz', '/plain-link.txt', '/elsewhere/secret.txt']) {
    assert.equal((await get(raw)).status, 404, raw);
  }
});

test('an unreadable precompressed sibling falls back to compressing the file here', async () => {
  // The server runs in a child process; as root it runs as nobody, for whom mode 000 is unreadable.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nw-serve-locked-'));
  const asRoot = process.getuid?.() === 0;
  try {
    fs.chmodSync(dir, 0o755);
    fs.writeFileSync(path.join(dir, 'locked.css'), 'b{color:blue}\n'.repeat(50), { mode: 0o644 });
    fs.writeFileSync(path.join(dir, 'locked.css.br'), zlib.brotliCompressSync('/* unreadable */'), { mode: 0o000 });
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(dir, 'locked.css.br'), later, later);
    const serve = new URL('../../scripts/serve.mjs', import.meta.url).href;
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { startServer } = await import(${JSON.stringify(serve)});
         const { url } = await startServer({ root: ${JSON.stringify(dir)}, port: 0 });
         console.log(url);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], ...(asRoot ? { uid: 65534, gid: 65534 } : {}) },
    );
    try {
      const url = await new Promise((resolve, reject) => {
        child.stdout.once('data', (d) => resolve(String(d).trim()));
        child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
      });
      const res = await fetch(`${url}/locked.css`, { headers: { 'accept-encoding': 'br' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-encoding'), 'br');
      // fetch decodes br itself.
      assert.equal(await res.text(), 'b{color:blue}\n'.repeat(50));
    } finally {
      child.kill();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
