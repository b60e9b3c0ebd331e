// The browser suites' harness: Debian's Chromium driven by playwright-core, dist/ served on a free
// loopback port by scripts/serve.mjs, and describeFigure(), which owns everything a browser test
// sets up and takes down.
//
//   import { test } from 'node:test';
//   import assert from 'node:assert/strict';
//   import { describeFigure } from './harness.mjs';
//   import { pixels, setSlider } from './figures.mjs';
//
//   describeFigure('<nw-pe-heatmap> in the article', (h) => {
//     test('d_model redraws the heatmap', async () => {
//       const { page, fig } = await h.figure('pe-heatmap', { lang: 'en' });
//       const before = await pixels(fig);
//       await setSlider(fig, 'd-model', 512);
//       assert.notEqual(await pixels(fig), before);
//     });
//     test('axe, phone width, both languages and themes; screenshots', () =>
//       h.axeAndScreenshots('pe-heatmap', { ko: /히트맵/, en: /heatmap/ }));
//   });
//
// describeFigure(name, [options], body) is a node:test describe() whose tests share one Chromium
// (launched once per file: node --test runs each file in a process of its own) and one server of
// the site. body(h) declares the tests with node:test's test(); inside a test, h opens pages:
//
//   h.open(path, o)        any page of the site (or an absolute URL; null: stay blank), watched and
//                          closed after the test                                  → { page, log, context }
//   h.article(o)           the article (o.lang: 'ko' at /, 'en' at /en/; o.hash; o.islands: wake all)
//   h.figure(id, o)        the article, with figure #id woken and drawn         → { page, log, fig }
//   h.embed(tag, o)        embed.html?fig=tag&lang=… (o.query appended), drawn   → { page, log, fig }
//   h.solo(markup, o)      elements appended to embed-example.html (o.clear empties its article)
//   h.teach(body, o)       a page of just these figures, as a blog post embeds them (needs teach: true)
//   h.axe(page, include, exclude)   serious and critical axe-core violations (of one element or the page)
//   h.screenshot(target, name, o)    a PNG of a page or a locator in build/screenshots/
//   h.axeAndScreenshots(id, titles, settle, o)   the checks every figure file ends with
//   h.serve(root, o)       another origin (closed with the suite); h.site, h.browser are live in tests
//
// Pages share one browser context per suite, so that its HTTP cache serves every page after the
// first (a fresh context fetches and compiles every module and wasm file again); between tests the
// harness clears the cookies and local storage they left. A page gets a context of its own with
// o.ownContext, or with o.context (more browser.newContext options, e.g. { javaScriptEnabled:
// false }); a suite whose pages must each start cold says sharedContext: false. o.nextTo: page
// opens the new page in that page's context (its storage, its cache, its routes, its viewport).
// Page options (o): width, height, colorScheme, context, ownContext, nextTo, init / arg (a script run
// before the page's own, addInitScript), wait ('ready': until body[data-state] is ready or error;
// else done once page.goto is), expectErrors.
// Every page resolves to { page, log } (log: consoleErrors, pageErrors, failedRequests and the
// Content-Security-Policy violations). After each test the harness asserts that no page of that
// test logged a console error, a page error or a CSP violation, except those the test declared
// with expectErrors: [RegExp, …] (each declared pattern must then occur), and closes every page.
//
// Suite options: headers (added to every response of the site, e.g. a Content-Security-Policy),
// root (a folder served instead of dist/), files (a folder copied over a temporary copy of the site,
// e.g. test fixtures), teach (serve a temporary copy that h.teach writes pages into), site: false
// (no site: the suite serves its own folders with h.serve), sharedContext: false (a context per
// page), launch (more chromium.launch options).
// A test may add its own before() inside body: it runs once the browser and the site are up.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, before, after, afterEach } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST_DIR = path.join(REPO_ROOT, 'dist');
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'build', 'screenshots');

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Containers often give /dev/shm only 64 MiB; Chromium then writes its shared memory to /tmp.
  '--disable-dev-shm-usage',
];

/** Launch Debian's Chromium (never a Playwright-downloaded browser). */
export async function launchBrowser(options = {}) {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} not found: run scripts/setup.sh (installs Debian's chromium)`);
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, ...options });
  // A crashed tab fails its test at once instead of leaving a pending call that never settles.
  const newContext = browser.newContext.bind(browser);
  const watch = (context) => {
    context.on('page', (page) =>
      page.on('crash', () => {
        console.error(`# Chromium tab crashed: ${page.url()}`);
        page.close().catch(() => {});
      }),
    );
    return context;
  };
  browser.newContext = async (...args) => watch(await newContext(...args));
  // close() that cannot hang a suite: a wedged browser is killed after 10 s.
  const close = browser.close.bind(browser);
  browser.close = () =>
    Promise.race([
      close(),
      new Promise((resolve) =>
        setTimeout(() => {
          browser.process?.()?.kill('SIGKILL');
          resolve();
        }, 10_000).unref(),
      ),
    ]);
  return browser;
}

/**
 * Serve a folder (dist/ by default) on 127.0.0.1 at a free port. `headers` are added to every
 * response (e.g. { 'Content-Security-Policy': "script-src 'self' 'wasm-unsafe-eval'" }); csp: false
 * leaves out the page's own policy (an app of its own).
 * @returns {Promise<{url: string, server: import('node:http').Server, root: string, close: () => Promise<void>}>}
 */
export async function serveDist({ headers = {}, root = DIST_DIR, csp } = {}) {
  if (root === DIST_DIR && !fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`${path.join(root, 'index.html')} not found: run "npm run build" first`);
  }
  const { server, url } = await startServer({ root, port: 0, headers, ...(csp === undefined ? {} : { csp }) });
  const close = () =>
    new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    });
  return { url, server, root, close };
}

/**
 * Record console errors, uncaught page errors and failed requests of a page.
 * @returns {{consoleErrors: string[], pageErrors: string[], failedRequests: string[], violations: string[]}}
 */
export function collectErrors(page) {
  const log = { consoleErrors: [], pageErrors: [], failedRequests: [], violations: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') log.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => log.pageErrors.push(String(err?.stack ?? err)));
  page.on('requestfailed', (req) => log.failedRequests.push(`${req.url()}: ${req.failure()?.errorText}`));
  page.on('response', (res) => {
    if (res.status() >= 400) log.failedRequests.push(`${res.url()}: HTTP ${res.status()}`);
  });
  return log;
}

/**
 * axe-core on one element (or the page, less the elements `exclude` names); returns serious and
 * critical violations only. axe runs
 * in the page itself (legacy mode: same-origin frames, which is every frame our pages have) rather
 * than in per-frame parts joined in a second, blank page.
 */
export async function seriousViolations(page, include, exclude = []) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  let builder = new AxeBuilder({ page }).setLegacyMode();
  if (include) builder = builder.include(include);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Save a PNG of a page or a locator under build/screenshots/ and return its path. */
export async function screenshot(target, name, options = {}) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, name);
  const isPage = typeof target.goto === 'function';
  await target.screenshot({ path: file, ...(isPage ? { fullPage: true } : {}), ...options });
  return file;
}

/** Waits until the element (a locator) has rendered its figure from the library. */
export async function ready(fig) {
  // A reader scrolls to a figure: its island loads near the viewport, and <nw-attention> fetches
  // its model only then.
  await fig.scrollIntoViewIfNeeded();
  await fig.locator('[data-readout]').first().waitFor({ timeout: 20_000 });
}

/**
 * Scrolls every figure of the page into view in turn, as a reader would, then back to the top.
 * On the article each figure is an island (web/page.js) that loads near the viewport: a first
 * pass wakes them all, a second (once all are defined) lets figures that wait to be near (the
 * attention model) start, then every figure has drawn (data-island="drawn").
 */
export function scrollThroughFigures(page) {
  return page.evaluate(async () => {
    const figures = [...document.querySelectorAll('main *')].filter((e) => e.tagName.startsWith('NW-'));
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const until = async (ok, ms = 60_000) => {
      for (const t0 = Date.now(); !ok() && Date.now() - t0 < ms;) await new Promise((r) => setTimeout(r, 25));
    };
    const pass = async () => {
      for (const e of figures) {
        e.scrollIntoView();
        await frames();
      }
    };
    await pass();
    await until(() => figures.every((e) => !e.dataset.island || customElements.get(e.localName)));
    await pass();
    const settled = (e) => !e.dataset.island || e.dataset.island === 'drawn' || e.dataset.island === 'failed';
    await until(() => figures.every(settled));
    window.scrollTo(0, 0);
    // A figure that never settles fails here, by name, rather than as a time-out of the whole file.
    const stuck = figures
      .filter((e) => !settled(e))
      .map(
        (e) =>
          `${e.id || e.localName}: ${e.dataset.island}, ${
            customElements.get(e.localName) ? 'defined' : 'undefined'
          }, ${e.shadowRoot?.querySelector('.badge.parity:not([data-ok])') ? 'parity pending' : ''}`,
      );
    if (stuck.length) throw new Error(`figures that did not draw within a minute: ${stuck.join('; ')}`);
  });
}

/** Whether the page scrolls sideways (for phone widths). */
export async function hasSidewaysScroll(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/** The body of a teaching page: the figures a test names, embedded as a blog post would. */
function teachHtml(body, lang) {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>normwave teaching pieces</title><link rel="icon" href="data:,">
<style>body { margin: 0 auto; max-width: 900px; padding: 8px; font: 16px/1.6 system-ui, sans-serif; }
@media (prefers-color-scheme: dark) { body { background: #0f1216; color: #e6e9ee; } }</style>
<script type="module" src="figures/index.mjs"></script></head>
<body><main>${body}</main></body></html>`;
}

/** Elements given as simple markup (attributes only, no content) as [tag, [[name, value]…]]. */
function parseMarkup(markup) {
  return [...markup.matchAll(/<([a-z][\w-]*)((?:\s+[\w-]+(?:="[^"]*")?)*)\s*>/g)].map(([, tag, attrs]) => [
    tag,
    [...attrs.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, k, v]) => [k, v ?? '']),
  ]);
}

/**
 * Appends elements given as simple markup (`<nw-ffn id="x" lang="en"></nw-ffn>…`, attributes
 * only, no content) to the page's body with DOM calls: pages served with the article's policy
 * (require-trusted-types-for 'script') refuse insertAdjacentHTML with a string.
 */
export function appendElements(page, markup) {
  return page.evaluate((list) => {
    for (const [tag, attrs] of list) {
      const el = document.createElement(tag);
      for (const [k, v] of attrs) el.setAttribute(k, v);
      document.body.append(el);
    }
  }, parseMarkup(markup));
}

/**
 * Asserts that a page logged nothing but the errors it declared, each of which did occur.
 * entry: { log (collectErrors), expectErrors: RegExp[], url: () => string }
 */
export function assertLogClean(entry) {
  const { log, expectErrors, url } = entry;
  const logged = [...log.pageErrors, ...log.consoleErrors, ...log.violations.map((v) => `CSP violation: ${v}`)];
  const unexpected = logged.filter((e) => !expectErrors.some((re) => re.test(e)));
  assert.deepEqual(unexpected, [], `errors logged by ${url()}`);
  const absent = expectErrors.filter((re) => !logged.some((e) => re.test(e)));
  assert.deepEqual(absent, [], `errors ${url()} was declared to log`);
}

class Harness {
  constructor(options) {
    this.options = options;
    this.browser = null;
    this.site = null;
    this._servers = [];
    this._contexts = [];
    this._pages = [];
    this._logs = [];
    this._shared = null;
    this._origins = new Set();
    this._teachPages = 0;
    this._copy = null;
  }

  async _start() {
    const { site = true, headers = {}, root, files, teach = false, launch = {} } = this.options;
    const started = [launchBrowser(launch)];
    if (site) {
      let served = root ?? DIST_DIR;
      if (files || teach) {
        this._copy = fs.mkdtempSync(path.join(os.tmpdir(), 'normwave-site-'));
        fs.cpSync(served, this._copy, { recursive: true });
        for (const dir of [files].flat().filter(Boolean)) fs.cpSync(dir, this._copy, { recursive: true });
        served = this._copy;
      }
      started.push(this.serve(served, { headers }).then((s) => (this.site = s)));
    }
    [this.browser] = await Promise.all(started);
  }

  async _endTest() {
    const entries = this._logs.splice(0);
    const contexts = this._contexts.splice(0);
    const pages = this._pages.splice(0);
    try {
      for (const entry of entries) assertLogClean(entry);
    } finally {
      await Promise.all([...contexts, ...pages].map((c) => c.close().catch(() => {})));
      await this._clearSharedStorage();
    }
  }

  /** The context the suite's pages share (its HTTP cache serves every page after the first). */
  async _sharedContext() {
    this._shared ??= await this.browser.newContext({ viewport: { width: 1100, height: 900 } });
    return this._shared;
  }

  /**
   * What a test left in the shared context goes before the next test: cookies, and the local
   * storage of every origin its pages visited (a blank document of each origin clears it).
   */
  async _clearSharedStorage() {
    if (!this._shared || !this._origins.size) return;
    await this._shared.clearCookies();
    const janitor = await this._shared.newPage();
    try {
      await janitor.route('**/*', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }));
      for (const origin of this._origins) {
        await janitor.goto(`${origin}/`);
        await janitor.evaluate(() => localStorage.clear());
      }
    } finally {
      this._origins.clear();
      await janitor.close();
    }
  }

  async _stop() {
    await this.browser?.close();
    await Promise.all(this._servers.splice(0).map((s) => s.close()));
    if (this._copy) fs.rmSync(this._copy, { recursive: true, force: true });
  }

  /** Serves another folder as an origin of its own, closed with the suite. */
  async serve(root, options = {}) {
    const s = await serveDist({ root, ...options });
    this._servers.push(s);
    return s;
  }

  /** A new page, watched for errors, closed after the test; it goes to url (a path of the site or a URL). */
  async open(url, options = {}) {
    const {
      width = 1100,
      height = 900,
      colorScheme = 'light',
      context: contextOptions,
      ownContext = contextOptions !== undefined || this.options.sharedContext === false,
      init,
      arg,
      nextTo,
      wait = false,
      expectErrors = [],
    } = options;
    let page, context;
    if (nextTo) {
      context = nextTo.context();
      page = await context.newPage();
      this._pages.push(page);
      // The context's viewport and colour scheme, unless the test gives its own.
      if ('width' in options || 'height' in options) await page.setViewportSize({ width, height });
      if ('colorScheme' in options) await page.emulateMedia({ colorScheme });
    } else if (ownContext) {
      context = await this.browser.newContext({ viewport: { width, height }, colorScheme, ...contextOptions });
      this._contexts.push(context);
      page = await context.newPage();
      // A test may close a page it is done with (in a loop of many): its context goes with it.
      page.on('close', () => context.close().catch(() => {}));
    } else {
      context = await this._sharedContext();
      page = await context.newPage();
      this._pages.push(page);
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
    }
    if (context === this._shared) {
      page.on('framenavigated', (frame) => {
        const { protocol, origin } = new URL(frame.url());
        if (/^https?:$/.test(protocol)) this._origins.add(origin);
      });
    }
    const log = collectErrors(page);
    this._logs.push({ log, expectErrors, url: () => page.url() });
    if (contextOptions?.javaScriptEnabled !== false) {
      await page.exposeFunction('reportViolation', (v) => log.violations.push(v));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          window.reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      if (init) await page.addInitScript(init, arg);
    }
    if (url != null) {
      await page.goto(/^[a-z]+:/.test(url) ? url : `${this.site.url}${url}`);
      if (wait === 'ready') await pageReady(page);
    }
    return { page, log, context };
  }

  /** The article (Korean at /, English at /en/), once its page script is ready; islands: true wakes every figure. */
  async article({ lang, path: at, hash = '', islands = false, ...options } = {}) {
    at ??= lang === 'en' ? '/en/' : '/';
    const opened = await this.open(`${at}${hash}`, { wait: 'ready', ...options });
    if (islands) await scrollThroughFigures(opened.page);
    return opened;
  }

  /** The article with figure #id woken and drawn. */
  async figure(id, options = {}) {
    const opened = await this.article(options);
    const fig = opened.page.locator(`#${id}`);
    await ready(fig);
    return { ...opened, fig };
  }

  /** One figure alone by embed.html (its URL state in o.query, e.g. '&theme=dark'), drawn. */
  async embed(tag, { lang = 'en', query = '', ...options } = {}) {
    const opened = await this.open(`/embed.html?fig=${tag}&lang=${lang}${query}`, { wait: 'ready', ...options });
    const fig = opened.page.locator(tag).first();
    await ready(fig);
    return { ...opened, fig };
  }

  /**
   * Elements appended to embed-example.html (a mock blog post; clear: true empties its article
   * first); resolves once the first of them has drawn.
   */
  async solo(markup, { clear = false, ...options } = {}) {
    const opened = await this.open('/embed-example.html', { width: 1000, ...options });
    if (clear) await opened.page.evaluate(() => document.querySelector('article').replaceChildren());
    await appendElements(opened.page, markup);
    const [tag, attrs] = parseMarkup(markup)[0];
    const id = attrs.find(([k]) => k === 'id')?.[1];
    const fig = opened.page.locator(id ? `#${id}` : tag).first();
    await ready(fig);
    return { ...opened, fig };
  }

  /** A page holding just `body` (figure tags); resolves once every figure has drawn its readout. */
  async teach(body, { lang = 'en', width = 1000, ...options } = {}) {
    if (!this._copy) throw new Error('h.teach needs describeFigure(name, { teach: true }, …)');
    const name = `teach-${++this._teachPages}.html`;
    fs.writeFileSync(path.join(this._copy, name), teachHtml(body, lang));
    const opened = await this.open(`/${name}`, { width, ...options });
    for (const fig of await opened.page.locator('main > *').all()) {
      await fig.scrollIntoViewIfNeeded();
      await fig.locator('[data-readout]').first().waitFor({ timeout: 20_000 });
    }
    await opened.page.evaluate(() => window.scrollTo(0, 0));
    return opened;
  }

  axe(page, include, exclude) {
    return seriousViolations(page, include, exclude);
  }

  screenshot(target, name, options) {
    return screenshot(target, name, options);
  }

  /**
   * The checks every figure file ends with, for the figure #id of the article: its title in Korean
   * (/) and English (/en/), axe clean in a light desktop and a dark phone page, no sideways
   * scroll, a screenshot of each (build/screenshots/<prefix><id>-<lang>-<theme>-<width>.png).
   * settle(fig, page, { lang, colorScheme, width }) runs once the figure is ready: it waits for
   * what the figure still computes (e.g. its parity badges) and may check more of that page.
   */
  async axeAndScreenshots(id, titles, settle = async () => {}, { prefix = '' } = {}) {
    for (const [lang, colorScheme, width] of [
      ['ko', 'light', 1100],
      ['en', 'dark', 390],
    ]) {
      const { page, fig } = await this.figure(id, { lang, colorScheme, width, height: 844 });
      await settle(fig, page, { lang, colorScheme, width });
      assert.match(await fig.locator('.title').textContent(), titles[lang], `${id} in ${lang}`);
      assert.deepEqual(await seriousViolations(page, `#${id}`), [], `${id} ${lang} ${colorScheme}`);
      assert.equal(await hasSidewaysScroll(page), false, `no sideways scroll at ${width}px`);
      await fig.scrollIntoViewIfNeeded();
      await screenshot(fig, `${prefix}${id}-${lang}-${colorScheme}-${width}.png`);
      await page.close();
    }
  }
}

/** Waits until the page script says the page is ready (or has failed, which the test then sees). */
export function pageReady(page, timeout = 30_000) {
  return page.waitForFunction(
    () => document.body.dataset.state === 'ready' || document.body.dataset.state === 'error',
    null,
    { timeout },
  );
}

/**
 * A node:test suite (describe) whose tests share one Chromium and one served site, and whose
 * pages the harness opens, checks for errors and closes: see the top of this file.
 * @param {string} name
 * @param {object | ((h: Harness) => void)} options
 * @param {(h: Harness) => void} [body]
 */
export function describeFigure(name, options, body) {
  if (typeof options === 'function') [options, body] = [{}, options];
  const h = new Harness(options);
  return describe(name, () => {
    before(() => h._start());
    afterEach(() => h._endTest());
    after(() => h._stop());
    body(h);
  });
}
