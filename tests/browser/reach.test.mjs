// A figure as bloggers and JS developers embed it: blog pages on one origin load the packed
// package from a second origin served the way jsDelivr serves npm packages (/npm/normwave@<v>/…,
// CORS for everyone, .html as text/plain), and embed.html in an iframe from a third (the site).
// What the page around a figure decides: its language, its theme and --nw-* colours, a browser
// without WebAssembly or its SIMD, a second copy of normwave at another version, a script that
// listens for the reader's changes, and a frame sized from embed.html's messages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describeFigure, REPO_ROOT } from './harness.mjs';
import { setSlider } from './figures.mjs';
import { packedPackage } from '../package.mjs';

const TYPES = {
  '.mjs': 'application/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
};

/**
 * A jsDelivr-like server of the unpacked tarball: every version in `versions` is the same files.
 * Files whose path matches `slow` (set it on the returned object) are answered 500 ms late.
 */
function jsdelivr(dir, versions) {
  const requests = [];
  const cdn = { slow: null };
  const server = http.createServer(async (req, res) => {
    requests.push(req.url);
    if (cdn.slow?.test(req.url)) await new Promise((r) => setTimeout(r, 500));
    const m = /^\/npm\/normwave@([^/]+)\/(.+)$/.exec(new URL(req.url, 'http://x').pathname);
    const file = m && versions.includes(m[1]) ? path.join(dir, path.normalize(m[2])) : null;
    if (!file || !file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'text/plain; charset=utf-8',
      'Access-Control-Allow-Origin': '*',
    });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(Object.assign(cdn, { url: `http://127.0.0.1:${server.address().port}`, server, requests })),
    ),
  );
}

const close = (server) =>
  new Promise((r) => {
    server.closeAllConnections();
    server.close(r);
  });

// A context per page: the CDN's request counts are those of a first visit.
describeFigure(
  'figures on blog pages, from a jsDelivr-like CDN',
  { headers: { 'Access-Control-Allow-Origin': '*' }, sharedContext: false },
  (h) => {
    let cdn, blog, site;
    const blogDir = path.join(REPO_ROOT, 'build/reach-blog');
    before(async () => {
      cdn = await jsdelivr(packedPackage().dir, ['0.1.0', '0.1.1']);
      site = h.site;
      fs.rmSync(blogDir, { recursive: true, force: true });
      fs.mkdirSync(blogDir, { recursive: true });
      blog = await h.serve(blogDir, { csp: false });
    });
    after(async () => {
      if (cdn) await close(cdn.server);
    });

    const script = (tag, version = '0.1.0') =>
      `<script type="module" src="${cdn.url}/npm/normwave@${version}/dist/figures/${tag}.mjs"></script>`;

    /** Writes build/reach-blog/<name>.html and opens it; `context` options go to browser.newContext. */
    async function post(name, html, { context, init } = {}) {
      fs.writeFileSync(path.join(blogDir, `${name}.html`), html);
      const { page, log } = await h.open(null, { width: 900, height: 900, context, init });
      const warnings = [];
      page.on('console', (m) => {
        if (m.type() === 'warning') warnings.push(m.text());
      });
      await page.goto(`${blog.url}/${name}.html`);
      return { page, log, warnings };
    }

    const drawn = (page, selector) => page.locator(`${selector} [data-readout]`).first().waitFor({ timeout: 30_000 });
    /** Every request answered (the harness checks page errors and console errors). */
    const noFailedRequests = (log) => assert.deepEqual(log.failedRequests, []);

    test('lang: ko or en by the primary subtag; any other language, or none, is the reader’s ko/en, else English', async () => {
      const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><link rel="icon" href="data:,">
${script('nw-ln-simulator')}</head><body>
<nw-ln-simulator id="page-de" no-url-state></nw-ln-simulator>
<nw-ln-simulator id="own-ja" lang="ja" no-url-state></nw-ln-simulator>
<nw-ln-simulator id="own-en-us" lang="en-US" no-url-state></nw-ln-simulator>
<div lang="ko-KR"><nw-ln-simulator id="parent-ko-kr" no-url-state></nw-ln-simulator></div>
<nw-ln-simulator id="own-ko" lang="ko" no-url-state></nw-ln-simulator>
</body></html>`;
      const expected = {
        'en-US': { 'page-de': 'en', 'own-ja': 'en', 'own-en-us': 'en', 'parent-ko-kr': 'ko', 'own-ko': 'ko' },
        'ko-KR': { 'page-de': 'ko', 'own-ja': 'ko', 'own-en-us': 'en', 'parent-ko-kr': 'ko', 'own-ko': 'ko' },
        'fr-FR': { 'page-de': 'en', 'own-ja': 'en', 'own-en-us': 'en', 'parent-ko-kr': 'ko', 'own-ko': 'ko' },
      };
      for (const [locale, langs] of Object.entries(expected)) {
        const { page, log } = await post('lang', html, { context: { locale } });
        for (const [id, lang] of Object.entries(langs)) {
          await drawn(page, `#${id}`);
          const fig = page.locator(`#${id}`);
          assert.equal(await fig.evaluate((el) => el.locale), lang, `${locale} reader, #${id}`);
          const title = await fig.locator('.title').textContent();
          if (lang === 'ko') assert.match(title, /[가-힣]/, `${locale} reader, #${id}: ${title}`);
          else assert.doesNotMatch(title, /[가-힣]/, `${locale} reader, #${id}: ${title}`);
        }
        // A page without any lang: the reader's language.
        await page.evaluate(() => document.documentElement.removeAttribute('lang'));
        await page.waitForFunction(
          (l) => document.getElementById('page-de').locale === l,
          locale.startsWith('ko') ? 'ko' : 'en',
        );
        noFailedRequests(log);
        await page.close();
      }
    });

    test('theme="auto": the OS scheme and the page’s conventions on <html>/<body>, followed as they change; theme="dark"/"light" win', async () => {
      const { page, log } = await post(
        'theme',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
${script('nw-ln-simulator')}</head><body>
<nw-ln-simulator id="auto" no-url-state></nw-ln-simulator>
<nw-ln-simulator id="light" theme="light" no-url-state></nw-ln-simulator>
</body></html>`,
        { context: { colorScheme: 'dark' } },
      );
      await drawn(page, '#auto');
      const resolved = () =>
        page.evaluate(() => ['auto', 'light'].map((id) => document.getElementById(id).dataset.resolvedTheme).join(' '));
      assert.equal(await resolved(), 'dark light', 'prefers-color-scheme: dark');
      const cases = [
        ['html', 'class', 'light', 'light'],
        ['html', 'class', 'dark', 'dark'],
        ['html', 'data-theme', 'light', 'light'],
        ['body', 'data-bs-theme', 'light', 'light'],
        ['html', 'data-bs-theme', 'dark', 'dark'],
        ['body', 'class', 'is-dark-theme', 'dark'],
        ['body', 'class', 'light', 'light'],
      ];
      for (const [where, name, value, theme] of cases) {
        // Each case alone on a page that says nothing, in a light OS.
        await page.emulateMedia({ colorScheme: 'light' });
        await page.evaluate(() => {
          for (const el of [document.documentElement, document.body])
            for (const a of ['class', 'data-theme', 'data-bs-theme']) el.removeAttribute(a);
        });
        await page.waitForFunction(() => document.getElementById('auto').dataset.resolvedTheme === 'light');
        await page.evaluate(
          ([w, n, v]) => document[w === 'html' ? 'documentElement' : 'body'].setAttribute(n, v),
          [where, name, value],
        );
        await page.waitForFunction((t) => document.getElementById('auto').dataset.resolvedTheme === t, theme);
        assert.equal(await resolved(), `${theme} light`, `<${where} ${name}="${value}">`);
      }
      // With nothing on the page, the OS decides, as it changes.
      await page.evaluate(() => document.body.removeAttribute('class'));
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(() => document.getElementById('auto').dataset.resolvedTheme === 'dark');
      noFailedRequests(log);
    });

    test('--nw-* custom properties set on :root reach every figure, in either theme; unset ones keep the theme’s defaults', async () => {
      const { page, log } = await post(
        'colours',
        `<!doctype html><html lang="en" class="dark"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<style>:root { --nw-accent: rgb(1, 102, 3); --nw-border: rgb(4, 5, 106); } .mine { --nw-accent: rgb(200, 7, 8); }</style>
${script('nw-ln-simulator')}</head><body>
<nw-ln-simulator id="a" no-url-state></nw-ln-simulator>
<nw-ln-simulator id="b" theme="light" no-url-state></nw-ln-simulator>
<div class="mine"><nw-ln-simulator id="c" no-url-state></nw-ln-simulator></div>
</body></html>`,
      );
      for (const id of ['a', 'b', 'c']) await drawn(page, `#${id}`);
      const look = (id) =>
        page.locator(`#${id}`).evaluate((el) => {
          const range = getComputedStyle(el.shadowRoot.querySelector('input[type="range"]'));
          const host = getComputedStyle(el);
          return { accent: range.accentColor, border: host.borderTopColor, bg: host.backgroundColor };
        });
      assert.deepEqual(await look('a'), { accent: 'rgb(1, 102, 3)', border: 'rgb(4, 5, 106)', bg: 'rgb(21, 25, 31)' });
      assert.deepEqual(await look('b'), {
        accent: 'rgb(1, 102, 3)',
        border: 'rgb(4, 5, 106)',
        bg: 'rgb(255, 255, 255)',
      });
      assert.equal((await look('c')).accent, 'rgb(200, 7, 8)', 'the nearest ancestor’s value wins');
      // Without the page's values, the theme's own accent.
      await page.evaluate(() => document.querySelector('style').remove());
      assert.equal((await look('a')).accent, 'rgb(251, 146, 60)');
      assert.equal((await look('b')).accent, 'rgb(194, 65, 12)');
      await h.screenshot(page, 'reach-colours.png');
      noFailedRequests(log);
    });

    for (const [what, init, code] of [
      [
        'without WebAssembly SIMD',
        () => {
          WebAssembly.validate = () => false;
        },
        'simd',
      ],
      [
        'without WebAssembly (iOS Lockdown Mode)',
        () => {
          delete globalThis.WebAssembly;
        },
        'wasm',
      ],
    ]) {
      test(`${what}: a message in the figure's language, the author's fallback shown, loadNormwave rejects with code '${code}'`, async (t) => {
        // The Korean strings arrive after the library has failed: the message still waits for them.
        cdn.slow = /strings-ko-/;
        t.after(() => {
          cdn.slow = null;
        });
        const { page, log } = await post(
          `no-${code}`,
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
${script('nw-ln-simulator')}</head><body>
<nw-ln-simulator id="en" no-url-state><p class="fallback">A picture of LayerNorm.</p></nw-ln-simulator>
<nw-ln-simulator id="ko" lang="ko" no-url-state><img class="fallback" alt="LayerNorm 그림" src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"></nw-ln-simulator>
</body></html>`,
          { init },
        );
        const message = (id) => page.locator(`#${id} .error`);
        await message('en').waitFor({ timeout: 30_000 });
        await message('ko').waitFor({ timeout: 30_000 });
        const en = await message('en').textContent();
        const ko = await message('ko').textContent();
        assert.match(en, code === 'simd' ? /WebAssembly SIMD/ : /runs no WebAssembly/);
        assert.doesNotMatch(en, /[가-힣]/);
        assert.match(ko, /[가-힣]/);
        assert.doesNotMatch(ko, /this runtime|Could not load/);
        assert.equal(await page.locator('#en .fallback').isVisible(), true, "the author's fallback text is shown");
        assert.equal(await page.locator('#ko .fallback').isVisible(), true, "the author's fallback image is shown");
        const error = await page.evaluate(async (url) => {
          const { loadNormwave, NormwaveLoadError } = await import(url);
          return loadNormwave().then(
            () => null,
            (e) => ({ code: e.code, name: e.name, isLoadError: e instanceof NormwaveLoadError }),
          );
        }, `${cdn.url}/npm/normwave@0.1.0/dist/normwave.mjs`);
        assert.deepEqual(error, { code, name: 'NormwaveLoadError', isLoadError: true });
        assert.ok(!cdn.requests.some((u) => u.endsWith('.wasm') && u.includes(`no-${code}`)));
        await h.screenshot(page, `reach-no-${code}.png`);
        noFailedRequests(log);
      });
    }

    test('two posts at two versions on one page: the second definition is skipped with one warning, one wasm loads, both figures work', async () => {
      cdn.requests.length = 0;
      const { page, log, warnings } = await post(
        'two-copies',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>
<article><h2>An older post</h2>${script('nw-ln-simulator', '0.1.0')}
<nw-ln-simulator id="old" mean="1" no-url-state></nw-ln-simulator></article>
<article><h2>A newer post</h2>${script('nw-ln-simulator', '0.1.1')}${script('nw-pe-heatmap', '0.1.1')}
<nw-ln-simulator id="new" mean="3" no-url-state></nw-ln-simulator>
<nw-pe-heatmap id="heatmap" no-url-state></nw-pe-heatmap></article>
</body></html>`,
      );
      for (const id of ['old', 'new', 'heatmap']) await drawn(page, `#${id}`);
      for (const [id, value] of [
        ['old', 2],
        ['new', 2.5],
      ]) {
        const fig = page.locator(`#${id}`);
        const before = await fig.locator('[data-readout]').textContent();
        await setSlider(fig, 'gamma', value);
        assert.notEqual(await fig.locator('[data-readout]').textContent(), before, `#${id} reacts`);
      }
      assert.equal(warnings.length, 1, warnings.join('\n'));
      assert.match(warnings[0], /another copy on this page defines <nw-ln-simulator>/);
      const wasm = cdn.requests.filter((u) => u.endsWith('normwave_wasm.wasm'));
      // <nw-ln-simulator> is 0.1.0's on the whole page; the heatmap, defined by 0.1.1 alone, is 0.1.1's.
      assert.deepEqual(wasm.sort(), [
        '/npm/normwave@0.1.0/dist/normwave_wasm.wasm',
        '/npm/normwave@0.1.1/dist/normwave_wasm.wasm',
      ]);
      noFailedRequests(log);
    });

    test('nw-change: fired (bubbling, composed, with the state) when the reader changes a figure, not for attributes, the URL or scripts', async () => {
      const { page, log } = await post(
        'events',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script>window.changes = []; document.addEventListener('nw-change', (e) =>
  window.changes.push({ id: e.composedPath()[0].id, target: e.target.id, detail: e.detail }));</script>
${script('nw-ln-simulator')}</head><body>
<nw-ln-simulator id="sim" mean="1.5" gamma="2"></nw-ln-simulator>
</body></html>`,
      );
      await drawn(page, '#sim');
      const sim = page.locator('#sim');
      // Attributes and the URL set the start; a script sets a property and an attribute, applies state.
      await sim.evaluate(async (el) => {
        el.beta = 0.5;
        el.setAttribute('std', '3');
        el.applyState({ h: '512' });
        await el.updateComplete;
      });
      assert.deepEqual(await page.evaluate(() => window.changes), []);
      await setSlider(sim, 'gamma', 2.5);
      await sim.locator('input[data-control="mean"]').focus();
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => window.changes.length === 2);
      const changes = await page.evaluate(() => window.changes);
      assert.deepEqual(changes, [
        { id: 'sim', target: 'sim', detail: { mean: 1.5, std: 3, gamma: 2.5, beta: 0.5, h: 512, seed: 1 } },
        { id: 'sim', target: 'sim', detail: { mean: 1.6, std: 3, gamma: 2.5, beta: 0.5, h: 512, seed: 1 } },
      ]);
      noFailedRequests(log);
    });

    test('embed.html in an off-screen frame sized by the embedding guide’s listener: only heights of the drawn figure, never shrinking', async () => {
      const listener = fs
        .readFileSync(path.join(REPO_ROOT, 'docs/embedding.md'), 'utf8')
        .match(/<script>\n(addEventListener\('message'[\s\S]*?)<\/script>/)?.[1];
      assert.ok(listener, 'docs/embedding.md shows the listener');
      const { page, log } = await post(
        'iframe',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script>window.heights = []; addEventListener('message', (e) => {
  if (e.data?.type === 'normwave:resize' && e.source === document.getElementById('fig').contentWindow) window.heights.push(e.data.height);
});</script>
<script>${listener}</script></head><body>
<p style="height: 2400px">A long post.</p>
<iframe id="fig" src="${site.url}/embed.html?fig=nw-ln-simulator&amp;lang=en&amp;mean=2" title="LayerNorm simulator" width="360" height="760" style="border:0"></iframe>
<iframe id="other" src="${site.url}/embed.html?fig=nw-pe-waves&amp;lang=en" title="PE waves" width="100%" height="700" style="border:0"></iframe>
</body></html>`,
        { context: { viewport: { width: 900, height: 700 } } },
      );
      const inner = () => page.frames().find((f) => f.url().includes('fig=nw-ln-simulator'));
      await page.waitForFunction(() => window.heights.length > 0, null, { timeout: 30_000 });
      await inner().waitForFunction(() => document.body.dataset.state === 'ready');
      const drawnHeight = await inner().evaluate(() =>
        Math.ceil(document.documentElement.getBoundingClientRect().height),
      );
      const first = await page.evaluate(() => window.heights[0]);
      assert.ok(first > 400, `the first height posted is the drawn figure's (${first}), not a loading line's`);
      // A wider frame lays the figure out shorter: the frame keeps the height it showed.
      await page.evaluate(() => {
        document.getElementById('fig').width = '860';
      });
      await page.locator('#fig').scrollIntoViewIfNeeded();
      await inner().waitForFunction(
        () => Math.ceil(document.documentElement.getBoundingClientRect().height) < innerHeight,
        null,
        { timeout: 10_000 },
      );
      const heights = await page.evaluate(() => window.heights);
      assert.ok(
        heights.every((h, i) => i === 0 || h >= heights[i - 1]),
        `heights never shrink: ${heights}`,
      );
      const frame = await page.locator('#fig').evaluate((f) => f.getBoundingClientRect().height);
      assert.equal(frame, Math.max(...heights), 'the listener sized the frame to the last height');
      assert.ok(frame >= drawnHeight, `${frame} ≥ ${drawnHeight}`);
      await page.locator('#other').scrollIntoViewIfNeeded();
      assert.ok((await page.locator('#other').evaluate((f) => f.getBoundingClientRect().height)) > 300);
      noFailedRequests(log);
    });
  },
);
