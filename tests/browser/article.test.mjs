// The article loads like an article. Its text, tables and formulas are in the HTML
// (readable with JavaScript off); the first screen is text, drawn before any wasm is fetched;
// figures are islands that load near the viewport into boxes of their final size; the head has
// what a shared link needs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describeFigure, DIST_DIR } from './harness.mjs';
import { scrollThroughFigures } from './figures.mjs';

const PAGES = { ko: '/', en: '/en/' };

// Each page starts cold, as a first visit does (what is fetched, and when, is under test).
describeFigure('the article as an article', { sharedContext: false }, (h) => {
  test('the article reads with JavaScript disabled: text, tables and formulas', async () => {
    for (const [lang, url] of Object.entries(PAGES)) {
      const { page } = await h.open(url, { width: 390, height: 844, context: { javaScriptEnabled: false } });
      assert.equal(await page.getAttribute('html', 'lang'), lang);
      assert.match(await page.textContent('h1'), lang === 'ko' ? /위치 인코딩/ : /Positional Encoding/);
      const sections = await page.$$eval('main section', (s) =>
        s.map((e) => ({
          h2: e.querySelector('h2').textContent.trim(),
          text: e.textContent.length,
        })),
      );
      assert.equal(sections.length, 18); // §1–§17 and the summary (§18)
      for (const s of sections) assert.ok(s.h2 && s.text > 100, JSON.stringify(s));
      // Every formula typeset, in HTML for the eye and MathML for screen readers.
      const formulas = await page.$$eval('.katex', (k) =>
        k.map((e) => e.querySelector('.katex-html')?.textContent.trim().length > 0 && !!e.querySelector('math')),
      );
      assert.ok(formulas.length >= 10 && formulas.every(Boolean), `${formulas.length} formulas`);
      const box = await page.$eval('.katex-display', (e) => e.getBoundingClientRect().toJSON());
      assert.ok(box.width > 100 && box.height > 20, JSON.stringify(box));
      // Tables with their cells, the table of contents, the figures' placeholders.
      assert.ok((await page.$$eval('table td', (td) => td.filter((e) => e.textContent.trim()).length)) >= 25);
      assert.equal(await page.$$eval('#toc-list a', (a) => a.length), 18);
      const islands = await page.$$eval('.island', (els) => els.map((e) => e.textContent.trim()));
      assert.equal(islands.length, 22); // twenty-one figures and attention by hand
      assert.ok(
        islands.every((t) => t.length > 20),
        'every figure says what it will show',
      );
      await h.screenshot(page, `article-nojs-${lang}-390.png`, { fullPage: false });
    }
  });

  test('the head has title, description, canonical, hreflang both ways and a share card', async () => {
    const { page } = await h.open(null);
    const heads = {};
    for (const [lang, url] of Object.entries(PAGES)) {
      await page.goto(h.site.url + url);
      heads[lang] = await page.evaluate(() => ({
        title: document.title,
        description: document.querySelector('meta[name=description]')?.content,
        canonical: document.querySelector('link[rel=canonical]')?.href,
        alternates: Object.fromEntries(
          [...document.querySelectorAll('link[rel=alternate][hreflang]')].map((l) => [
            l.hreflang,
            l.getAttribute('href'),
          ]),
        ),
        og: Object.fromEntries(
          [...document.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"]')].map((m) => [
            m.getAttribute('property') ?? m.name,
            m.content,
          ]),
        ),
        csp: document.querySelector('meta[http-equiv=Content-Security-Policy]')?.content,
      }));
    }
    for (const [lang, head] of Object.entries(heads)) {
      assert.ok(head.title.length > 10 && head.description.length > 50, lang);
      assert.equal(head.canonical, head.og['og:url']);
      assert.equal(head.alternates[lang], head.canonical, `${lang}: hreflang points at itself`);
      for (const l of ['ko', 'en', 'x-default']) assert.match(head.alternates[l], /^https?:\/\//, `${lang} ${l}`);
      assert.equal(head.og['twitter:card'], 'summary_large_image');
      assert.match(head.og['og:image'], /^https?:\/\/.*\/og\.png$/);
      assert.match(head.csp, /require-trusted-types-for 'script'/);
    }
    assert.equal(heads.ko.alternates.en, heads.en.canonical);
    assert.equal(heads.en.alternates.ko, heads.ko.canonical);
    const png = fs.readFileSync(path.join(DIST_DIR, 'og.png'));
    assert.deepEqual([...png.subarray(1, 4)], [...Buffer.from('PNG')]);
    assert.equal(png.readUInt32BE(16), 1200);
    assert.equal(png.readUInt32BE(20), 630);
  });

  test('the first screen is text, drawn before any wasm is fetched; far figures stay asleep', async () => {
    for (const [width, height] of [
      [412, 823],
      [1350, 940],
    ]) {
      const { page } = await h.open(null, { width, height });
      const requests = [];
      page.on('request', (r) => requests.push(new URL(r.url()).pathname));
      await page.goto(`${h.site.url}/en/`);
      await page.waitForFunction(() => document.body.dataset.state === 'ready');
      await page.waitForLoadState('networkidle');
      const t = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        wasm: performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'))?.startTime ?? Infinity,
      }));
      assert.ok(t.fcp > 0 && t.fcp < t.wasm, `${width}px: FCP ${t.fcp} ms, wasm requested at ${t.wasm} ms`);
      // The figures of the end of the article have not been asked for.
      const far = await page.$$eval('.island', (els) => els.slice(-5).map((e) => e.dataset.island));
      assert.deepEqual(far, ['asleep', 'asleep', 'asleep', 'asleep', 'asleep']);
      assert.ok(!requests.some((p) => p.includes('nw-encoder-stack') || p.startsWith('/models/')), requests.join(' '));
      // A reader scrolls there: the figure loads, draws, and each wasm module loaded at most once
      // (the training one, normwave_train.wasm, only for <nw-grad-norms> and <nw-train> nearby).
      await page.locator('#encoder-stack').scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.getElementById('encoder-stack').dataset.island === 'drawn', null, {
        timeout: 30_000,
      });
      assert.ok(await page.locator('#encoder-stack [data-readout]').first().isVisible());
      const wasm = requests.filter((p) => p.endsWith('.wasm'));
      for (const name of ['/normwave_wasm.wasm', '/normwave_train.wasm'])
        assert.ok(wasm.filter((p) => p === name).length <= 1, wasm.join(' '));
      assert.ok(
        wasm.every((p) => p === '/normwave_wasm.wasm' || p === '/normwave_train.wasm'),
        wasm.join(' '),
      );
      await page.close();
    }
  });

  test('a figure named in the URL hash wakes at once, with its state', async () => {
    const { page } = await h.open('/en/#encoder-stack.layers=3', { width: 1000, height: 800 });
    await page.waitForFunction(() => document.getElementById('encoder-stack').dataset.island === 'drawn', null, {
      timeout: 30_000,
    });
    assert.equal(await page.locator('#encoder-stack').evaluate((el) => el.layers), 3);
  });

  test('a section link (/en/#s3) stays #s3 while its figure wakes; the state written after it (#s3&…) opens at s3 with that state', async () => {
    // #s3 is the section of the heat map: the figure wakes and draws, the URL does not change.
    const { page } = await h.open('/en/#s3', { width: 1000, height: 800 });
    await page.waitForFunction(() => document.getElementById('pe-heatmap').dataset.island === 'drawn', null, {
      timeout: 30_000,
    });
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => location.hash), '#s3');
    // Working the figure writes its state after the anchor, which stays bare.
    await page.locator('#pe-heatmap').evaluate((el) => {
      el.dModel = 128;
    });
    await page.waitForFunction(() => /pe-heatmap\.dModel=128/.test(location.hash));
    const shared = await page.evaluate(() => location.hash);
    assert.match(shared, /^#s3&/);
    // That link, opened fresh, brings the section into view and restores the state.
    const { page: other } = await h.open(`/en/${shared}`, { width: 1000, height: 800 });
    await other.waitForFunction(() => document.getElementById('pe-heatmap').dataset.island === 'drawn', null, {
      timeout: 30_000,
    });
    assert.equal(await other.locator('#pe-heatmap').evaluate((el) => el.dModel), 128);
    const top = await other.evaluate(() => document.getElementById('s3').getBoundingClientRect().top);
    assert.ok(Math.abs(top) < 5, `section s3 at ${top} px from the top`);
  });

  test('placeholders hold each figure at its drawn height: no layout shift while a reader scrolls', async () => {
    for (const [lang, width] of [
      ['ko', 390],
      ['en', 390],
      ['en', 1350],
    ]) {
      const { page } = await h.open(PAGES[lang], { width, height: 844 });
      await page.waitForFunction(() => document.body.dataset.state === 'ready');
      const reserved = await page.$$eval('.island', (els) =>
        Object.fromEntries(els.map((e) => [e.id, e.getBoundingClientRect().height])),
      );
      // A reader scrolls through the whole article, 300 px at a time; figures wake and draw on the
      // way. Layout shifts (none should come from figures or late sections) are summed as CLS is.
      const shifts = await page.evaluate(async () => {
        const seen = [];
        const record = (entries) => {
          for (const e of entries) {
            if (e.hadRecentInput) continue;
            // What moved, for the failure message: the nearest element with an id (nodes inside a
            // figure's shadow root are not exposed) and the box's page y and height, before → after.
            const moved = (e.sources || []).map((s) => {
              const n = s.node?.nodeType === 1 ? s.node : s.node?.parentElement;
              const at = (r) => `${Math.round(r.y + scrollY)}+${Math.round(r.height)}`;
              return `${n?.closest?.('[id]')?.id ?? n?.nodeName ?? 'shadow'} ${at(s.previousRect)} → ${at(s.currentRect)}`;
            });
            seen.push([e.value, Math.round(scrollY), moved]);
          }
        };
        const observer = new PerformanceObserver((list) => record(list.getEntries()));
        observer.observe({ type: 'layout-shift', buffered: true });
        const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
        const islands = [...document.querySelectorAll('.island')];
        // At each stop the reader waits until the figures that woke near the screen have drawn
        // (two frames let the intersection observers see the scroll first); a figure that never
        // draws is named by scrollThroughFigures below, so the waiting ends after a minute in all.
        const deadline = Date.now() + 60_000;
        const pause = async () => {
          await frame();
          await frame();
          while (islands.some((e) => e.dataset.island === 'loading') && Date.now() < deadline) await frame();
        };
        for (let y = 0; y < document.documentElement.scrollHeight - innerHeight; y += 300) {
          scrollTo(0, y);
          await pause();
        }
        await pause();
        record(observer.takeRecords());
        observer.disconnect();
        return seen;
      });
      const cls = shifts.reduce((a, [v]) => a + v, 0);
      assert.ok(cls <= 0.02, `${lang} ${width}px: layout shift ${cls} ${JSON.stringify(shifts)}`);
      await scrollThroughFigures(page);
      // Each figure's own height (without the reservation, which holds until the reader works it).
      const drawn = await page.$$eval('.island', (els) =>
        Object.fromEntries(
          els.map((e) => {
            const reservation = getComputedStyle(e).minHeight;
            e.style.minHeight = '0px';
            const h = e.getBoundingClientRect().height;
            e.style.minHeight = reservation;
            return [e.id, h];
          }),
        ),
      );
      const off = Object.keys(drawn)
        .filter((id) => Math.abs(drawn[id] - reserved[id]) > 4)
        .map((id) => `${id}: reserved ${reserved[id].toFixed(1)}, drawn ${drawn[id].toFixed(1)}`);
      assert.deepEqual(off, [], `${lang} ${width}px (re-run scripts/measure-figures.mjs after layout changes)`);
      await page.close();
    }
  });
});
