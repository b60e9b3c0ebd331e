// Static file server for dist/ (or any folder) on 127.0.0.1, built on node:http only: br/gzip
// (precompressed by the build or compressed once here), ETags, a year's cache for hashed chunks,
// and the page's Content-Security-Policy (with Trusted Types) on HTML.
//
//   node scripts/serve.mjs [--port N | N] [--root DIR]     (PORT env also works; 0 = any free port)
//
// Browser tests reuse it:  const { server, url } = await startServer({ root, port: 0, headers });
// `headers` is added to every response (e.g. a Content-Security-Policy).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { pipeline } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_ROOT = path.join(REPO_ROOT, 'dist');

export const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.safetensors': 'application/octet-stream',
  '.bin': 'application/octet-stream',
};

export function mimeType(file) {
  return MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The Content-Security-Policy the article is built for and tested under: scripts and wasm from our
 * own origin only, no inline script, and Trusted Types (the page writes no HTML strings; Lit, the
 * only code that does, uses its own policy "lit-html"). Inline styles stay allowed: KaTeX's HTML
 * sets its glyph metrics in style attributes. The built HTML carries the same policy in a <meta>
 * tag (scripts/prerender.mjs) for hosts that cannot send headers; frame-ancestors and the like
 * would be ignored there, so the policy holds nothing a <meta> cannot.
 */
export const DEFAULT_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  // The share menu's "Open in CodePen" posts a form there (CodePen's prefill API).
  'form-action https://codepen.io',
  "require-trusted-types-for 'script'",
  // normwave-train-worker: <nw-train>'s policy, which vouches for its one worker URL.
  'trusted-types lit-html normwave-train-worker',
].join('; ');

// Worth compressing on the wire (fonts and images are compressed already).
const COMPRESSIBLE = new Set([
  '.html',
  '.htm',
  '.mjs',
  '.js',
  '.css',
  '.json',
  '.map',
  '.txt',
  '.ts',
  '.md',
  '.svg',
  '.wasm',
  '.safetensors',
]);
// esbuild's content-hashed chunk names (chunk-ABCDEFGH.mjs): they never change, so cache for a year.
const HASHED = /-[A-Z0-9]{8}\.(?:m?js|css|wasm)$/;

export function isCompressible(file) {
  return COMPRESSIBLE.has(path.extname(file).toLowerCase());
}

/** The encoding to send: 'br' or 'gzip' when the client accepts it (q > 0), else null. */
export function pickEncoding(acceptEncoding = '') {
  const accepted = new Map();
  for (const part of String(acceptEncoding).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

function isInside(root, p) {
  return p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

function send(res, status, body, extra = {}) {
  const text = `${status} ${body}\n`;
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...extra,
  });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

// Files compressed on the fly (when the build wrote no .br/.gz beside them), by path; an entry is
// reused while the file's size and mtime are unchanged.
const MAX_CACHED_BYTES = 64 * 2 ** 20;
function compressionCache() {
  const entries = new Map();
  let bytes = 0;
  return async function compressed(file, stat, encoding) {
    const key = `${encoding}:${file}`;
    const tag = `${stat.size}:${stat.mtimeMs}`;
    const hit = entries.get(key);
    if (hit && hit.tag === tag) return hit.body;
    const raw = await fs.promises.readFile(file);
    const body =
      encoding === 'br'
        ? await brotli(raw, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          })
        : await gzip(raw, { level: 9 });
    if (hit) bytes -= hit.body.length;
    entries.set(key, { tag, body });
    bytes += body.length;
    for (const [k, v] of entries) {
      // oldest first
      if (bytes <= MAX_CACHED_BYTES) break;
      entries.delete(k);
      bytes -= v.body.length;
    }
    return body;
  };
}

/**
 * A precompressed sibling (x.br, x.gz) under the rule the requested file follows: a regular file
 * whose real path is inside the root, at least as new as `than`. Answers it opened, with its stat,
 * or null (missing, outside the root, unreadable, older): the caller then compresses the file itself.
 * The stat is taken on the open handle and matched against the real path's, so a link swapped in
 * between the check and the read is never what gets sent.
 */
async function openSibling(root, file, than) {
  let handle = null;
  try {
    const real = await fs.promises.realpath(file);
    if (!isInside(root, real)) return null;
    const named = await fs.promises.stat(real);
    if (!named.isFile() || named.mtimeMs < than) return null;
    handle = await fs.promises.open(real, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const stat = await handle.stat();
    if (stat.dev !== named.dev || stat.ino !== named.ino) throw new Error(`${file} changed while opened`);
    return { handle, stat };
  } catch {
    await handle?.close().catch(() => {});
    return null;
  }
}

function handler(root, headers, csp) {
  const compressed = compressionCache();
  return async (req, res) => {
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.setHeader('X-Content-Type-Options', 'nosniff');

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
    }
    // The request target is split by hand: new URL('//katex', base) would read "katex" as a host.
    const target = String(req.url).split('#')[0];
    const q = target.indexOf('?');
    const search = q < 0 ? '' : target.slice(q);
    let pathname;
    try {
      pathname = decodeURIComponent(q < 0 ? target : target.slice(0, q));
    } catch {
      return send(res, 400, 'Bad Request');
    }
    if (pathname.includes('\0')) return send(res, 400, 'Bad Request');

    // Resolve against the root and refuse anything that lands outside it ("..", symlinks).
    const normalized = path.posix.normalize('/' + pathname);
    let file = path.resolve(root, '.' + normalized);
    if (!isInside(root, file)) return send(res, 404, 'Not Found');
    let sibling = null; // an open precompressed sibling, closed here unless a stream took it
    try {
      let stat = await fs.promises.stat(file);
      if (stat.isDirectory()) {
        if (!pathname.endsWith('/')) {
          // Redirect so that relative URLs in the index resolve inside the directory. The target
          // is built from the normalised path (one leading slash, no "." or ".." segments,
          // percent-encoded), never from the raw request: "/.//katex" must not become
          // "//katex/", which a browser reads as another host.
          const location = normalized.replace(/\/+/g, '/').split('/').map(encodeURIComponent).join('/') + '/';
          return send(res, 301, 'Moved Permanently', { Location: location + search });
        }
        file = path.join(file, 'index.html');
        stat = await fs.promises.stat(file);
      }
      if (!stat.isFile()) return send(res, 404, 'Not Found');
      const real = await fs.promises.realpath(file);
      if (!isInside(root, real)) return send(res, 404, 'Not Found');

      const type = mimeType(file);
      const head = { 'Content-Type': type };
      if (type.startsWith('text/html') && csp && !res.hasHeader('Content-Security-Policy')) {
        head['Content-Security-Policy'] = csp;
      }
      // Hashed chunks never change; everything else is revalidated (cheaply, by ETag).
      head['Cache-Control'] = HASHED.test(real) ? 'public, max-age=31536000, immutable' : 'no-cache';
      const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      head.ETag = etag;

      let body = null,
        length = stat.size;
      if (isCompressible(real)) {
        head.Vary = 'Accept-Encoding';
        const encoding = pickEncoding(req.headers['accept-encoding']);
        if (encoding) {
          // Files the build compressed (x.br / x.gz beside x, at least as new, inside the root),
          // else our cache.
          sibling = await openSibling(root, `${real}.${encoding === 'br' ? 'br' : 'gz'}`, stat.mtimeMs);
          if (sibling) {
            length = sibling.stat.size;
          } else {
            body = await compressed(real, stat, encoding);
            length = body.length;
          }
          head['Content-Encoding'] = encoding;
          head.ETag = etag.slice(0, -1) + `-${encoding}"`;
        }
      }
      if (req.headers['if-none-match'] === head.ETag) {
        delete head['Content-Type'];
        res.writeHead(304, head);
        return res.end();
      }
      head['Content-Length'] = length;
      res.writeHead(200, head);
      if (req.method === 'HEAD') return res.end();
      if (body) return res.end(body);
      if (length === 0) return res.end();
      // The sibling's bytes as stated by its stat (the stream owns and closes the handle from here).
      const stream = sibling
        ? sibling.handle.createReadStream({ start: 0, end: length - 1 })
        : fs.createReadStream(real);
      sibling = null;
      pipeline(stream, res, (err) => {
        if (err) res.destroy();
      });
    } catch {
      if (res.headersSent) return res.destroy();
      return send(res, 404, 'Not Found');
    } finally {
      await sibling?.handle.close().catch(() => {});
    }
  };
}

/**
 * Serve `root` on 127.0.0.1:`port` (0 = any free port). HTML responses carry `csp` (default: the
 * page's policy, DEFAULT_CSP; false for none) unless `headers` sets its own
 * Content-Security-Policy. Compressible files go out as br or gzip when the client accepts it:
 * the build's precompressed .br/.gz when present, else compressed here once and cached.
 * @returns {Promise<{server: http.Server, url: string}>} url has no trailing slash.
 */
export async function startServer({ root = DEFAULT_ROOT, port = 8080, headers = {}, csp = DEFAULT_CSP } = {}) {
  const absRoot = await fs.promises.realpath(path.resolve(root));
  const server = http.createServer(handler(absRoot, headers, csp));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(port), '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = `http://127.0.0.1:${server.address().port}`;
  return { server, url };
}

function parseArgs(argv) {
  const opts = { port: process.env.PORT ?? 8080, root: DEFAULT_ROOT };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--port' || a === '-p') opts.port = argv[++i];
    else if (a.startsWith('--port=')) opts.port = a.slice(7);
    else if (a === '--root') opts.root = path.resolve(argv[++i]);
    else if (a.startsWith('--root=')) opts.root = path.resolve(a.slice(7));
    else if (/^\d+$/.test(a)) opts.port = a;
    else {
      console.error(`usage: node scripts/serve.mjs [--port N | N] [--root DIR]   (unknown argument: ${a})`);
      process.exit(2);
    }
  }
  const n = Number(opts.port);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`normwave: invalid port ${JSON.stringify(opts.port)}`);
    process.exit(2);
  }
  opts.port = n;
  return opts;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { port, root } = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    console.error(`normwave: ${path.join(root, 'index.html')} not found — run "npm run build" first`);
    process.exit(1);
  }
  try {
    const { url } = await startServer({ root, port });
    const shown = isInside(REPO_ROOT, root) ? path.relative(REPO_ROOT, root) || '.' : root;
    console.log(`normwave: serving ${shown}/ on ${url}`);
  } catch (err) {
    console.error(`normwave: cannot listen on 127.0.0.1:${port}: ${err.code ?? err.message}`);
    process.exit(1);
  }
}
