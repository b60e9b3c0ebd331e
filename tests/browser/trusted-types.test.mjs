// The article and every figure under require-trusted-types-for 'script' —
// each figure draws and reacts, and no policy is violated. A file of its own: it loads every
// figure twice, and its time limit is its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { scrollThroughFigures } from './figures.mjs';

// The strict policy of the older tests plus Trusted Types, with Lit's own policy allowed.
const TT_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "require-trusted-types-for 'script'; trusted-types lit-html normwave-train-worker";

describeFigure(
  "the article under require-trusted-types-for 'script'",
  { headers: { 'Content-Security-Policy': TT_CSP } },
  (h) => {
    test("the page and every figure work under require-trusted-types-for 'script'", { timeout: 200_000 }, async () => {
      for (const path of ['/', '/en/']) {
        const { page, log } = await h.open(path, { wait: 'ready', width: 1000, height: 800 });
        assert.equal(await page.getAttribute('body', 'data-state'), 'ready', path);
        await scrollThroughFigures(page);
        const figures = await page.$$eval('main *', (els) =>
          els.filter((e) => e.tagName.startsWith('NW-')).map((e) => e.id),
        );
        assert.ok(figures.length >= 19, `${figures.length} figures`);
        await page.waitForFunction(
          () =>
            [...document.querySelectorAll('main *')]
              .filter((e) => e.tagName.startsWith('NW-'))
              .every((e) => e.shadowRoot?.querySelector('[data-readout]')),
          null,
          { timeout: 60_000 },
        );
        // Every figure reacts: move its first range input, pick a quiz answer, or press a button that
        // is not pressed.
        const reacted = await page.evaluate(async () => {
          const out = {};
          for (const el of document.querySelectorAll('main *')) {
            if (!el.tagName.startsWith('NW-')) continue;
            const before = el.shadowRoot.innerHTML;
            const input = el.shadowRoot.querySelector('input[type=range]');
            if (input) {
              input.value = input.value === input.max ? input.min : input.max;
              input.dispatchEvent(new Event('input', { bubbles: true }));
            } else if (el.shadowRoot.querySelector('input[type=radio]')) {
              el.shadowRoot.querySelector('input[type=radio]').click();
            } else {
              const buttons = [...el.shadowRoot.querySelectorAll('button')];
              (buttons.find((b) => b.getAttribute('aria-pressed') === 'false') ?? buttons.at(-1))?.click();
            }
            await el.updateComplete;
            // Some figures redraw a frame or a computation later: give each up to two seconds.
            for (const t0 = Date.now(); before === el.shadowRoot.innerHTML && Date.now() - t0 < 2000;)
              await new Promise((r) => requestAnimationFrame(r));
            out[el.id] = before !== el.shadowRoot.innerHTML;
          }
          return out;
        });
        assert.ok(Object.values(reacted).every(Boolean), JSON.stringify(reacted));
        assert.deepEqual(log.violations, [], path);
        assert.deepEqual(log.pageErrors, [], path);
        assert.deepEqual(log.consoleErrors, [], path);
      }
    });
  },
);
