// The article page under a strict Content-Security-Policy, with a hostile URL hash, and its
// memory while every slider is dragged for 20 s (ten minutes in `npm run soak`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { scrollThroughFigures, dragEverySlider } from './figures.mjs';
import { median } from '../../scripts/bench/stats.mjs';

const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";
const SOAK_SECONDS = Number(process.env.NW_PAGE_SOAK_SECONDS ?? 20);
describeFigure('the article under a strict CSP', { headers: { 'Content-Security-Policy': CSP } }, (h) => {
  async function open(hash = '') {
    const opened = await h.open(`/?lang=en${hash}`, {
      wait: 'ready',
      init: () => {
        window.alerted = false;
        window.alert = () => {
          window.alerted = true;
        };
      },
    });
    const { page } = opened;
    // Every figure has rendered from the library — after a reader's scroll through the page
    // (<nw-attention> fetches its model only when it nears the viewport).
    await scrollThroughFigures(page);
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('main *')]
          .filter((e) => e.tagName.startsWith('NW-') && customElements.get(e.localName))
          .every((e) => e.shadowRoot?.querySelector('[data-readout]')),
      null,
      { timeout: 30_000 },
    );
    return opened;
  }

  // Every element's declared URL state, { id: { prop: spec } }, read once from a page where every
  // figure is defined (the first test's, or a page of its own when that test did not run).
  let urlState;
  const readUrlState = (page) =>
    page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('main [id]')]
          .filter((e) => e.tagName.startsWith('NW-') && Object.keys(e.constructor.urlState ?? {}).length)
          .map((e) => [e.id, e.constructor.urlState]),
      ),
    );

  test('the page runs under a strict CSP with no violation', async () => {
    const { page, log } = await open();
    assert.deepEqual(log.violations, []);
    assert.deepEqual(log.pageErrors, []);
    assert.deepEqual(log.consoleErrors, []);
    assert.ok((await page.$$eval('.katex', (k) => k.length)) > 5, 'KaTeX rendered under the CSP');
    urlState ??= await readUrlState(page);
  });

  test('a hostile URL hash is clamped to valid ranges and never injected', async () => {
    if (!urlState) {
      const { page: probe } = await open();
      urlState = await readUrlState(probe);
      await probe.close();
    }
    const specs = urlState;
    assert.ok(Object.keys(specs).length >= 10, `${Object.keys(specs).length} elements keep URL state`);
    const garbage = [
      '1e309',
      '-99999999',
      'NaN',
      '<img src=x onerror=alert(1)>',
      '"><script>alert(1)</script>',
      ''.padEnd(300, '9'),
    ];
    for (const [k, bad] of garbage.entries()) {
      const parts = [];
      for (const [id, props] of Object.entries(specs))
        for (const prop of Object.keys(props)) parts.push(`${id}.${prop}=${encodeURIComponent(bad)}`);
      const { page, log } = await open(`#${parts.join('&')}`);
      const problems = await page.evaluate((all) => {
        const out = [];
        for (const [id, props] of Object.entries(all)) {
          const el = document.getElementById(id);
          if (el.shadowRoot.querySelector('script, img, iframe')) out.push(`${id}: injected element`);
          for (const [prop, spec] of Object.entries(props)) {
            const v = el[prop];
            if (spec === 'bool') {
              if (typeof v !== 'boolean') out.push(`${id}.${prop} = ${v}`);
            } else if (Array.isArray(spec)) {
              if (!spec.map(String).includes(String(v))) out.push(`${id}.${prop} = ${v}`);
            } else if (typeof v === 'number' && !(v >= spec.min && v <= spec.max))
              out.push(`${id}.${prop} = ${v} outside [${spec.min}, ${spec.max}]`);
          }
        }
        return out;
      }, specs);
      assert.deepEqual(problems, [], `garbage #${k}: ${bad.slice(0, 40)}`);
      assert.equal(await page.evaluate(() => window.alerted), false);
      assert.deepEqual(log.pageErrors, [], `garbage #${k}`);
      assert.deepEqual(log.violations, []);
      await page.close();
    }
  });

  test(`memory stays flat while every slider is dragged (${SOAK_SECONDS} s)`, async (t) => {
    const { page, log } = await open();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const measure = async () => {
      // The figures' idle-time work (neighbours of the last setting, a full redraw after a coarse
      // one) done first, so that every sample sees the caches as a pass leaves them.
      await page.evaluate(async () => {
        await new Promise((r) => setTimeout(r, 300));
        for (let calm = 0, k = 0; calm < 2 && k < 40; k++)
          calm = (await new Promise((r) => requestIdleCallback((d) => r(d.timeRemaining())))) > 40 ? calm + 1 : 0;
      });
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const js = metrics.find((m) => m.name === 'JSHeapUsedSize').value;
      const wasm = await page.evaluate(() => window.normwave.memoryStats()); // the figures' instance
      return { js, wasmHeap: wasm.heapUsed, wasmMemory: wasm.memoryBytes };
    };
    // One pass moves every range input of every figure through five positions, firing input events.
    const pass = () => dragEverySlider(page);
    await pass();
    await pass();
    const start = await measure();
    const end = Date.now() + SOAK_SECONDS * 1000;
    let passes = 0,
      moves = 0;
    // Figures keep their last few results (networks, runs, tables), a bounded number each, so the
    // heap between passes varies a little with what each cache holds: a leak shows as the later
    // passes' median heap above the earlier passes' median (each pass's growth adds up).
    const heaps = [];
    while (Date.now() < end) {
      moves += await pass();
      passes++;
      heaps.push((await measure()).wasmHeap);
    }
    const finish = await measure();
    const half = Math.ceil(heaps.length / 2);
    const early = median([start.wasmHeap, ...heaps.slice(0, half)]);
    const late = median(heaps.slice(half));
    t.diagnostic(
      `${passes} passes, ${moves} slider moves; JS heap ${(start.js / 2 ** 20).toFixed(1)} → ${(finish.js / 2 ** 20).toFixed(1)} MiB; ` +
        `wasm heap ${start.wasmHeap} → ${finish.wasmHeap} B (median: first half ${early}, second half ${late}; largest ${Math.max(...heaps)}); ` +
        `wasm memory ${start.wasmMemory} → ${finish.wasmMemory} B`,
    );
    assert.ok(passes >= 2);
    assert.ok(finish.js < start.js * 1.25 + 4 * 2 ** 20, 'JS heap flat');
    assert.equal(finish.wasmMemory, start.wasmMemory, 'wasm memory did not grow');
    assert.ok(late <= early * 1.05 + 65536, 'wasm heap flat');
    assert.deepEqual(log.pageErrors, []);
  });
});
