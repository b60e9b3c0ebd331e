// Shared helpers for the browser suites: Debian's Chromium driven by playwright-core, and dist/
// served on a free loopback port by scripts/serve.mjs.
//
//   const browser = await launchBrowser();
//   const site = await serveDist();            // { url, server, close }
//   const page = await browser.newPage(); const log = collectErrors(page);
//   await page.goto(site.url + '/');
import fs from 'node:fs';
import path from 'node:path';
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
 * Serve dist/ on 127.0.0.1 at a free port. `headers` are added to every response
 * (e.g. { 'Content-Security-Policy': "script-src 'self' 'wasm-unsafe-eval'" }).
 * @returns {Promise<{url: string, server: import('node:http').Server, close: () => Promise<void>}>}
 */
export async function serveDist({ headers = {}, root = DIST_DIR } = {}) {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`${path.join(root, 'index.html')} not found: run "npm run build" first`);
  }
  const { server, url } = await startServer({ root, port: 0, headers });
  const close = () =>
    new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    });
  return { url, server, close };
}

/**
 * Record console errors, uncaught page errors and failed requests of a page.
 * @returns {{consoleErrors: string[], pageErrors: string[], failedRequests: string[]}}
 */
export function collectErrors(page) {
  const log = { consoleErrors: [], pageErrors: [], failedRequests: [] };
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

/** Save a PNG under build/screenshots/ and return its path. */
/**
 * A page in a context of its own (closed with the page) that records errors (collectErrors) and
 * every Content-Security-Policy violation; init(arg), if given, runs in the page before its own
 * scripts (addInitScript), after the violation listener. Resolves to { page, log, violations }.
 */
export async function reportingPage(browser, { viewport = { width: 1000, height: 800 }, init, arg } = {}) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('close', () => context.close().catch(() => {}));
  const log = collectErrors(page);
  const violations = [];
  await page.exposeFunction('reportViolation', (v) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      window.reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  if (init) await page.addInitScript(init, arg);
  return { page, log, violations };
}

export async function screenshot(page, name, options = {}) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, name);
  await page.screenshot({ path: file, fullPage: true, ...options });
  return file;
}
