// The article's sources and cross-references as a reader meets them. With JavaScript off: the
// reference list is on the page, every citation is a plain link to its entry, and every "§N" is a
// link to section N. With JavaScript: pointing at a citation or focusing it shows a card with the
// entry, the card stays while the pointer is on it, Escape closes it. The quiz comes after the last
// section it tests. Checked at 360 px in light and dark, with screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { hasSidewaysScroll } from './figures.mjs';
import { REFERENCES } from '../../web/lib/references.js';

const PAGES = { ko: '/', en: '/en/' };

describeFigure('the article’s sources and cross-references', (h) => {
  test('JavaScript off: the reference list, citations as links to it, § as links to sections', async () => {
    for (const [lang, url] of Object.entries(PAGES)) {
      for (const colorScheme of ['light', 'dark']) {
        const { page } = await h.open(url, {
          width: 360,
          height: 780,
          colorScheme,
          context: { javaScriptEnabled: false },
        });
        const entries = await page.$$eval('#reference-list > li', (li) =>
          li.map((e) => ({ id: e.id, text: e.textContent, href: e.querySelector('a[href^="https://"]')?.href })),
        );
        assert.equal(entries.length, REFERENCES.length);
        for (const [i, r] of REFERENCES.entries()) {
          assert.equal(entries[i].id, `ref-${r.id}`);
          assert.ok(entries[i].text.includes(r.title) && entries[i].text.includes(String(r.year)), r.id);
          assert.equal(entries[i].href, r.url);
        }
        // A citation is a link that takes the reader to its entry.
        const cite = page.locator('main a.cite').first();
        const target = await cite.getAttribute('href');
        await cite.click();
        assert.equal(new URL(page.url()).hash, target);
        assert.ok(await page.locator(target).isVisible());
        // Every § is a link to a section whose heading carries that number.
        const xrefs = await page.$$eval('main a.xref', (as) =>
          as.map((a) => ({
            text: a.textContent,
            num: document.querySelector(`${a.getAttribute('href')} h2 .num`)?.textContent,
          })),
        );
        assert.ok(xrefs.length >= 2);
        for (const x of xrefs) assert.equal(`${x.text.slice(1)}.`, x.num, JSON.stringify(x));
        assert.equal(await hasSidewaysScroll(page), false);
        await page.locator('#references').scrollIntoViewIfNeeded();
        await h.screenshot(page, `references-nojs-${lang}-${colorScheme}-360.png`, { fullPage: false });
        await page.close();
      }
    }
  });

  test('a citation shows its entry on hover and on keyboard focus; Escape closes it', async () => {
    for (const [lang, colorScheme] of [
      ['en', 'light'],
      ['ko', 'dark'],
    ]) {
      const { page } = await h.open(PAGES[lang], { width: 360, height: 780, colorScheme });
      const card = page.locator('#cite-card');
      const cite = page.locator('#s15 a.cite[href="#ref-xiong2020"]').first();
      await cite.scrollIntoViewIfNeeded();
      await cite.hover();
      await card.waitFor({ state: 'visible' });
      assert.match(await card.textContent(), /On Layer Normalization in the Transformer Architecture/);
      // The card stays while the pointer moves onto it (its link can be followed).
      await card.hover();
      await page.waitForTimeout(500);
      assert.ok(await card.isVisible(), 'the card stays under the pointer');
      assert.equal(await card.locator('a[href^="https://arxiv.org/"]').count(), 1);
      const box = await card.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 360, `inside the screen: ${JSON.stringify(box)}`);
      await h.screenshot(page, `cite-card-${lang}-${colorScheme}-360.png`, { fullPage: false });
      await page.mouse.move(5, 5);
      await card.waitFor({ state: 'hidden' });
      // Keyboard: focus shows it, Escape closes it and focus stays on the citation.
      await cite.focus();
      await card.waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await card.waitFor({ state: 'hidden' });
      assert.equal(await page.evaluate(() => document.activeElement.getAttribute('href')), '#ref-xiong2020');
      // The entry is the citation's accessible description.
      assert.equal(await cite.getAttribute('aria-describedby'), 'ref-xiong2020');
      await page.locator('#references').scrollIntoViewIfNeeded();
      assert.deepEqual(await h.axe(page, '#references'), []);
      await page.close();
    }
  });

  test('the quiz comes after the last section it tests', async () => {
    const { page } = await h.open('/en/', { context: { javaScriptEnabled: false } });
    const order = await page.$$eval('main > section', (s) => s.map((e) => e.id));
    const where = (id) => order.indexOf(id);
    const sectionOf = async (figure) => page.$eval(`#${figure}`, (e) => e.closest('section').id);
    // The figures the questions link to (web/elements/nw-quiz.js): the last one is attention by hand.
    for (const figure of ['norm-axes', 'prepost-ln', 'pe-waves', 'attention-steps'])
      assert.ok(where(await sectionOf(figure)) < where('s17'), `${figure} is taught before the quiz`);
  });
});
