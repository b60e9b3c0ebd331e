// Embedding as a blogger does it: a blog on one origin, under a strict Content-Security-Policy,
// loads three figures by their own entries from a CDN on a second origin that serves only the
// unpacked `npm pack` tarball; and an iframe of embed.html from a third origin (the site, dist/)
// reports its height to the blog.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describeFigure, REPO_ROOT } from './harness.mjs';
import { pixels, setSlider } from './figures.mjs';
import { packedPackage } from '../package.mjs';

const FIGURES = ['nw-pe-heatmap', 'nw-ln-simulator', 'nw-encoder-stack'];
describeFigure(
  'figures on a blog, from a CDN and in an iframe',
  // A context per page: the CDN's request counts are those of a first visit.
  { headers: { 'Access-Control-Allow-Origin': '*' }, sharedContext: false },
  (h) => {
    let cdn, blog, site, cdnRequests;

    before(async () => {
      const pkg = packedPackage();
      site = h.site;
      cdn = await h.serve(pkg.dir, { headers: { 'Access-Control-Allow-Origin': '*' } });
      cdnRequests = [];
      cdn.server.on('request', (req) => cdnRequests.push(req.url));
      const blogDir = path.join(REPO_ROOT, 'build/cdn-blog');
      fs.rmSync(blogDir, { recursive: true, force: true });
      fs.mkdirSync(blogDir, { recursive: true });
      const scripts = FIGURES.map(
        (tag) => `<script type="module" src="${cdn.url}/dist/figures/${tag}.mjs"></script>`,
      ).join('\n');
      fs.writeFileSync(
        path.join(blogDir, 'index.html'),
        `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A blog post</title><link rel="icon" href="data:,">
<style>body { max-width: 760px; margin: 0 auto; padding: 0 16px; font: 17px/1.7 Georgia, serif; }</style>
${scripts}
</head><body><article>
<h1>Notes on normalization</h1>
<p>The PE table:</p>
<nw-pe-heatmap d-model="128" seq-len="80"></nw-pe-heatmap>
<p lang="ko">한국어 문단 안의 그림:</p>
<div lang="ko"><nw-ln-simulator mean="3"></nw-ln-simulator></div>
<nw-encoder-stack layers="3" theme="dark"></nw-encoder-stack>
</article></body></html>`,
      );
      fs.writeFileSync(
        path.join(blogDir, 'iframe.html'),
        `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A post with an iframe</title><link rel="icon" href="data:,">
</head><body><p>Above the figure.</p>
<iframe id="fig" src="${site.url}/embed.html?fig=nw-ln-simulator&amp;lang=en&amp;theme=dark&amp;mean=2&amp;gamma=1.5" title="LayerNorm simulator" width="100%" height="300" style="border:0"></iframe>
<p>Below the figure.</p></body></html>`,
      );
      const csp = `default-src 'none'; script-src ${cdn.url} 'wasm-unsafe-eval'; connect-src ${cdn.url}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-src ${site.url}`;
      blog = await h.serve(blogDir, { headers: { 'Content-Security-Policy': csp } });
    });

    /** A page at url (watched by the harness), with every console message of any type recorded too. */
    async function open(url, options) {
      const opened = await h.open(null, options);
      const messages = [];
      opened.page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
      await opened.page.goto(url);
      return { ...opened, messages };
    }

    test('a strict-CSP blog loads three figures from a CDN origin serving only the tarball: they draw, react, pass parity, log nothing', async () => {
      cdnRequests.length = 0;
      const { page, log, messages } = await open(`${blog.url}/`, { width: 900, height: 900 });
      for (const tag of FIGURES) {
        const fig = page.locator(tag);
        await fig.scrollIntoViewIfNeeded();
        await fig.locator('[data-readout]').first().waitFor({ timeout: 30_000 });
        await page.waitForFunction(
          (t) => {
            const badges = [...document.querySelector(t).shadowRoot.querySelectorAll('[data-parity]')];
            return badges.length > 0 && badges.every((b) => b.hasAttribute('data-ok'));
          },
          tag,
          { timeout: 30_000 },
        );
        const badges = await fig.evaluate((el) =>
          [...el.shadowRoot.querySelectorAll('[data-parity]')].map((b) => `${b.dataset.parity}:${b.dataset.ok}`),
        );
        assert.ok(
          badges.every((b) => b.endsWith(':true')),
          `${tag} parity: ${badges}`,
        );
      }
      // Attributes, lang (own ancestor) and theme work as on our own page.
      assert.equal(await page.locator('nw-pe-heatmap').evaluate((el) => el.dModel), 128);
      assert.equal(await page.locator('nw-ln-simulator').evaluate((el) => el.locale), 'ko');
      assert.match(await page.locator('nw-ln-simulator .title').textContent(), /[가-힣]/);
      assert.doesNotMatch(await page.locator('nw-pe-heatmap .title').textContent(), /[가-힣]/);
      assert.equal(await page.locator('nw-encoder-stack').getAttribute('data-resolved-theme'), 'dark');
      // They react.
      const heatmap = page.locator('nw-pe-heatmap');
      const before = await pixels(heatmap);
      await setSlider(heatmap, 'd-model', 256);
      assert.notEqual(await pixels(heatmap), before);
      const sim = page.locator('nw-ln-simulator');
      const simBefore = await pixels(sim);
      await setSlider(sim, 'gamma', 2);
      assert.notEqual(await pixels(sim), simBefore);
      // One library instance: the wasm was fetched once; each strings file (a language's strings
      // come in parts, one per figure that brings text of its own) at most once.
      const count = (re) => cdnRequests.filter((u) => re.test(u)).length;
      assert.equal(count(/normwave_wasm\.wasm$/), 1, cdnRequests.join('\n'));
      const strings = cdnRequests.filter((u) => /\/strings-(en|ko)-/.test(u));
      assert.deepEqual(strings, [...new Set(strings)], 'no strings file is fetched twice');
      assert.ok(count(/strings-en-/) >= 1 && count(/strings-ko-/) >= 1, strings.join('\n'));
      assert.ok(
        cdnRequests.every((u) => u.startsWith('/dist/')),
        'everything came from the package',
      );
      assert.equal(await page.evaluate(() => location.hash), '', "embedded figures keep state out of the blog's URL");
      await h.screenshot(page, 'cdn-blog.png');
      assert.deepEqual(log.violations, [], 'no CSP violation');
      assert.deepEqual(log.failedRequests, []);
      assert.deepEqual(messages, [], 'the console stays empty');
    });

    test('embed.html from a third origin in an iframe: one figure with its state, posting its height to the blog', async () => {
      const { page, log, messages } = await open(`${blog.url}/iframe.html`, {
        width: 800,
        height: 900,
        init: () => {
          window.heights = [];
          addEventListener('message', (e) => {
            if (e.data?.type === 'normwave:resize') window.heights.push({ height: e.data.height, origin: e.origin });
          });
        },
      });
      const frame = page.frameLocator('#fig');
      await frame.locator('nw-ln-simulator [data-readout]').first().waitFor({ timeout: 30_000 });
      const inner = page.frames().find((f) => f.url().startsWith(site.url));
      await inner.waitForFunction(() => document.body.dataset.state === 'ready');
      const state = await inner.evaluate(() => {
        const el = document.querySelector('nw-ln-simulator');
        return {
          mean: el.mean,
          gamma: el.gamma,
          lang: el.locale,
          theme: el.dataset.resolvedTheme,
          title: document.title,
          height: Math.ceil(document.documentElement.getBoundingClientRect().height),
        };
      });
      assert.deepEqual(
        { mean: state.mean, gamma: state.gamma, lang: state.lang, theme: state.theme },
        { mean: 2, gamma: 1.5, lang: 'en', theme: 'dark' },
      );
      assert.match(state.title, /· normwave$/);
      await page.waitForFunction((height) => window.heights.some((m) => m.height === height), state.height);
      const heights = await page.evaluate(() => window.heights);
      assert.ok(heights.every((m) => m.origin === site.url));
      assert.ok(state.height > 300, `the figure is taller than the snippet's 300 px (${state.height})`);
      // The host sizes the iframe from the message; the figure then shows whole.
      await page.evaluate(() => {
        document.getElementById('fig').height = String(window.heights.at(-1).height);
      });
      const scrolls = await inner.evaluate(() => document.documentElement.scrollHeight > innerHeight + 1);
      assert.equal(scrolls, false);
      await h.screenshot(page, 'cdn-iframe.png');
      assert.deepEqual(log.violations, []);
      assert.deepEqual(log.failedRequests, []);
      assert.deepEqual(messages, []);
    });

    test('embed.html: an unknown or hostile figure name is a plain message, not an import', async () => {
      const { page } = await h.open(null);
      const requests = [];
      page.on('request', (r) => requests.push(r.url()));
      for (const fig of ['nw-nope', 'constructor', '../normwave', '__proto__']) {
        await page.goto(`${site.url}/embed.html?fig=${encodeURIComponent(fig)}&lang=en`);
        await page.waitForFunction(() => document.body.dataset.state === 'error');
        assert.match(await page.locator('.unknown').textContent(), /no normwave figure named/);
      }
      assert.ok(!requests.some((u) => u.includes('/figures/')), requests.join('\n'));
    });
  },
);
