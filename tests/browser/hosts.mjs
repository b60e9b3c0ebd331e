// The public hosts a figure meets, played by Chromium's request interception so the tests reach
// them without a network (the machine has none):
//   the site — package.json's `homepage` (GitHub Pages): dist/ as a static host serves it, with
//     folder indexes and CORS (GitHub Pages sends Access-Control-Allow-Origin: *);
//   jsDelivr — the packed tarball under https://cdn.jsdelivr.net/npm/normwave@<version>/, as
//     jsDelivr serves npm files: CORS, scripts as JavaScript, but .html as text/plain;
//   any other https page (a blog, a post) from a string.
//   await routeSite(context);  await routeCdn(context, packedPackage().dir);
//   await routePage(context, 'https://blog.example/post', '<!doctype html>…');
import fs from 'node:fs';
import path from 'node:path';
import { MIME_TYPES } from '../../scripts/serve.mjs';
import { siteBase, cdnBase } from '../../web/lib/site.js';
import { DIST_DIR, REPO_ROOT } from './harness.mjs';

const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
/** The site's base URL (package.json's homepage) and the package's folder of dist/ on jsDelivr. */
export const SITE = siteBase(pkg.homepage);
export const CDN = cdnBase(pkg.version);

/** Serves the files of dir under prefix; `types` overrides content types by extension. */
async function routeFolder(context, prefix, dir, { index, types = {} }) {
  await context.route(
    (url) => url.href.startsWith(prefix),
    async (route) => {
      const url = new URL(route.request().url());
      let rel = decodeURIComponent(url.href.slice(prefix.length).split(/[?#]/)[0]);
      if (rel === '' || rel.endsWith('/')) {
        if (!index) return route.fulfill({ status: 404, body: 'no folder listing' });
        rel += 'index.html';
      }
      const file = path.join(dir, rel);
      if (!file.startsWith(dir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile())
        return route.fulfill({ status: 404, contentType: 'text/plain', body: `not found: ${rel}` });
      const ext = path.extname(file).toLowerCase();
      return route.fulfill({
        status: 200,
        headers: {
          'Content-Type': types[ext] ?? MIME_TYPES[ext] ?? 'application/octet-stream',
          'Access-Control-Allow-Origin': '*',
        },
        body: fs.readFileSync(file),
      });
    },
  );
}

/** The site (dist/) at package.json's homepage. */
export function routeSite(context, dir = DIST_DIR) {
  return routeFolder(context, SITE, dir, { index: true });
}

/** The packed package on jsDelivr: .html as text/plain, as jsDelivr sends it. */
export function routeCdn(context, packageDir) {
  return routeFolder(context, CDN, path.join(packageDir, 'dist'), {
    index: false,
    types: { '.html': 'text/plain; charset=utf-8' },
  });
}

/** One HTML page at url. */
export function routePage(context, url, body) {
  return context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body }));
}
