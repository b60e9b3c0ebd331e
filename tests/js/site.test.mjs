// The site setting (package.json's homepage) and what depends on it: which hosts can be the site,
// what the share menu offers with and without one, the figure pages' descriptions, and prepack
// (scripts/check-dist.mjs) refusing a package whose snippets or links would point at nothing.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  cdnBase,
  figurePageFiles,
  figurePagePath,
  shareItems,
  siteBase,
  siteProblem,
  PACKAGE_NAME,
} from '../../web/lib/site.js';
import { shortDescription, oembed, embedSrc } from '../../scripts/figure-pages.mjs';
import { sitePageProblems } from '../../scripts/check-dist.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'dist');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

test('the homepage is the site: an https folder that serves the built site', () => {
  assert.equal(siteProblem(pkg.homepage), null, `package.json's homepage ${pkg.homepage}`);
  assert.equal(siteBase(pkg.homepage), pkg.homepage.endsWith('/') ? pkg.homepage : `${pkg.homepage}/`);
  assert.equal(siteBase('https://example.org/normwave'), 'https://example.org/normwave/');
  assert.equal(siteBase(''), null);
  assert.equal(siteProblem('https://example.org/docs/normwave/'), null);
  const refused = {
    'https://cdn.jsdelivr.net/npm/normwave@0.1.0/dist/': /cdn\.jsdelivr\.net.*text\/plain/,
    'https://unpkg.com/normwave@0.1.0/dist/': /unpkg\.com.*text\/plain/,
    'https://github.com/normwave/normwave#readme': /query or a fragment/,
    'https://github.com/normwave/normwave': /github\.com.*repository/,
    'https://www.npmjs.com/package/normwave': /npmjs\.com/,
    'http://normwave.github.io/normwave/': /not https/,
    'https://normwave.github.io/normwave/?lang=en': /query/,
    'normwave.github.io/normwave': /not an absolute URL/,
  };
  for (const [url, why] of Object.entries(refused)) assert.match(siteProblem(url) ?? 'accepted', why, url);
});

test('the share menu offers the iframe and the links only when there is a site', () => {
  assert.deepEqual(shareItems(false), ['script', 'codepen', 'svg', 'png']);
  assert.deepEqual(shareItems(true), ['script', 'iframe', 'link', 'article', 'codepen', 'svg', 'png']);
  assert.equal(cdnBase('1.2.3'), `https://cdn.jsdelivr.net/npm/${PACKAGE_NAME}@1.2.3/dist/`);
  assert.equal(PACKAGE_NAME, pkg.name);
  assert.equal(figurePagePath('nw-pe-heatmap', 'ko'), 'figure/pe-heatmap/');
  assert.equal(figurePagePath('nw-pe-heatmap', 'en'), 'en/figure/pe-heatmap/');
  assert.deepEqual(figurePageFiles('nw-ffn', 'en'), {
    page: 'en/figure/ffn/index.html',
    oembed: 'en/figure/ffn/oembed.json',
    image: 'en/figure/ffn/figure.png',
  });
});

test('a long caption is cut at a sentence end within 200 characters, else at a word with …', () => {
  const sentences = `${'a'.repeat(90)}. ${'b'.repeat(90)}. ${'c'.repeat(90)}.`;
  assert.equal(shortDescription(sentences), `${'a'.repeat(90)}. ${'b'.repeat(90)}.`);
  const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
  const cut = shortDescription(words);
  assert.ok(cut.length <= 200 && cut.endsWith('…') && words.startsWith(cut.slice(0, -1)), cut);
  assert.equal(shortDescription('  short\n caption '), 'short caption');
});

test('an oEmbed answer is a rich type with the iframe, its size and a thumbnail (oembed.com 2.3.4)', () => {
  const site = 'https://example.org/nw/';
  const answer = oembed({
    site,
    tag: 'nw-ffn',
    lang: 'en',
    title: 'A "quoted" <title>',
    height: 700,
    image: { width: 1280, height: 1300 },
  });
  assert.equal(answer.version, '1.0');
  assert.equal(answer.type, 'rich');
  assert.equal(answer.width, 640);
  assert.equal(answer.height, 700);
  assert.equal(answer.thumbnail_url, 'https://example.org/nw/en/figure/ffn/figure.png');
  assert.deepEqual([answer.thumbnail_width, answer.thumbnail_height], [1280, 1300]);
  assert.equal(answer.provider_url, site);
  assert.equal(embedSrc(site, 'nw-ffn', 'en'), 'https://example.org/nw/embed.html?fig=nw-ffn&lang=en');
  assert.match(
    answer.html,
    /^<iframe src="https:\/\/example\.org\/nw\/embed\.html\?fig=nw-ffn&amp;lang=en" width="640" height="700" title="A &quot;quoted&quot; &lt;title&gt;" /,
  );
});

const checkDist = (env) =>
  spawnSync(process.execPath, ['scripts/check-dist.mjs'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });

test('prepack refuses a homepage that is a CDN path, a repository page or plain http', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'normwave-pkg-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const [homepage, why] of [
    [
      'https://cdn.jsdelivr.net/npm/normwave@0.1.0/dist/',
      /homepage cannot be the site: .*cdn\.jsdelivr\.net.*text\/plain/,
    ],
    ['https://github.com/normwave/normwave#readme', /homepage cannot be the site: .*query or a fragment/],
    ['http://normwave.github.io/normwave/', /homepage cannot be the site: .*not https/],
  ]) {
    const file = path.join(dir, 'package.json');
    fs.writeFileSync(file, JSON.stringify({ ...pkg, homepage }));
    const r = checkDist({ NW_PACKAGE_JSON: file });
    assert.equal(r.status, 1, `${homepage}: ${r.stdout}`);
    assert.match(r.stderr, why);
  }
  const renamed = path.join(dir, 'renamed.json');
  fs.writeFileSync(renamed, JSON.stringify({ ...pkg, name: 'normwave-fork' }));
  const r = checkDist({ NW_PACKAGE_JSON: renamed });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /name is "normwave-fork", but the script-tag snippet loads normwave from jsDelivr/);
});

test('prepack refuses a site without the page a link points to, or built for another homepage', (t) => {
  assert.ok(fs.existsSync(path.join(DIST, 'figure')), 'dist/ is built (npm run build)');
  const site = siteBase(pkg.homepage);
  assert.deepEqual(sitePageProblems(DIST, site), [], 'this build');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'normwave-site-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  // A site of two figures, copied from this build.
  const keep = ['nw-ffn', 'nw-pe-heatmap'];
  const files = [
    '.inputs-sha256',
    'embed.html',
    'index.html',
    'en/index.html',
    ...keep.map((tag) => `figures/${tag}.mjs`),
  ];
  for (const tag of keep) for (const lang of ['ko', 'en']) files.push(...Object.values(figurePageFiles(tag, lang)));
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.copyFileSync(path.join(DIST, f), path.join(dir, f));
  }
  assert.deepEqual(sitePageProblems(dir, site), []);
  assert.equal(checkDist({ NW_DIST_DIR: dir }).status, 0, 'the copy passes');
  // An English page missing.
  fs.rmSync(path.join(dir, 'en/figure/ffn/index.html'));
  let r = checkDist({ NW_DIST_DIR: dir });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /nw-ffn \(en\): dist\/en\/figure\/ffn\/index\.html missing/);
  fs.copyFileSync(path.join(DIST, 'en/figure/ffn/index.html'), path.join(dir, 'en/figure/ffn/index.html'));
  // The same site checked against another homepage: every page names the built one.
  const other = path.join(dir, 'other.json');
  fs.writeFileSync(other, JSON.stringify({ ...pkg, homepage: 'https://example.org/normwave/' }));
  r = checkDist({ NW_DIST_DIR: dir, NW_PACKAGE_JSON: other });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /was not built for https:\/\/example\.org\/normwave\//);
  assert.match(r.stderr, /its iframe does not load https:\/\/example\.org\/normwave\/embed\.html/);
  // embed.html missing: the iframe snippet would load nothing.
  fs.rmSync(path.join(dir, 'embed.html'));
  r = checkDist({ NW_DIST_DIR: dir });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /dist\/embed\.html is missing/);
});

test('without a homepage prepack checks no site pages and says the menu offers what needs none', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'normwave-pkg-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'package.json');
  const { homepage, ...rest } = pkg;
  assert.ok(homepage);
  fs.writeFileSync(file, JSON.stringify(rest));
  const r = checkDist({ NW_PACKAGE_JSON: file, NW_DIST_DIR: path.join(dir, 'nothing') });
  assert.equal(r.status, 1, 'a missing dist/ is still refused');
  assert.doesNotMatch(r.stderr, /embed\.html|figure/);
  assert.match(r.stderr, /dist\/ is missing/);
});

test("README and the embedding guide name the site by package.json's homepage and the CDN by its version", () => {
  const readme = ['README.md', 'docs/embedding.md'].map((f) => fs.readFileSync(path.join(ROOT, f), 'utf8')).join('\n');
  assert.ok(readme.includes(`The site, ${pkg.homepage},`), 'the site sentence');
  const iframes = [...readme.matchAll(/<iframe src="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(iframes.length > 0);
  for (const src of iframes) assert.ok(src.startsWith(`${pkg.homepage}embed.html?`), src);
  const scripts = [...readme.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
  for (const src of scripts) assert.ok(src.startsWith(cdnBase(pkg.version)), src);
});
