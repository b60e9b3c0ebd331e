// <nw-train>, embedded alone by embed.html under its strict CSP: training
// runs in a Web Worker (the page stays responsive), the curves and attention maps redraw, pause /
// resume / reset, Post-LN vs Pre-LN, download and load back the weights, the in-page fallback,
// keyboard, axe, and no errors. NW_TRAIN_TO_95=1 also trains the full model (batch 256, 1500
// steps) and reports the time to 95 % held-out accuracy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { describeFigure, REPO_ROOT } from './harness.mjs';
import { pixels, readout, hasSidewaysScroll } from './figures.mjs';

describeFigure('<nw-train> alone', (h) => {
  async function open(options) {
    const opened = await h.embed('nw-train', options);
    await opened.page.waitForFunction(() => document.querySelector('nw-train')._p !== null, null, { timeout: 30_000 });
    return opened;
  }

  /** Small runs for the tests: steps and batch set on the element (not URL state). */
  async function small(fig, steps, batch = 32) {
    await fig.evaluate(
      (el, [s, b]) => {
        el.steps = s;
        el.batch = b;
      },
      [steps, batch],
    );
    await fig.evaluate((el) => el.updateComplete);
    await fig.page().waitForFunction((s) => document.querySelector('nw-train')._p?.steps === s, steps);
  }

  const state = (fig) =>
    fig.evaluate((el) => ({
      status: el._status,
      step: el._p?.step ?? 0,
      mode: el._mode,
      p: el._p && { loss: el._p.loss, eval: el._p.eval, losses: el._p.losses.length },
    }));

  test('train: runs in a Web Worker; the curves, readout and maps redraw; the page stays responsive; pause and resume', async (t) => {
    const { page, fig } = await open();
    assert.equal((await state(fig)).mode, 'worker');
    // The training module only (the page's copy, for the in-page fallback; the worker's is its own).
    const wasm = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname.split('/').pop())
        .filter((n) => n.endsWith('.wasm')),
    );
    assert.deepEqual(wasm, ['normwave_train.wasm']);
    await small(fig, 200, 64);
    const before = await pixels(fig);
    await fig.locator('[data-control="run"]').click();
    await page.waitForFunction(() => (document.querySelector('nw-train')._p?.step ?? 0) >= 50, null, {
      timeout: 60_000,
    });
    // The main thread answers while the worker trains: time a few animation frames.
    const frame = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const t0 = performance.now();
          let n = 0;
          const tick = () => {
            if (++n === 10) resolve((performance.now() - t0) / 10);
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
    );
    t.diagnostic(`main thread frame time while training: ${frame.toFixed(1)} ms`);
    assert.ok(frame < 100, `frames take ${frame} ms while training`);
    await fig.locator('[data-control="run"]').click();
    await fig.evaluate((el) => el.updateComplete);
    const paused = await state(fig);
    assert.equal(paused.status, 'paused');
    await page.waitForTimeout(500);
    const still = await state(fig);
    assert.ok(still.step - paused.step <= 25, `paused at ${paused.step}, now ${still.step}`);
    assert.match(await readout(fig), /step \d+\/200/);
    assert.notEqual(await pixels(fig), before);
    assert.ok(still.p.losses >= 50);
    await fig.locator('[data-control="run"]').click();
    await page.waitForFunction(() => document.querySelector('nw-train')._status === 'done', null, { timeout: 120_000 });
    const done = await state(fig);
    assert.equal(done.step, 200);
    assert.ok(done.p.loss < 2.0, `loss after 200 steps: ${done.p.loss}`);
    assert.ok(done.p.eval.accuracy > 0.3, `held-out accuracy ${done.p.eval.accuracy}`);
    assert.equal(await fig.locator('canvas[data-map]').count(), 8);
    await h.screenshot(page, 'train.png');
  });

  test('train: reset starts over; Post-LN and the learning rate reconfigure; download and load back', async () => {
    const { page, fig } = await open();
    await small(fig, 30, 32);
    await fig.locator('[data-control="run"]').click();
    await page.waitForFunction(() => document.querySelector('nw-train')._status === 'done', null, { timeout: 60_000 });
    const trained = await fig.evaluate((el) => el._p.eval.accuracy);
    const download = page.waitForEvent('download');
    await fig.locator('[data-control="save"]').click();
    const file = await (await download).path();
    const bytes = fs.readFileSync(file);
    assert.ok(bytes.length > 100_000, `${bytes.length} bytes`);
    const header = JSON.parse(bytes.subarray(8, 8 + Number(bytes.readBigUInt64LE(0))).toString());
    assert.equal(header.__metadata__.norm_first, 'true');
    assert.ok(header['encoder.layers.1.linear2.weight']);
    await fig.locator('[data-control="reset"]').click();
    await page.waitForFunction(() => document.querySelector('nw-train')._p?.step === 0);
    await fig.locator('[data-control="norm"] button[data-value="post"]').click();
    await fig.locator('[data-control="lr"] button[data-value="1e-2"]').click();
    await fig.locator('[data-control="warmup"] button[data-value="off"]').click();
    await page.waitForFunction(() => {
      const o = document.querySelector('nw-train')._p?.options;
      return o?.normFirst === false && o.lr === 1e-2 && o.warmup === false;
    });
    // Loading the Pre-LN file switches the figure back to Pre-LN with the trained weights.
    await fig.locator('[data-control="load"]').setInputFiles(file);
    await page.waitForFunction(() => document.querySelector('nw-train')._status === 'loaded', null, {
      timeout: 30_000,
    });
    assert.equal(await fig.evaluate((el) => el.norm), 'pre');
    const loaded = await fig.evaluate((el) => el._p.eval.accuracy);
    assert.ok(Math.abs(loaded - trained) < 1e-9, `accuracy after load ${loaded} vs ${trained}`);
  });

  test('train: in the page when no worker is available (no-worker), with the same results', async () => {
    const { page, fig } = await open();
    const viaPage = await page.evaluate(async () => {
      const el = document.createElement('nw-train');
      el.setAttribute('no-worker', '');
      el.steps = 10;
      el.batch = 16;
      document.body.append(el);
      await new Promise((r) => {
        const w = () => (el._p?.steps === 10 ? r() : setTimeout(w, 50));
        w();
      });
      el.shadowRoot.querySelector('[data-control="run"]').click();
      await new Promise((r) => {
        const w = () => (el._status === 'done' ? r() : setTimeout(w, 50));
        w();
      });
      return { mode: el._mode, losses: el._p.losses };
    });
    assert.equal(viaPage.mode, 'page');
    await small(fig, 10, 16);
    await fig.locator('[data-control="run"]').click();
    await page.waitForFunction(() => document.querySelector('nw-train')._status === 'done', null, { timeout: 60_000 });
    const viaWorker = await fig.evaluate((el) => el._p.losses);
    assert.deepEqual(viaWorker, viaPage.losses, 'the worker and the page give the same losses');
  });

  test('train: keyboard, axe, Korean, dark theme', async () => {
    const { page, fig } = await open({ lang: 'ko', query: '&theme=dark', width: 390 });
    await small(fig, 20, 16);
    await fig.locator('[data-control="norm"] button[data-value="post"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('nw-train')._p?.options.normFirst === false);
    await fig.locator('[data-control="run"]').focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.querySelector('nw-train')._status === 'done', null, { timeout: 60_000 });
    assert.match(await readout(fig), /단계/);
    assert.deepEqual(await h.axe(page), []);
    assert.equal(await hasSidewaysScroll(page), false);
    const overflow = await fig.evaluate((el) =>
      [...el.shadowRoot.querySelectorAll('.toggle button')]
        .filter((b) => b.getBoundingClientRect().right > el.getBoundingClientRect().right + 0.5)
        .map((b) => b.textContent),
    );
    assert.deepEqual(overflow, [], 'every switch button lies inside the figure');
    await h.screenshot(page, 'train-ko-dark-phone.png');
  });

  test(
    'train: time to 95 % held-out accuracy, full model (NW_TRAIN_TO_95=1)',
    { skip: process.env.NW_TRAIN_TO_95 !== '1' },
    async (t) => {
      const { page, fig } = await open();
      await fig.locator('[data-control="run"]').click();
      await page.waitForFunction(
        () => {
          const el = document.querySelector('nw-train');
          return el._p?.reached95 || el._status === 'done' || el._status === 'stopped';
        },
        null,
        { timeout: 600_000, polling: 500 },
      );
      const r = await fig.evaluate((el) => ({
        reached: el._p.reached95,
        step: el._p.step,
        tps: el._p.tokensPerSecond,
        acc: el._p.eval.accuracy,
      }));
      t.diagnostic(`time to 95 %: ${JSON.stringify(r)}`);
      fs.mkdirSync(path.join(REPO_ROOT, 'build/bench'), { recursive: true });
      fs.writeFileSync(path.join(REPO_ROOT, 'build/bench/train-to-95.json'), JSON.stringify(r, null, 2));
      assert.ok(r.reached, `95 % not reached (accuracy ${r.acc} at step ${r.step})`);
    },
  );

  const statusOf = (page) => page.evaluate(() => document.querySelector('nw-train')._status);
  const stepOf = (page) => page.evaluate(() => document.querySelector('nw-train')._p?.step ?? 0);

  /** Waits until the figure trains past `step` (its run advancing), within `timeout` ms. */
  async function trainsPast(page, step, timeout = 60_000) {
    await page.waitForFunction((s) => (document.querySelector('nw-train')._p?.step ?? 0) > s, step, { timeout });
  }

  test('train: removed from the page while training and put back 500 ms later, Resume trains on from its step', async () => {
    const { page, fig } = await open();
    await small(fig, 2000, 32);
    await fig.locator('[data-control="run"]').click();
    await trainsPast(page, 5);
    await page.evaluate(async () => {
      const el = document.querySelector('nw-train');
      const parent = el.parentNode;
      el.remove();
      await new Promise((resolve) => setTimeout(resolve, 500));
      parent.append(el);
      await el.updateComplete;
    });
    await page.waitForTimeout(300);
    assert.equal(await statusOf(page), 'paused');
    const at = await stepOf(page);
    assert.ok(at > 5, `the run kept its ${at} steps`);
    assert.equal(await fig.locator('[data-control="run"]').textContent(), 'Resume');
    await fig.locator('[data-control="run"]').click();
    await trainsPast(page, at + 5, 30_000);
    assert.equal(await statusOf(page), 'running');
  });

  test('train: put back after its worker was let go, Train starts a new run that advances', async () => {
    const { page, fig } = await open();
    await small(fig, 2000, 32);
    await fig.locator('[data-control="run"]').click();
    await trainsPast(page, 5);
    const gone = await page.evaluate(async () => {
      const el = document.querySelector('nw-train');
      const parent = el.parentNode;
      el.remove();
      // Longer than a move: the figure lets its worker go.
      await new Promise((resolve) => setTimeout(resolve, 6000));
      const released = el._port === null;
      parent.append(el);
      await el.updateComplete;
      return released;
    });
    assert.ok(gone, 'a figure out of the page for 6 s holds no worker');
    await page.waitForFunction(() => document.querySelector('nw-train')._p?.step === 0, null, { timeout: 30_000 });
    assert.equal(await fig.locator('[data-control="run"]').textContent(), 'Train');
    await fig.locator('[data-control="run"]').click();
    await trainsPast(page, 3, 30_000);
    assert.equal(await statusOf(page), 'running');
  });

  /**
   * A second <nw-train> in the page whose Worker the test holds (window.workers), as a browser
   * or extension that ends or breaks the worker would.
   */
  async function heldWorkerFigure(page) {
    await page.evaluate(async () => {
      const Base = Worker;
      window.workers = [];
      window.Worker = class extends Base {
        constructor(...args) {
          super(...args);
          window.workers.push(this);
        }
      };
      document.querySelector('nw-train').remove();
      const el = document.createElement('nw-train');
      el.steps = 2000;
      el.batch = 32;
      document.querySelector('#figure').append(el);
      await new Promise((resolve) => {
        const wait = () => (el._p?.steps === 2000 ? resolve() : setTimeout(wait, 50));
        wait();
      });
    });
    return page.locator('nw-train').first();
  }

  for (const [how, end] of [
    ['terminated from outside', (w) => w.terminate()],
    ['failing with an error event', (w) => w.dispatchEvent(new ErrorEvent('error', { message: 'worker broke' }))],
  ]) {
    test(`train: a worker ${how} while training ends in a visible error; Reset starts a new worker that trains`, async () => {
      const { page } = await open();
      const fig = await heldWorkerFigure(page);
      assert.equal(await page.evaluate(() => window.workers.length), 1);
      await fig.locator('[data-control="run"]').click();
      await trainsPast(page, 3);
      await page.evaluate(`(${end})(window.workers[0])`);
      await page.waitForFunction(() => document.querySelector('nw-train')._status === 'error', null, {
        timeout: 10_000,
      });
      assert.match(await readout(fig), /training worker stopped.*Reset/i);
      assert.equal(await fig.locator('[data-control="run"]').getAttribute('aria-pressed'), 'false');
      await fig.locator('[data-control="reset"]').click();
      await page.waitForFunction(() => {
        const el = document.querySelector('nw-train');
        return el._status === 'idle' && el._p?.step === 0;
      });
      assert.equal(await page.evaluate(() => window.workers.length), 2, 'a new worker');
      await fig.locator('[data-control="run"]').click();
      await trainsPast(page, 3, 30_000);
      assert.equal(await statusOf(page), 'running');
      assert.equal(await fig.evaluate((el) => el._mode), 'worker');
    });
  }

  test('train: Train after loading weights shows Training… while the worker trains (late replies do not pause it)', async () => {
    const { page, fig } = await open();
    await small(fig, 2000, 32);
    await fig.locator('[data-control="load"]').setInputFiles(path.join(REPO_ROOT, 'web/models/tiny-sort.safetensors'));
    await page.waitForFunction(() => document.querySelector('nw-train')._status === 'loaded', null, {
      timeout: 30_000,
    });
    await page.evaluate(() => {
      const el = document.querySelector('nw-train');
      window.statuses = [];
      const seen = el._onMessage.bind(el);
      el._onMessage = (m) => {
        seen(m);
        if (m.type === 'progress' && m.running) window.statuses.push(el._status);
      };
    });
    await fig.locator('[data-control="run"]').click();
    await trainsPast(page, 10);
    assert.equal(await statusOf(page), 'running');
    assert.match(await readout(fig), /Training…/);
    assert.equal(await fig.locator('[data-control="run"]').textContent(), 'Pause');
    const statuses = await page.evaluate(() => window.statuses);
    assert.ok(statuses.length > 0);
    assert.deepEqual(new Set(statuses), new Set(['running']), 'every progress of the run reads running');
  });

  test('train: a 420 MB weights file is refused from its header, without reading the rest, naming the sizes', async (t) => {
    const { page, fig } = await open();
    const model = fs.readFileSync(path.join(REPO_ROOT, 'web/models/tiny-sort.safetensors'));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nw-train-upload-'));
    try {
      // A valid file with a sparse zero tail: 420 MB on the file's size, nothing on disk.
      const big = path.join(dir, 'big.safetensors');
      fs.writeFileSync(big, model);
      fs.truncateSync(big, 420_000_000);
      await page.evaluate(() => {
        window.reads = [];
        for (const name of ['arrayBuffer', 'text', 'bytes', 'stream']) {
          const own = Blob.prototype[name];
          if (!own) continue;
          Blob.prototype[name] = function (...args) {
            window.reads.push(this.size);
            return own.apply(this, args);
          };
        }
      });
      const t0 = Date.now();
      await fig.locator('[data-control="load"]').setInputFiles(big);
      await page.waitForFunction(() => document.querySelector('nw-train')._status === 'error', null, {
        timeout: 10_000,
      });
      const seconds = (Date.now() - t0) / 1000;
      const text = await readout(fig);
      assert.match(text, /420,000,000 bytes/);
      assert.match(text, /277,624 bytes/, 'the size the model needs');
      const reads = await page.evaluate(() => window.reads);
      assert.ok(Math.max(...reads) < 1 << 20, `the figure read ${Math.max(...reads)} bytes of the file`);
      t.diagnostic(`refused after ${seconds.toFixed(2)} s, ${Math.max(...reads)} bytes read at most`);
      assert.ok(seconds < 5, `refused after ${seconds} s`);

      // Headers that do not describe the model are refused by name before any tensor is read.
      const header = JSON.parse(model.subarray(8, 8 + Number(model.readBigUInt64LE(0))).toString());
      const crafted = (edit) => {
        const h = structuredClone(header);
        edit(h);
        const json = Buffer.from(JSON.stringify(h));
        const len = Buffer.alloc(8);
        len.writeBigUInt64LE(BigInt(json.length));
        return Buffer.concat([len, json, model.subarray(8 + Number(model.readBigUInt64LE(0)))]);
      };
      for (const [name, buffer, message] of [
        ['shape.safetensors', crafted((h) => (h['head.bias'].shape = [11])), /head\.bias.*\[11\].*\[10\]/],
        ['dtype.safetensors', crafted((h) => (h['head.bias'].dtype = 'I64')), /head\.bias.*I64/],
        ['missing.safetensors', crafted((h) => delete h['encoder.norm.bias']), /encoder\.norm\.bias/],
        ['extra.safetensors', crafted((h) => (h['decoder.weight'] = h['head.bias'])), /decoder\.weight/],
        [
          'header.safetensors',
          Buffer.concat([Buffer.from([255, 255, 255, 0, 0, 0, 0, 0]), model.subarray(8, 400)]),
          /header/i,
        ],
        ['short.safetensors', model.subarray(0, 5000), /5,000 bytes.*277,624 bytes/],
      ]) {
        await fig.locator('[data-control="reset"]').click();
        await page.waitForFunction(() => document.querySelector('nw-train')._status === 'idle');
        await fig
          .locator('[data-control="load"]')
          .setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
        await page.waitForFunction(() => document.querySelector('nw-train')._status === 'error', null, {
          timeout: 10_000,
        });
        assert.match(await readout(fig), message, name);
        assert.match(await readout(fig), new RegExp(name.replace('.', '\\.')), `${name} is named`);
      }
      // Korean has the same messages.
      await fig.evaluate((el) => el.setAttribute('lang', 'ko'));
      await fig.evaluate((el) => el.updateComplete);
      assert.match(await readout(fig), /short\.safetensors.*바이트/);
      // The figure still works: Reset, then a good file loads.
      await fig.locator('[data-control="reset"]').click();
      await fig
        .locator('[data-control="load"]')
        .setInputFiles(path.join(REPO_ROOT, 'web/models/tiny-sort.safetensors'));
      await page.waitForFunction(() => document.querySelector('nw-train')._status === 'loaded', null, {
        timeout: 30_000,
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
