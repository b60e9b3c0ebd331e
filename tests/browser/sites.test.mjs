// A figure wherever blogs are built (the site and the CDN), as their readers and authors meet it: the packed package on
// jsDelivr (which sends .html as text/plain) and the site at package.json's homepage (dist/),
// both played by request interception (tests/browser/hosts.mjs). The share menu of a figure
// loaded from the CDN offers only snippets that work, and each one does; every figure has a page
// on the site with Open Graph, a Twitter player card and oEmbed discovery whose answer loads the
// figure; "Open in CodePen" posts the script tag with the figure's state; SVG and PNG look like
// the figure on screen in both themes; and a frame that blocks downloads never hears "Saved".
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describeFigure, DIST_DIR, SCREENSHOT_DIR } from './harness.mjs';
import { setSlider } from './figures.mjs';
import { routeSite, routeCdn, routePage, SITE, CDN } from './hosts.mjs';
import { packedPackage } from '../package.mjs';
import { figurePageFiles, figurePagePath, figureId } from '../../web/lib/site.js';

const TAGS = fs
  .readdirSync(path.join(DIST_DIR, 'figures'))
  .filter((f) => /^nw-[a-z0-9-]+\.mjs$/.test(f))
  .map((f) => f.slice(0, -4))
  .sort();
const BLOG = 'https://blog.example/';
// Every host is played by request interception: no site is served.
describeFigure('figures on the site, on jsDelivr and on blogs', { site: false }, (h) => {
  let pkg;
  before(() => {
    pkg = packedPackage();
  });

  /**
   * A page in a context of its own in which the site, jsDelivr and blog pages answer; clipboard
   * allowed on `origins`; expectErrors as h.open's. More pages of that context: h.open(url, { nextTo: page }).
   */
  async function hosted({
    origins = [BLOG],
    viewport = { width: 900, height: 900 },
    colorScheme = 'light',
    expectErrors,
  } = {}) {
    const opened = await h.open(null, { ...viewport, colorScheme, expectErrors, context: { acceptDownloads: true } });
    await routeSite(opened.context);
    await routeCdn(opened.context, pkg.dir);
    for (const origin of origins)
      await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(origin).origin });
    return opened;
  }

  const blogPage = (body, lang = 'en') =>
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>A post</title><link rel="icon" href="data:,"></head><body>${body}</body></html>`;

  /** Waits until the figure (a locator) has drawn from the library. */
  async function drawn(fig) {
    await fig.locator('[data-readout]').first().waitFor({ timeout: 45_000 });
    await fig.evaluate((el) => el.updateComplete);
  }

  async function copied(page, fig, which) {
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await fig.locator(`[data-share="${which}"]`).click();
    await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.length > 0));
    return page.evaluate(() => navigator.clipboard.readText());
  }

  test('a figure loaded from jsDelivr offers only snippets that work, and each one reproduces its state', async () => {
    const { page, log, context } = await hosted();
    await routePage(
      context,
      `${BLOG}post`,
      blogPage(`<script type="module" src="${CDN}figures/nw-ln-simulator.mjs"></script>
<p>A post.</p><nw-ln-simulator mean="2"></nw-ln-simulator>`),
    );
    await page.goto(`${BLOG}post`);
    // jsDelivr sends the package's embed.html as source: no iframe may point there.
    const type = await page.evaluate((u) => fetch(u).then((r) => r.headers.get('content-type')), `${CDN}embed.html`);
    assert.match(type, /^text\/plain/);
    const fig = page.locator('nw-ln-simulator');
    await drawn(fig);
    await setSlider(fig, 'gamma', 1.5);
    await fig.locator('.nw-share-toggle').click();
    // The panel's code loads on the first click.
    await fig.locator('.nw-share-panel [data-share]').first().waitFor();
    const offered = await fig
      .locator('.nw-share-panel [data-share]')
      .evaluateAll((bs) => bs.map((b) => b.dataset.share));
    assert.deepEqual(offered, ['script', 'iframe', 'link', 'article', 'codepen', 'svg', 'png']);

    const script = await copied(page, fig, 'script');
    assert.ok(script.startsWith(`<script type="module" src="${CDN}figures/nw-ln-simulator.mjs"></script>\n`), script);
    const iframe = await copied(page, fig, 'iframe');
    const src = /src="([^"]+)"/.exec(iframe)[1].replaceAll('&amp;', '&');
    assert.ok(src.startsWith(`${SITE}embed.html?fig=nw-ln-simulator&lang=en&`), src);
    const link = await copied(page, fig, 'link');
    assert.ok(link.startsWith(`${SITE}en/figure/ln-simulator/#ln-simulator.`), link);
    const article = await copied(page, fig, 'article');
    assert.ok(article.startsWith(`${SITE}en/#ln-simulator.`), article);
    for (const s of [script, iframe, link, article]) assert.ok(!s.includes(`${CDN}embed.html`), s);

    const state = (el) => [el.mean, el.gamma, el.locale];
    // The script tag pasted into another post.
    await routePage(context, `${BLOG}pasted`, blogPage(script, 'ko'));
    const { page: other } = await h.open(null, { nextTo: page });
    await other.goto(`${BLOG}pasted`);
    await drawn(other.locator('nw-ln-simulator'));
    assert.deepEqual(await other.locator('nw-ln-simulator').evaluate(state), [2, 1.5, 'en']);
    // The iframe pasted into a post.
    await routePage(context, `${BLOG}framed`, blogPage(iframe));
    await other.goto(`${BLOG}framed`);
    const frame = other.frameLocator('iframe');
    await drawn(frame.locator('nw-ln-simulator'));
    assert.deepEqual(await frame.locator('nw-ln-simulator').evaluate(state), [2, 1.5, 'en']);
    // The figure's page and the article, opened from the links.
    await other.goto(link);
    await drawn(other.locator('#ln-simulator'));
    assert.deepEqual(await other.locator('#ln-simulator').evaluate(state), [2, 1.5, 'en']);
    await other.goto(article);
    await other.locator('#ln-simulator').scrollIntoViewIfNeeded();
    await drawn(other.locator('#ln-simulator'));
    assert.deepEqual(await other.locator('#ln-simulator').evaluate(state), [2, 1.5, 'en']);
    assert.deepEqual(log.failedRequests, []);
  });

  /** The meta and link tags of an HTML head: { 'og:title': …, canonical: …, hreflang: {…}, oembed }. */
  function headTags(html) {
    const head = html.slice(0, html.indexOf('</head>'));
    const attrs = (tag) =>
      Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1], m[2].replaceAll('&amp;', '&')]));
    const out = { hreflang: {} };
    for (const [tag] of head.matchAll(/<(?:meta|link) [^>]*>/g)) {
      const a = attrs(tag);
      if (a.property || a.name) out[a.property ?? a.name] = a.content;
      if (a.rel === 'canonical') out.canonical = a.href;
      if (a.rel === 'alternate' && a.hreflang) out.hreflang[a.hreflang] = a.href;
      if (a.rel === 'alternate' && a.type === 'application/json+oembed') out.oembed = a.href;
    }
    out.title = /<title>([^<]*)<\/title>/.exec(head)?.[1];
    return out;
  }

  /** Per PNG: size, luminance standard deviation and distinct colours over a 48×48 grid of samples. */
  async function pictureStats(page, files) {
    return page.evaluate(
      async (list) => {
        const out = [];
        for (const b64 of list) {
          const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
          const bmp = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
          const canvas = new OffscreenCanvas(bmp.width, bmp.height);
          const ctx = canvas.getContext('2d');
          ctx.drawImage(bmp, 0, 0);
          const lum = [];
          const colours = new Set();
          for (let i = 0; i < 48; i++)
            for (let j = 0; j < 48; j++) {
              const [r, g, b] = ctx.getImageData(
                Math.floor(((i + 0.5) * bmp.width) / 48),
                Math.floor(((j + 0.5) * bmp.height) / 48),
                1,
                1,
              ).data;
              lum.push(0.2126 * r + 0.7152 * g + 0.0722 * b);
              colours.add(`${r >> 3},${g >> 3},${b >> 3}`);
            }
          const mean = lum.reduce((s, v) => s + v, 0) / lum.length;
          const sd = Math.sqrt(lum.reduce((s, v) => s + (v - mean) ** 2, 0) / lum.length);
          out.push({ width: bmp.width, height: bmp.height, sd, colours: colours.size });
        }
        return out;
      },
      files.map((f) => fs.readFileSync(f).toString('base64')),
    );
  }

  test('every figure has a page in both languages with Open Graph, a player card, oEmbed and a real picture', async () => {
    assert.ok(TAGS.length >= 22, `${TAGS.length} figures`);
    const { page } = await h.open(null);
    const pictures = [];
    for (const tag of TAGS) {
      for (const lang of ['ko', 'en']) {
        const files = figurePageFiles(tag, lang);
        const where = `${tag} (${lang})`;
        const head = headTags(fs.readFileSync(path.join(DIST_DIR, files.page), 'utf8'));
        const url = SITE + figurePagePath(tag, lang);
        // Open Graph's four required properties (ogp.me), and the page's own URLs.
        assert.equal(head.canonical, url, where);
        assert.equal(head['og:url'], url, where);
        assert.equal(head['og:type'], 'website', where);
        assert.ok(head['og:title']?.length > 3, where);
        assert.equal(head.title, `${head['og:title']} · normwave`, where);
        assert.equal(
          lang === 'ko',
          /[가-힣]/.test(head['og:title'] + head['og:description']),
          `${where}: its language`,
        );
        assert.ok(head['og:description']?.length > 10 && head['og:description'].length <= 200, where);
        assert.equal(head['og:image'], SITE + files.image, where);
        assert.deepEqual(head.hreflang, {
          ko: SITE + figurePagePath(tag, 'ko'),
          en: SITE + figurePagePath(tag, 'en'),
          'x-default': SITE + figurePagePath(tag, 'ko'),
        });
        // The player card: player = embed.html of this figure; the image the same picture.
        assert.equal(head['twitter:card'], 'player', where);
        assert.equal(head['twitter:player'], `${SITE}embed.html?fig=${tag}&lang=${lang}`, where);
        assert.equal(head['twitter:player:width'], '640', where);
        assert.ok(Number(head['twitter:player:height']) > 150, where);
        assert.equal(head['twitter:image'], head['og:image'], where);
        assert.equal(head['twitter:title'], head['og:title'], where);
        // oEmbed discovery → the static answer of this page.
        const oembedUrl = new URL(head.oembed);
        assert.equal(oembedUrl.origin + oembedUrl.pathname, SITE + files.oembed, where);
        assert.equal(oembedUrl.searchParams.get('url'), url);
        assert.equal(oembedUrl.searchParams.get('format'), 'json');
        const answer = JSON.parse(fs.readFileSync(path.join(DIST_DIR, files.oembed), 'utf8'));
        assert.equal(answer.version, '1.0', where);
        assert.equal(answer.type, 'rich', where);
        assert.equal(answer.title, head['og:title'], where);
        assert.equal(answer.provider_name, 'normwave');
        assert.equal(answer.provider_url, SITE);
        assert.equal(answer.width, 640);
        assert.equal(String(answer.height), head['twitter:player:height'], where);
        assert.equal(/src="([^"]+)"/.exec(answer.html)[1].replaceAll('&amp;', '&'), head['twitter:player'], where);
        assert.match(answer.html, new RegExp(`^<iframe [^>]*width="640" height="${answer.height}"`), where);
        assert.equal(answer.thumbnail_url, head['og:image'], where);
        assert.equal(String(answer.thumbnail_width), head['og:image:width'], where);
        assert.equal(String(answer.thumbnail_height), head['og:image:height'], where);
        const png = path.join(DIST_DIR, files.image);
        const bytes = fs.statSync(png).size;
        assert.ok(bytes > 30_000 && bytes < 5_000_000, `${where}: a picture of ${bytes} bytes (X: under 5 MB)`);
        pictures.push({ where, png, answer });
      }
    }
    const stats = await pictureStats(
      page,
      pictures.map((p) => p.png),
    );
    stats.forEach((s, i) => {
      const { where, answer } = pictures[i];
      assert.deepEqual([s.width, s.height], [answer.thumbnail_width, answer.thumbnail_height], where);
      assert.equal(s.width, 1280, `${where}: drawn at 640 CSS px, twice`);
      assert.ok(
        s.sd > 15 && s.colours > 12,
        `${where}: not blank (luminance sd ${s.sd.toFixed(1)}, ${s.colours} colours)`,
      );
    });
  });

  test("each oEmbed answer's iframe, pasted in a post, loads its figure in its language", async () => {
    const { page, log, context } = await hosted();
    // Every figure once, the languages taking turns.
    for (const [i, tag] of TAGS.entries()) {
      const lang = i % 2 ? 'en' : 'ko';
      const answer = JSON.parse(fs.readFileSync(path.join(DIST_DIR, figurePageFiles(tag, lang).oembed), 'utf8'));
      await routePage(context, `${BLOG}${tag}`, blogPage(answer.html, lang));
      await page.goto(`${BLOG}${tag}`);
      assert.equal(await page.locator('iframe').getAttribute('src'), `${SITE}embed.html?fig=${tag}&lang=${lang}`);
      const frame = page.frameLocator('iframe');
      await frame.locator('body[data-state]').waitFor({ timeout: 45_000 });
      const shown = {
        state: await frame.locator('body').getAttribute('data-state'),
        lang: await frame.locator(tag).evaluate((el) => el.locale),
      };
      assert.deepEqual(shown, { state: 'ready', lang }, tag);
    }
    assert.deepEqual(log.failedRequests, []);
  });

  test('the figure page shows the figure live, links to the article and switches language', async () => {
    const { page, log } = await hosted({ origins: [SITE] });
    await page.goto(`${SITE}figure/pe-heatmap/`);
    const fig = page.locator('#pe-heatmap');
    await drawn(fig);
    assert.equal(await fig.evaluate((el) => el.locale), 'ko');
    assert.equal(await page.locator('h1').textContent(), await fig.locator('.title').textContent());
    assert.equal(await page.locator('a[data-lang-switch]').getAttribute('href'), '../../en/figure/pe-heatmap/');
    await page.locator('a[data-lang-switch]').click();
    await page.waitForURL(`${SITE}en/figure/pe-heatmap/`);
    await drawn(page.locator('#pe-heatmap'));
    assert.equal(await page.locator('#pe-heatmap').evaluate((el) => el.locale), 'en');
    await page.locator('.more a').click();
    await page.waitForURL(`${SITE}en/#pe-heatmap`);
    await h.screenshot(page, 'reach-article-from-figure-page.png', { fullPage: false });
    assert.deepEqual(log.failedRequests, []);
  });

  test('Open in CodePen posts the script tag with the current state to the prefill API, in a new tab', async () => {
    const { page, log, context } = await hosted({ origins: [SITE] });
    const posts = [];
    await context.route('https://codepen.io/**', async (route) => {
      const request = route.request();
      posts.push({
        url: request.url(),
        method: request.method(),
        type: request.headers()['content-type'],
        body: request.postData(),
      });
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>CodePen</title>' });
    });
    await page.goto(`${SITE}en/figure/pe-heatmap/`);
    const fig = page.locator('#pe-heatmap');
    await drawn(fig);
    await setSlider(fig, 'd-model', 128);
    await fig.locator('.nw-share-toggle').click();
    const script = await copied(page, fig, 'script');
    const [pen] = await Promise.all([context.waitForEvent('page'), fig.locator('[data-share="codepen"]').click()]);
    await pen.waitForLoadState();
    assert.equal(posts.length, 1);
    assert.equal(posts[0].url, 'https://codepen.io/pen/define');
    assert.equal(posts[0].method, 'POST');
    assert.match(posts[0].type, /^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(posts[0].body);
    assert.deepEqual([...form.keys()], ['data']);
    const data = JSON.parse(form.get('data'));
    assert.deepEqual(Object.keys(data).sort(), ['description', 'html', 'title']);
    assert.equal(data.html, script);
    assert.match(
      data.html,
      /<nw-pe-heatmap d-model="128" seq-len="50" layout="interleaved" lang="en"><\/nw-pe-heatmap>$/,
    );
    assert.ok(
      data.html.startsWith(`<script type="module" src="${SITE}figures/nw-pe-heatmap.mjs"></script>`),
      data.html,
    );
    assert.equal(data.title, 'The PE matrix as a heatmap · normwave');
    assert.ok(data.description.startsWith(`${SITE}en/figure/pe-heatmap/#pe-heatmap.dModel=128`), data.description);
    assert.match(await fig.locator('.nw-share-panel [role="status"]').textContent(), /Sent to CodePen/);
    assert.deepEqual(log.violations, [], "the site's own CSP lets the form go to CodePen");
  });

  test('a blog whose CSP forbids forms to CodePen: the menu says so and shows the script tag to copy', async () => {
    // The browser reports the blocked form: the figure then says so itself.
    const { page, context } = await hosted({
      expectErrors: [
        /violates the following Content Security Policy directive: "form-action 'none'"/,
        /^CSP violation: form-action https:\/\/codepen\.io\//,
      ],
    });
    let posted = 0;
    await context.route('https://codepen.io/**', (route) => {
      posted++;
      return route.fulfill({ status: 200, body: '' });
    });
    await context.route(`${BLOG}strict`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        headers: {
          'Content-Security-Policy': `script-src ${new URL(CDN).origin} 'wasm-unsafe-eval'; form-action 'none'`,
        },
        body: blogPage(`<script type="module" src="${CDN}figures/nw-ffn.mjs"></script><nw-ffn></nw-ffn>`),
      }),
    );
    await page.goto(`${BLOG}strict`);
    const fig = page.locator('nw-ffn');
    await drawn(fig);
    await fig.locator('.nw-share-toggle').click();
    await fig.locator('[data-share="codepen"]').click();
    await fig.locator('.nw-share-panel [role="status"]').filter({ hasText: 'security policy' }).waitFor();
    assert.match(
      await fig.locator('.nw-share-panel textarea').inputValue(),
      /^<script type="module" src="https:\/\/cdn\.jsdelivr\.net\/npm\/normwave@/,
    );
    assert.equal(posted, 0);
  });

  // ── export ──────────────────────────────────────────────────────────────────────────────────────

  /** Colours at CSS points of a PNG (buffer) drawn at `scale` pixels per CSS pixel. */
  async function colours(page, buffer, points, scale) {
    return page.evaluate(
      async ([b64, pts, s]) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const bmp = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bmp.width, bmp.height);
        const ctx = canvas.getContext('2d');
        ctx.drawImage(bmp, 0, 0);
        return {
          width: bmp.width,
          height: bmp.height,
          at: pts.map(([x, y]) => [...ctx.getImageData(Math.floor(x * s), Math.floor(y * s), 1, 1).data.slice(0, 3)]),
        };
      },
      [buffer.toString('base64'), points, scale],
    );
  }

  const near = (a, b, tolerance) => a.every((v, i) => Math.abs(v - b[i]) <= tolerance);

  for (const theme of ['dark', 'light']) {
    test(`Save as PNG and SVG in the ${theme} theme look like the figure on screen: crisp heatmap, sliders as sliders, a closed <details> left out`, async () => {
      const { page, log } = await hosted({ origins: [SITE], viewport: { width: 800, height: 1000 } });
      await page.goto(`${SITE}embed.html?fig=nw-pe-heatmap&lang=ko&theme=${theme}`);
      const fig = page.locator('nw-pe-heatmap');
      await drawn(fig);
      const shot = await fig.screenshot();
      const g = await fig.evaluate((el) => {
        const o = el.getBoundingClientRect();
        const rel = (r) => ({ x: r.left - o.left, y: r.top - o.top, w: r.width, h: r.height });
        const root = el.shadowRoot;
        const canvas = root.querySelector('canvas');
        return {
          width: o.width,
          cut: root.querySelector('.nw-share').getBoundingClientRect().top - o.top,
          canvas: { ...rel(canvas.getBoundingClientRect()), cols: canvas.width, rows: canvas.height },
          range: rel(root.querySelector('input[type="range"]').getBoundingClientRect()),
          method: root.querySelector('details.method p')?.textContent.trim(),
          summary: root.querySelector('details.method summary').textContent.trim(),
        };
      });
      await fig.locator('.nw-share-toggle').click();
      const [pngDownload] = await Promise.all([
        page.waitForEvent('download'),
        fig.locator('[data-share="png"]').click(),
      ]);
      const png = fs.readFileSync(await pngDownload.path());
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      fs.writeFileSync(path.join(SCREENSHOT_DIR, `reach-export-${theme}.png`), png);
      fs.writeFileSync(path.join(SCREENSHOT_DIR, `reach-screen-${theme}.png`), shot);
      assert.match(
        await fig.locator('.nw-share-panel [role="status"]').textContent(),
        /nw-pe-heatmap\.png 파일로 저장했습니다/,
      );

      // Points in CSS pixels from the figure's top left: the padding, the slider's track right of
      // the thumb and the space above it, and heatmap cells (centre, and just inside both sides of
      // a boundary between two cells of different colour).
      const { canvas: c, range } = g;
      const cw = c.w / c.cols;
      const ch = c.h / c.rows;
      const points = [
        [6, 60],
        [range.x + range.w * 0.7, range.y + range.h / 2],
        [range.x + range.w * 0.7, range.y + 1],
      ];
      const cells = [];
      for (const [i, j] of [
        [0, 3],
        [1, 7],
        [5, 20],
        [12, 33],
        [30, 40],
        [50, 10],
        [63, 49],
      ]) {
        if (i >= c.cols || j >= c.rows) continue;
        cells.push([i, j]);
        points.push([c.x + (i + 0.5) * cw, c.y + (j + 0.5) * ch]);
      }
      const screen = await colours(page, shot, points, 1);
      const exported = await colours(page, png, points, 2);
      assert.equal(exported.width, 2 * Math.ceil(g.width));
      assert.equal(exported.height, 2 * Math.ceil(g.cut + 8));
      const [bg, track, aboveTrack, ...cellColours] = screen.at.map((s, i) => [s, exported.at[i]]);
      assert.ok(near(bg[1], bg[0], 2), `background ${bg}`);
      assert.ok(near(track[1], track[0], 16), `slider track: exported ${track[1]}, on screen ${track[0]}`);
      assert.ok(near(aboveTrack[1], aboveTrack[0], 4), `no box around the slider: ${aboveTrack}`);
      if (theme === 'dark')
        assert.ok(
          track[1].every((v) => v < 110),
          `the track is not a white bar: ${track[1]}`,
        );
      cellColours.forEach(([s, e], k) => assert.ok(near(e, s, 6), `cell ${cells[k]}: exported ${e}, on screen ${s}`));

      // Crisp: beside a boundary between two differently coloured cells in a row, each side has
      // its own cell's colour in the export (a smoothed upscale mixes them there).
      const row = 10;
      const rowPoints = Array.from({ length: c.cols }, (_, i) => [c.x + (i + 0.5) * cw, c.y + (row + 0.5) * ch]);
      const rowColours = (await colours(page, png, rowPoints, 2)).at;
      const i = rowColours.findIndex(
        (col, k) => k + 1 < c.cols && col.reduce((s, v, n) => s + Math.abs(v - rowColours[k + 1][n]), 0) > 150,
      );
      assert.ok(i >= 0, 'two neighbouring cells differ');
      const edge = c.x + (i + 1) * cw;
      const sides = await colours(
        page,
        png,
        [
          [edge - 1.5, c.y + (row + 0.5) * ch],
          [edge + 1.5, c.y + (row + 0.5) * ch],
        ],
        2,
      );
      assert.ok(near(sides.at[0], rowColours[i], 8), `left of the boundary ${sides.at[0]} vs cell ${rowColours[i]}`);
      assert.ok(
        near(sides.at[1], rowColours[i + 1], 8),
        `right of the boundary ${sides.at[1]} vs cell ${rowColours[i + 1]}`,
      );

      // SVG: the summary of the closed <details>, not its text; opened, its text too.
      const svgOf = async () => {
        const [d] = await Promise.all([page.waitForEvent('download'), fig.locator('[data-share="svg"]').click()]);
        return fs.readFileSync(await d.path(), 'utf8');
      };
      let svg = await svgOf();
      assert.ok(svg.includes(g.summary), 'the summary is drawn');
      assert.ok(g.method && !svg.includes(g.method.slice(0, 20)), 'the closed <details> text is left out');
      assert.match(svg, /<image [^>]*style="image-rendering:pixelated"/);
      assert.doesNotMatch(svg, /<rect [^>]*height="28/, 'no box for a range input');
      await fig.locator('details.method summary').click();
      svg = await svgOf();
      assert.ok(svg.includes(g.method.split(/\s+/)[0]), 'an open <details> is drawn with its text');
    });
  }

  test('Save in a frame that blocks downloads: never "Saved"; the picture is shown to save by hand', async () => {
    const { page: first, context } = await hosted({ origins: [SITE, BLOG] });
    const embed = `${SITE}embed.html?fig=nw-ln-simulator&lang=en&theme=light`;
    const host = (sandbox) =>
      blogPage(
        `<iframe src="${embed.replaceAll('&', '&amp;')}" sandbox="${sandbox}" width="760" height="900" style="border:0"></iframe>`,
      );
    const cases = [
      // [host page, sandbox, a download happens, the status]
      [
        `${SITE}host-same.html`,
        'allow-scripts allow-same-origin',
        false,
        /does not allow downloads, so nothing was saved/,
      ],
      [
        `${SITE}host-same-dl.html`,
        'allow-scripts allow-same-origin allow-downloads',
        true,
        /^Saved nw-ln-simulator\.png\.$/,
      ],
      [
        `${BLOG}host-cross.html`,
        'allow-scripts allow-same-origin',
        false,
        /^Download of nw-ln-simulator\.png started\. If none appears/,
      ],
      [`${BLOG}host-opaque.html`, 'allow-scripts', false, /^Download of nw-ln-simulator\.png started/],
      [
        `${BLOG}host-cross-dl.html`,
        'allow-scripts allow-same-origin allow-downloads',
        true,
        /^Download of nw-ln-simulator\.png started/,
      ],
    ];
    for (const [url, sandbox] of cases) await routePage(context, url, host(sandbox));
    for (const [url, sandbox, downloads, status] of cases) {
      const { page } = await h.open(null, { nextTo: first });
      const seen = [];
      page.on('download', (d) => seen.push(d.suggestedFilename()));
      await page.goto(url);
      const frame = page.frameLocator('iframe');
      const fig = frame.locator('nw-ln-simulator');
      await drawn(fig);
      await fig.locator('.nw-share-toggle').click();
      await fig.locator('[data-share="png"]').click();
      const line = fig.locator('.nw-share-panel [role="status"]');
      await line.filter({ hasText: /\S/ }).waitFor();
      await page.waitForTimeout(1500);
      const text = (await line.textContent()).trim();
      assert.match(text, status, `${sandbox} on ${url}`);
      assert.deepEqual(seen, downloads ? ['nw-ln-simulator.png'] : [], `${sandbox} on ${url}: downloads`);
      if (!/^Saved/.test(text)) {
        const img = fig.locator('.nw-share-panel img');
        assert.match(await img.getAttribute('src'), /^data:image\/png;base64,/);
        const href = await fig.locator('.nw-share-panel [role="status"] a').getAttribute('href');
        assert.ok(href.startsWith(`${SITE}en/figure/ln-simulator/#ln-simulator.`), href);
      }
      if (url.endsWith('host-same.html')) await h.screenshot(page, 'reach-sandboxed-save.png');
      await page.close();
    }
  });
});
