// Where the page's JS heap grows while its sliders are dragged: two heap snapshots in Chromium
// (after a warm-up, and after MINUTES of dragging every slider of every figure), both after GC,
// compared by object kind — the kinds whose total size grew most, with their counts.
//   node scripts/heap-diff.mjs [minutes = 3]        (needs npm run build)
// What grows is V8's own optimized code (InstructionStream, TrustedByteArray, ProtectedFixedArray:
// functions re-optimized) and Chromium's capped performance-timeline buffers, not the figures'
// own objects; docs/benchmarks.md has the sizes of a 3-minute run.
import { launchBrowser, serveDist } from '../tests/browser/harness.mjs';
import { scrollThroughFigures, dragEverySlider } from '../tests/browser/figures.mjs';
const MINUTES = Number(process.argv[2] ?? 3);
const site = await serveDist();
const browser = await launchBrowser();
const page = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
await page.goto(`${site.url}/?lang=en`);
await page.waitForFunction(() => document.body.dataset.state === 'ready');
await scrollThroughFigures(page);
const cdp = await page.context().newCDPSession(page);
const pass = () => dragEverySlider(page);
async function snapshot() {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  let chunks = [];
  const onChunk = (e) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snap = JSON.parse(chunks.join(''));
  const f = snap.snapshot.meta.node_fields,
    types = snap.snapshot.meta.node_types[0];
  const nf = f.length,
    iType = f.indexOf('type'),
    iName = f.indexOf('name'),
    iSize = f.indexOf('self_size');
  const agg = new Map();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += nf) {
    const key = `${types[snap.nodes[i + iType]]}:${snap.strings[snap.nodes[i + iName]].slice(0, 60)}`;
    const a = agg.get(key) ?? { count: 0, size: 0 };
    a.count++;
    a.size += snap.nodes[i + iSize];
    total += snap.nodes[i + iSize];
    agg.set(key, a);
  }
  return { agg, total };
}
await pass();
await pass();
const A = await snapshot();
const end = Date.now() + MINUTES * 60000;
let passes = 0;
while (Date.now() < end) {
  await pass();
  passes++;
}
const B = await snapshot();
console.log(
  `passes ${passes}; total self size ${(A.total / 2 ** 20).toFixed(2)} -> ${(B.total / 2 ** 20).toFixed(2)} MiB`,
);
const rows = [...B.agg].map(([k, b]) => {
  const a = A.agg.get(k) ?? { count: 0, size: 0 };
  return { k, dc: b.count - a.count, ds: b.size - a.size, count: b.count };
});
rows.sort((x, y) => y.ds - x.ds);
for (const r of rows.slice(0, 25))
  console.log(`${(r.ds / 1024).toFixed(1).padStart(8)} KiB ${String(r.dc).padStart(7)} objs (now ${r.count})  ${r.k}`);
await browser.close();
await site.close();
