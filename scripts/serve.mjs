// Static file server for dist/ (or any folder) on 127.0.0.1, built on node:http only.
//
//   node scripts/serve.mjs [--port N | N] [--root DIR]     (PORT env also works; 0 = any free port)
//
// Browser tests reuse it:  const { server, url } = await startServer({ root, port: 0, headers });
// `headers` is added to every response (e.g. a Content-Security-Policy).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

function isInside(root, p) {
  return p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

function send(res, status, body, extra = {}) {
  const text = `${status} ${body}\n`;
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...extra,
  });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

function handler(root, headers) {
  return async (req, res) => {
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      return send(res, 400, 'Bad Request');
    }
    if (pathname.includes('\0')) return send(res, 400, 'Bad Request');

    // Resolve against the root and refuse anything that lands outside it ("..", symlinks).
    let file = path.resolve(root, '.' + path.posix.normalize('/' + pathname));
    if (!isInside(root, file)) return send(res, 404, 'Not Found');
    try {
      let stat = await fs.promises.stat(file);
      if (stat.isDirectory()) {
        if (!pathname.endsWith('/')) {
          // Redirect so that relative URLs in the index resolve inside the directory.
          const u = new URL(req.url, 'http://localhost');
          return send(res, 301, 'Moved Permanently', { Location: u.pathname + '/' + u.search });
        }
        file = path.join(file, 'index.html');
        stat = await fs.promises.stat(file);
      }
      if (!stat.isFile()) return send(res, 404, 'Not Found');
      const real = await fs.promises.realpath(file);
      if (!isInside(root, real)) return send(res, 404, 'Not Found');

      res.writeHead(200, { 'Content-Type': mimeType(file), 'Content-Length': stat.size });
      if (req.method === 'HEAD') return res.end();
      const stream = fs.createReadStream(real);
      stream.on('error', () => res.destroy());
      stream.pipe(res);
    } catch {
      return send(res, 404, 'Not Found');
    }
  };
}

/**
 * Serve `root` on 127.0.0.1:`port` (0 = any free port).
 * @returns {Promise<{server: http.Server, url: string}>} url has no trailing slash.
 */
export async function startServer({ root = DEFAULT_ROOT, port = 8080, headers = {} } = {}) {
  const absRoot = await fs.promises.realpath(path.resolve(root));
  const server = http.createServer(handler(absRoot, headers));
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
