// The share/embed/save menu every figure carries: keyboard and screen-reader use, snippets that
// reproduce the figure's current state (script tag, iframe, the figure's page, the article), SVG
// and PNG files. The snippets point at jsDelivr and the site (package.json's homepage), which
// tests/browser/hosts.mjs serves from dist/ by request interception.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describeFigure, SCREENSHOT_DIR, REPO_ROOT } from './harness.mjs';
import { routeCdn, routeSite, CDN, SITE } from './hosts.mjs';
import { ready, setSlider } from './figures.mjs';

const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };
const clipboard = (page) => page.evaluate(() => navigator.clipboard.readText());

describeFigure('the share menu', (h) => {
  test('the menu opens and closes from the keyboard, moves focus, names itself, and passes axe', async () => {
    const { page, fig } = await h.figure('pe-heatmap', { lang: 'ko', context: CLIPBOARD });
    const toggle = fig.locator('.nw-share-toggle');
    assert.equal(await toggle.textContent(), '공유 · 임베드 · 저장');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await fig.locator('.nw-share-panel').waitFor();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.equal(await fig.locator('.nw-share-panel').getAttribute('aria-label'), '이 그림 공유, 임베드, 저장');
    assert.equal(await toggle.getAttribute('aria-controls'), await fig.locator('.nw-share-panel').getAttribute('id'));
    assert.equal(
      await fig.evaluate((el) => el.shadowRoot.activeElement?.dataset.share),
      'script',
      'focus moves into the panel',
    );
    await page.keyboard.press('Tab');
    assert.equal(await fig.evaluate((el) => el.shadowRoot.activeElement?.dataset.share), 'iframe');
    assert.deepEqual(await h.axe(page, '#pe-heatmap'), []);
    await h.screenshot(fig, 'share-open.png', { fullPage: false });
    await page.keyboard.press('Escape');
    assert.equal(await fig.locator('.nw-share-panel').count(), 0);
    assert.equal(
      await fig.evaluate((el) => el.shadowRoot.activeElement?.className),
      'nw-share-toggle',
      'focus returns to the button',
    );
  });

  test('snippets carry the current state: the script tag, the iframe and the links each reproduce it', async () => {
    const { page, fig } = await h.figure('pe-heatmap', { lang: 'en', context: CLIPBOARD });
    await setSlider(fig, 'd-model', 256);
    await setSlider(fig, 'seq-len', 120);
    await fig.locator('.nw-share-toggle').click();
    await fig.locator('[data-share="script"]').click();
    await fig.locator('.nw-share-panel [role="status"]').filter({ hasText: 'copied' }).waitFor();
    const script = await clipboard(page);
    assert.match(
      script,
      new RegExp(
        `^<script type="module" src="${CDN}figures/nw-pe-heatmap\\.mjs"></script>\\n<nw-pe-heatmap d-model="256" seq-len="120" layout="interleaved" lang="en"></nw-pe-heatmap>$`,
      ),
    );
    await fig.locator('[data-share="iframe"]').click();
    await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.startsWith('<iframe')));
    const iframe = await clipboard(page);
    const src = /src="([^"]+)"/.exec(iframe)[1].replaceAll('&amp;', '&');
    assert.match(iframe, /title="The PE matrix as a heatmap" width="100%" height="\d+"/);
    await fig.locator('[data-share="link"]').click();
    await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.includes('#')));
    const link = await clipboard(page);
    const state = '#pe-heatmap.dModel=256&pe-heatmap.seqLen=120&pe-heatmap.layout=interleaved';
    assert.equal(link, `${SITE}en/figure/pe-heatmap/${state}`);
    await fig.locator('[data-share="article"]').click();
    await page.waitForFunction((l) => navigator.clipboard.readText().then((t) => t !== l), link);
    const articleLink = await clipboard(page);
    assert.equal(articleLink, `${SITE}en/${state}`);
    assert.ok(src.startsWith(`${SITE}embed.html?fig=nw-pe-heatmap&lang=en&`), src);

    // The script snippet pasted into an otherwise empty page of the same site.
    const { page: blank, context: hosts } = await h.open(null, { ownContext: true });
    await routeSite(hosts);
    await routeCdn(hosts, REPO_ROOT); // dist/ as the package's files on jsDelivr
    await blank.route(`${h.site.url}/pasted.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="ko"><title>pasted</title><body>${script}</body></html>`,
      }),
    );
    await blank.goto(`${h.site.url}/pasted.html`);
    const copy = blank.locator('body > nw-pe-heatmap');
    await copy.locator('[data-readout]').waitFor({ timeout: 20_000 });
    assert.deepEqual(await copy.evaluate((el) => [el.dModel, el.seqLen, el.locale]), [256, 120, 'en']);
    // The iframe's page, and the link.
    await blank.goto(src);
    await blank.waitForFunction(() => document.body.dataset.state === 'ready');
    assert.deepEqual(await blank.locator('nw-pe-heatmap').evaluate((el) => [el.dModel, el.seqLen, el.locale]), [
      256,
      120,
      'en',
    ]);
    for (const url of [link, articleLink]) {
      await blank.goto(url);
      await blank.locator('#pe-heatmap').scrollIntoViewIfNeeded();
      await blank.locator('#pe-heatmap [data-readout]').waitFor({ timeout: 20_000 });
      assert.deepEqual(await blank.locator('#pe-heatmap').evaluate((el) => [el.dModel, el.seqLen]), [256, 120]);
    }
  });

  test('without a clipboard the snippet is shown, selected, to copy by hand', async () => {
    const { page, fig } = await h.figure('ln-simulator', { lang: 'en' });
    await page.evaluate(() =>
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      }),
    );
    await fig.locator('.nw-share-toggle').click();
    await fig.locator('[data-share="iframe"]').click();
    const area = fig.locator('.nw-share-panel textarea');
    await area.waitFor();
    assert.match(await area.inputValue(), /^<iframe src=".*embed\.html\?fig=nw-ln-simulator&amp;lang=en/);
    assert.match(await fig.locator('.nw-share-panel [role="status"]').textContent(), /by hand/);
  });

  test('save as SVG and PNG: files that hold the drawing, canvas and text included', async () => {
    const { page } = await h.article({ lang: 'en', context: CLIPBOARD });
    for (const id of ['pe-heatmap', 'ln-simulator']) {
      const fig = page.locator(`#${id}`);
      await ready(fig);
      await fig.locator('.nw-share-toggle').click();
      const [svgDownload] = await Promise.all([
        page.waitForEvent('download'),
        fig.locator('[data-share="svg"]').click(),
      ]);
      assert.equal(svgDownload.suggestedFilename(), `nw-${id}.svg`);
      const svg = fs.readFileSync(await svgDownload.path(), 'utf8');
      assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      assert.ok(svg.includes(await fig.locator('.title').textContent()), 'the title is in the SVG');
      assert.doesNotMatch(svg, /var\(--/, 'colours are resolved');
      if (id === 'pe-heatmap') assert.match(svg, /<image [^>]*href="data:image\/png;base64,/);
      else assert.match(svg, /<svg [^>]*x="[\d.]+" y="[\d.]+"/);
      const [pngDownload] = await Promise.all([
        page.waitForEvent('download'),
        fig.locator('[data-share="png"]').click(),
      ]);
      assert.equal(pngDownload.suggestedFilename(), `nw-${id}.png`);
      const png = fs.readFileSync(await pngDownload.path());
      assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
      assert.ok(png.length > 10_000, `a real picture (${png.length} bytes)`);
      assert.match(await fig.locator('.nw-share-panel [role="status"]').textContent(), /Saved nw-.*\.png/);
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      fs.copyFileSync(await pngDownload.path(), `${SCREENSHOT_DIR}/share-${id}.png`);
    }
  });

  test('save as SVG: a hostile CSS custom property is written escaped, never as markup', async () => {
    const { page, fig } = await h.figure('ln-simulator', { lang: 'en' });
    const hostile = `'"/><script>alert(1)</script><x a="'`;
    for (const name of ['--nw-border', '--nw-accent', '--nw-font', '--nw-bg'])
      await fig.evaluate((el, [n, v]) => el.style.setProperty(n, v), [name, hostile]);
    await fig.evaluate((el) => el.updateComplete);
    await fig.locator('.nw-share-toggle').click();
    const [download] = await Promise.all([page.waitForEvent('download'), fig.locator('[data-share="svg"]').click()]);
    const svg = fs.readFileSync(await download.path(), 'utf8');
    // Parsed as the SVG file it is (in a blank page: the article's Trusted Types refuse
    // DOMParser strings): well-formed, no script, no event handler, nothing foreign.
    const { page: blank } = await h.open(null);
    const found = await blank.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      const all = [...doc.querySelectorAll('*')];
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        root: doc.documentElement.localName,
        scripts: all.filter((e) => e.localName === 'script').length,
        foreign: [
          ...new Set(all.filter((e) => e.namespaceURI !== 'http://www.w3.org/2000/svg').map((e) => e.localName)),
        ],
        handlers: all.flatMap((e) => [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name)),
        names: [...new Set(all.map((e) => e.localName))],
        values: all.flatMap((e) => [...e.attributes].map((a) => a.value)).filter((v) => v.includes('alert')),
      };
    }, svg);
    assert.equal(found.error, null);
    assert.equal(found.root, 'svg');
    assert.equal(found.scripts, 0, 'no <script>');
    assert.deepEqual(found.foreign, [], 'no element outside the SVG namespace');
    assert.deepEqual(found.handlers, [], 'no event-handler attribute');
    assert.ok(!found.names.includes('x'), 'no element made from the value');
    assert.doesNotMatch(svg, /<script/i);
    // The value, where it is written at all, is an attribute value with its markup escaped.
    for (const v of found.values) assert.ok(v.includes('<script>'), `kept as text: ${v}`);
    assert.doesNotMatch(svg, /"\/><script>/);
  });
});
