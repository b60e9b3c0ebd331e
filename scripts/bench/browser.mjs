// `npm run bench:browser` (also the last step of `npm run bench`): the figures in headless
// Chromium, on this machine's CPU and again as a phone's (Chromium's CPU throttling, 4× by
// default: DevTools' "4× slowdown", the CPU of Lighthouse's mobile profile, roughly a mid-range
// phone). For each element, every slider is first set to its largest value; then each slider, the
// others at their largest, is stepped 21 times between its maximum and 5 % below it, and each step
// is timed from the input event to the element re-rendered and laid out (median and p90 per
// slider). At 1× the heaviest slider (the slowest of those) is also dragged through 60 steps, to
// the next animation frame too. Also the time from navigation until every figure in the first
// screen (or the first figure) has drawn, and what the first load fetches (gzipped sizes of the
// files served from dist/; the page's budget is 600 KB).
// Writes build/bench/browser.json, and its tables into docs/benchmarks.md (scripts/bench/report.mjs).
//   --throttle <rate>   the phone pass's CPU slowdown (default 4); --throttle 1 skips the pass
//   --only <id,id,…>    only these figures (by element id on the page: a partial run, not written)
//
// Figures cache their last results, and a drag revisits values; so each step also records whether
// its value was new to the element in this run (nothing cached for it), and the table gives the
// median of those first visits beside the median of all steps.
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import { launchBrowser, serveDist } from '../../tests/browser/harness.mjs';
import { scrollThroughFigures } from '../../tests/browser/figures.mjs';
import { writeSection, range } from './report.mjs';
import { quantile, median } from './stats.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
};
const THROTTLE = Number(option('--throttle', '4'));
if (!(THROTTLE >= 1)) throw new Error(`--throttle takes a rate >= 1, got ${option('--throttle')}`);
const ONLY = option('--only', '').split(',').filter(Boolean);

const STEPS = 60;
const ROOT = new URL('../../', import.meta.url);

const site = await serveDist();
const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
const page = await context.newPage();

// What the first load fetches, gzipped (woff2 and the like barely shrink, as on the wire).
const fetched = new Set();
const onResponse = (res) => {
  if (res.url().startsWith(site.url)) fetched.add(new URL(res.url()).pathname);
};
page.on('response', onResponse);

// Navigation → every figure in the first screen drawn.
const loads = [];
for (let i = 0; i < 5; i++) {
  await page.goto(`${site.url}/en/`);
  loads.push(
    await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          // The figures in the first screen — or, when the first screen is all text, the first figure,
          // brought into view at once (figures are islands: one below the first screen loads only when
          // the reader scrolls towards it).
          const figures = [...document.querySelectorAll('main *')].filter((e) => e.tagName.startsWith('NW-'));
          const inView = figures.filter((e) => e.getBoundingClientRect().top < innerHeight);
          const visible = inView.length ? inView : figures.slice(0, 1);
          if (!inView.length) visible[0]?.scrollIntoView();
          const t0 = performance.now();
          const check = () => {
            const drawn = visible.length > 0 && visible.every((e) => e.shadowRoot?.querySelector('[data-readout]'));
            if (drawn) requestAnimationFrame(() => resolve(performance.now()));
            else if (performance.now() - t0 > 60_000)
              reject(new Error(`not drawn after 60 s: ${visible.map((e) => e.id).join(', ')}`));
            else requestAnimationFrame(check);
          };
          check();
        }),
    ),
  );
}
await page.waitForFunction(() => document.body.dataset.state === 'ready');
await page.waitForLoadState('networkidle');
page.off('response', onResponse);
const firstLoad = [...fetched]
  .map((pathname) => {
    const file = new URL(`dist${decodeURIComponent(pathname)}${pathname.endsWith('/') ? 'index.html' : ''}`, ROOT);
    const bytes = readFileSync(file);
    return { path: pathname, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const firstLoadGzip = firstLoad.reduce((sum, f) => sum + f.gzip, 0);

// The figures are islands: a reader's scroll wakes them all.
await scrollThroughFigures(page);
const ids = (
  await page.evaluate(() =>
    [...document.querySelectorAll('main [id]')]
      .filter((e) => e.tagName.startsWith('NW-') && e.shadowRoot?.querySelector('input[type=range]'))
      .map((e) => e.id),
  )
).filter((id) => !ONLY.length || ONLY.includes(id));

/** Per element: its sliders' step times (and, with drag, the heaviest slider dragged). */
async function measure({ drag }) {
  // The page takes its order statistics from stats.mjs too (evaluated code sees no module scope).
  await page.evaluate(`globalThis.quantile = ${quantile}; globalThis.median = (values) => quantile(values, 0.5);`);
  const rows = [];
  for (const id of ids) {
    const result = await page.evaluate(
      async ({ id, STEPS, drag }) => {
        const el = document.getElementById(id);
        const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
        const inputs = () => [...el.shadowRoot.querySelectorAll('input[type=range]')];
        // Starts at a frame boundary; `work` ends when the element has re-rendered and the browser has
        // laid it out (what must fit in a 16 ms frame), `frame` at the next animation frame (vsync-bound).
        const timed = async (input, value) => {
          await frame();
          const t0 = performance.now();
          input.value = String(value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          await el.updateComplete;
          void el.shadowRoot.firstElementChild?.getBoundingClientRect();
          const work = performance.now() - t0;
          await frame();
          return { work, frame: performance.now() - t0 };
        };
        const visited = new Map(); // control -> values this run has already set
        const seen = (input, value) => {
          const set = visited.get(input.dataset.control) ?? new Set();
          visited.set(input.dataset.control, set);
          const before = set.has(String(value));
          set.add(String(value));
          return before;
        };
        const move = async (input, value) => {
          seen(input, value);
          return (await timed(input, value)).work;
        };
        // Largest setting: every slider at its max (a slider may re-render the others, so by name).
        for (const name of inputs().map((i) => i.dataset.control)) {
          const input = el.shadowRoot.querySelector(`input[data-control="${name}"]`);
          if (input) await move(input, input.max);
        }
        // Every slider, the others at their largest: 21 steps alternating between its max and a value
        // 5 % of its range below (snapped to its step), median of the 21. The
        // slowest is the heaviest, dragged below.
        let heaviest = null;
        let worstProbe = -1;
        const sliders = [];
        for (const name of inputs().map((i) => i.dataset.control)) {
          const input = el.shadowRoot.querySelector(`input[data-control="${name}"]`);
          if (!input) continue;
          const min = Number(input.min),
            max = Number(input.max),
            step = Number(input.step) || 1;
          const below = Math.max(min, max - Math.max(step, Math.round(((max - min) * 0.05) / step) * step));
          const times = [];
          for (let k = 0; k < 21; k++) times.push(await move(input, k % 2 ? below : max));
          const t = median(times);
          sliders.push({ control: name, median: t, p90: quantile(times, 0.9), worst: Math.max(...times) });
          if (t > worstProbe) {
            worstProbe = t;
            heaviest = name;
          }
          await move(input, max);
        }
        if (!drag) return { control: heaviest, sliders };
        // 60 steps down and back up through the top half of its range, like a drag.
        const input = el.shadowRoot.querySelector(`input[data-control="${heaviest}"]`);
        const min = Number(input.min),
          max = Number(input.max),
          step = Number(input.step) || 1;
        const times = [];
        const frames = [];
        const fresh = [];
        for (let k = 0; k < STEPS; k++) {
          const f = k < STEPS / 2 ? 1 - k / STEPS : k / STEPS;
          const v = Math.round((min + f * (max - min)) / step) * step;
          const again = seen(input, input.step && Number(input.step) % 1 === 0 ? v : Number(v.toFixed(6)));
          const t = await timed(input, v);
          times.push(t.work);
          frames.push(t.frame);
          if (!again) fresh.push(t.work);
        }
        return { control: heaviest, times, frames, fresh, sliders };
      },
      { id, STEPS, drag },
    );
    if (!drag) {
      rows.push({ element: id, control: result.control, sliders: result.sliders });
      continue;
    }
    const sorted = [...result.times].sort((a, b) => a - b);
    rows.push({
      element: id,
      control: result.control,
      median: median(sorted),
      worst: sorted.at(-1),
      p90: quantile(sorted, 0.9),
      frameMedian: median(result.frames),
      frameWorst: Math.max(...result.frames),
      freshCount: result.fresh.length,
      freshMedian: result.fresh.length ? median(result.fresh) : null,
      sliders: result.sliders,
    });
  }
  return rows;
}

const rows = await measure({ drag: true });
// The phone pass: a fresh page (nothing cached, nothing compiled for these values), every figure
// woken at full speed, then the CPU slowed for the measurement only.
let phone = null;
if (THROTTLE > 1) {
  await page.goto(`${site.url}/en/`);
  await page.waitForFunction(() => document.body.dataset.state === 'ready');
  await scrollThroughFigures(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  phone = await measure({ drag: false });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
}

const chromium = browser.version();
await browser.close();
await site.close();

const fmt = (ms) => (ms === null || ms === undefined ? '—' : `${ms.toFixed(1)} ms`);
// A phone's frame: the median within 16 ms and nine steps in ten within two frames.
const phoneFits = (c) => c.median <= 16 && c.p90 <= 33;
const sliderRows = rows.flatMap((r) =>
  r.sliders.map((at1) => ({
    element: r.element,
    control: at1.control,
    at1,
    atN: phone?.find((p) => p.element === r.element)?.sliders.find((c) => c.control === at1.control),
  })),
);
const kb = (b) => `${(b / 1000).toFixed(1)} KB`;
const lines = [
  `Chromium ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(
      ' ',
    )} load; first screen drawn after navigation: median ${fmt(median(loads))} (${loads.map((l) => l.toFixed(0)).join(', ')} ms)`,
  `first load: ${firstLoad.length} files, ${kb(firstLoadGzip)} gzipped (budget 600 KB): ${firstLoad
    .slice(0, 6)
    .map((f) => `${f.path} ${kb(f.gzip)}`)
    .join(', ')}${firstLoad.length > 6 ? ', …' : ''}`,
  '',
  'input → re-rendered and laid out (the work that must fit a frame), and input → next animation frame;',
  '"first visits": the steps whose value the element had not computed before in this run:',
  '',
  '| element | heaviest control (at the largest setting) | work median | p90 | worst | first visits: median (n) | frame median | frame worst | ≤ 16 ms median |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.element} | ${r.control} | ${fmt(r.median)} | ${fmt(r.p90)} | ${fmt(r.worst)} | ${fmt(r.freshMedian)} (${r.freshCount}) | ${fmt(r.frameMedian)} | ${fmt(r.frameWorst)} | ${r.median <= 16 && (r.freshMedian ?? 0) <= 16 ? 'yes' : 'no'} |`,
  ),
  '',
  `Every slider with the others at their largest: input → re-rendered and laid out, median and p90 of 21 steps`,
  `between its max and 5 % below it, on this CPU (${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores)${
    phone ? ` and at ${THROTTLE}× CPU throttling (a phone; target median ≤ 16 ms, p90 ≤ 33 ms)` : ''
  }:`,
  '',
  phone
    ? `| element | slider | median | p90 | ≤ 16 ms | median at ${THROTTLE}× | p90 at ${THROTTLE}× | within a frame at ${THROTTLE}× |`
    : '| element | slider | median | p90 | ≤ 16 ms |',
  phone ? '| --- | --- | --- | --- | --- | --- | --- | --- |' : '| --- | --- | --- | --- | --- |',
  ...sliderRows.map(
    ({ element, control, at1, atN }) =>
      `| ${element} | ${control} | ${fmt(at1.median)} | ${fmt(at1.p90)} | ${at1.median <= 16 ? 'yes' : 'NO'} |${
        atN ? ` ${fmt(atN.median)} | ${fmt(atN.p90)} | ${phoneFits(atN) ? 'yes' : 'NO'} |` : ''
      }`,
  ),
  '',
  `${sliderRows.filter((r) => r.at1.median > 16).length} of ${sliderRows.length} sliders over 16 ms (median) at the largest settings${
    phone
      ? `; at ${THROTTLE}× ${sliderRows.filter((r) => r.atN && !phoneFits(r.atN)).length} of ${sliderRows.length} over 16 ms median or 33 ms p90`
      : ''
  }`,
];
process.stdout.write(`${lines.join('\n')}\n`);
// docs/benchmarks.md: the same lines (the first two as a list) and the README's rows.
const fits = rows.filter((r) => r.median <= 16 && (r.freshMedian ?? 0) <= 16).length;
writeSection('browser', {
  body: [`- ${lines[0]}`, `- ${lines[1]}`, ...lines.slice(2)].join('\n'),
  chromium,
  partial: ONLY.length ? `--only ${ONLY.join(',')}` : THROTTLE === 1 ? 'no phone pass (--throttle 1)' : false,
  summary: [
    [
      'Figures in Chromium: a step of each figure’s heaviest slider at the largest setting, input → re-rendered and laid out (median per figure)',
      `${range(
        rows.map((r) => r.median),
        (ms) => ms.toFixed(1),
      )} ms; ${fits} of ${rows.length} figures within a 16 ms frame`,
    ],
    [
      'Every slider of every figure, the others at their largest: input → re-rendered and laid out, median of 21 steps (within a frame: ≤ 16 ms; at the phone rate also p90 ≤ 33 ms)',
      `${sliderRows.filter((r) => r.at1.median <= 16).length} of ${sliderRows.length} within a frame${
        phone
          ? `; at ${THROTTLE}× CPU throttling ${sliderRows.filter((r) => r.atN && phoneFits(r.atN)).length} of ${sliderRows.length}`
          : ''
      }`,
    ],
    [
      'The article’s first load, gzipped, and its first screen drawn after navigation',
      `${kb(firstLoadGzip)} (budget 600 KB); ${fmt(median(loads))} (median of ${loads.length})`,
    ],
  ],
});
mkdirSync(new URL('build/bench/', ROOT), { recursive: true });
writeFileSync(
  new URL('build/bench/browser.json', ROOT),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      loadavg: os.loadavg(),
      firstScreenMs: loads,
      firstLoad,
      firstLoadGzip,
      elements: rows,
      throttle: THROTTLE,
      phone,
    },
    null,
    2,
  ),
);
