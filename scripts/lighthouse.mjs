// Lighthouse (pinned in devDependencies) on the built article, served by scripts/serve.mjs as
// `npm start` serves it, in Debian's Chromium: the mobile and desktop presets, three runs each,
// the median of each column. Prints one table (the four category scores, FCP, LCP, TBT, CLS and
// the bytes transferred; a row per preset); the reports go to build/lighthouse/. A run without
// --runs or --path also writes the table into docs/benchmarks.md (scripts/bench/report.mjs).
//   node scripts/lighthouse.mjs [--runs N] [--path /en/]
// Heavy (a throttled page load per run): run it on a quiet machine, and say the load with the
// numbers (it is printed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { startServer } from './serve.mjs';
import { CHROMIUM_PATH, CHROMIUM_ARGS, REPO_ROOT } from '../tests/browser/harness.mjs';
import { writeSection, chromiumVersion } from './bench/report.mjs';
import { median } from './bench/stats.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg('--runs', 3));
const PAGE = arg('--path', '/');
const OUT = path.join(REPO_ROOT, 'build', 'lighthouse');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function run(url, preset) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS.filter((f) => f !== '--headless').concat('--headless=new'),
    logLevel: 'silent',
  });
  try {
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const a = (id) => lhr.audits[id]?.numericValue;
    return {
      lhr,
      row: {
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        'best practices': Math.round(lhr.categories['best-practices'].score * 100),
        SEO: Math.round(lhr.categories.seo.score * 100),
        FCP: a('first-contentful-paint'),
        LCP: a('largest-contentful-paint'),
        TBT: a('total-blocking-time'),
        CLS: a('cumulative-layout-shift'),
        transfer: a('total-byte-weight'),
      },
    };
  } finally {
    await chrome.kill();
  }
}

const fmt = {
  FCP: (v) => `${(v / 1000).toFixed(1)} s`,
  LCP: (v) => `${(v / 1000).toFixed(1)} s`,
  TBT: (v) => `${Math.round(v).toLocaleString('en')} ms`,
  CLS: (v) => (v < 0.0005 ? '0' : v.toFixed(3)),
  transfer: (v) => `${Math.round(v / 1024).toLocaleString('en')} KiB`,
};

if (!fs.existsSync(path.join(REPO_ROOT, 'dist', 'index.html'))) {
  console.error('lighthouse: dist/index.html not found — run "npm run build" first');
  process.exit(1);
}
const { server, url } = await startServer({ port: 0 });
fs.mkdirSync(OUT, { recursive: true });
const table = {};
try {
  for (const preset of ['mobile', 'desktop']) {
    const rows = [];
    for (let i = 0; i < RUNS; i++) {
      const { row, lhr } = await run(url + PAGE, preset);
      rows.push(row);
      fs.writeFileSync(path.join(OUT, `${preset}-${i + 1}.json`), JSON.stringify(lhr));
      console.error(
        `lighthouse: ${preset} run ${i + 1}/${RUNS}: performance ${row.performance}, LCP ${fmt.LCP(row.LCP)}, TBT ${fmt.TBT(row.TBT)}, CLS ${fmt.CLS(row.CLS)}`,
      );
    }
    table[preset] = Object.fromEntries(Object.keys(rows[0]).map((k) => [k, median(rows.map((r) => r[k]))]));
  }
} finally {
  server.close();
}

// What the first screen fetches (mobile, the last run): each file as sent (br) and gzipped.
const firstLoad = (() => {
  const lhr = JSON.parse(fs.readFileSync(path.join(OUT, `mobile-${RUNS}.json`), 'utf8'));
  return lhr.audits['network-requests'].details.items
    .filter((r) => r.url.startsWith(url))
    .map((r) => {
      let p = decodeURIComponent(new URL(r.url).pathname);
      if (p.endsWith('/')) p += 'index.html';
      const file = path.join(REPO_ROOT, 'dist', p);
      const gzip = fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0;
      return { path: p, sent: r.transferSize, gzip };
    });
})();
const printed = [];
const say = (line) => {
  console.log(line);
  printed.push(line);
};
const cols = Object.keys(table.mobile);
const cell = (k, v) => (fmt[k] ? fmt[k](v) : String(Math.round(v)));
say(
  `\nLighthouse ${JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version}, ` +
    `${CHROMIUM_PATH}, ${PAGE}, median of ${RUNS} runs; load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores\n`,
);
say(`| | ${cols.join(' | ')} |`);
say(`|---|${cols.map(() => '---').join('|')}|`);
for (const [preset, row] of Object.entries(table))
  say(`| ${preset} | ${cols.map((k) => cell(k, row[k])).join(' | ')} |`);
say(
  `\nfirst load (mobile): ${firstLoad.length} files, ${(firstLoad.reduce((a, f) => a + f.sent, 0) / 1024).toFixed(1)} KiB sent, ` +
    `${(firstLoad.reduce((a, f) => a + f.gzip, 0) / 1024).toFixed(1)} KiB gzip -9: ` +
    firstLoad.map((f) => `${f.path} ${(f.gzip / 1024).toFixed(1)}`).join(', '),
);
// docs/benchmarks.md: the same table and list, and the README's row.
writeSection('lighthouse', {
  body: printed.join('\n'),
  chromium: chromiumVersion(CHROMIUM_PATH),
  summary: [
    [
      `Lighthouse on the article (${PAGE}), mobile / desktop preset: performance score, LCP`,
      `${table.mobile.performance} / ${table.desktop.performance}; ${fmt.LCP(table.mobile.LCP)} / ${fmt.LCP(table.desktop.LCP)}`,
    ],
  ],
  partial: ['--runs', '--path'].filter((a) => process.argv.includes(a)).join(' '),
});
