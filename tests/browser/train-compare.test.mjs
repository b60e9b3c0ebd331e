// <nw-train>'s comparison mode, embedded alone by embed.html: Compare loads its code and strings
// on request, then runs at its defaults (4 settings × 5 seeds, 150 steps at 3e-2) in the figure's
// Web Worker. Checked against the numbers the worker sent (judged again here with the same
// claims of web/lib/train-compare.js): each plot's bands and median lines, each setting's
// readout (median and range of held-out accuracy at the end), and every claim's data-holds and
// sentence. Then the note's citations, axe, a screenshot, and no errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import en from '../../web/i18n/en.js';
import { judgeClaims, claimKeys } from '../../web/lib/claims.js';
import { ARMS, COMPARE, summarize, claims, ns } from '../../web/lib/train-compare.js';
import { describeFigure } from './harness.mjs';
import { fills } from './figures.mjs';

const pct = (v) => `${(v * 100).toFixed(1)}%`;

describeFigure('<nw-train> comparing settings, alone', (h) => {
  test('train compare: runs the four settings over five seeds at its defaults; bands, readouts and claims follow the numbers', async (t) => {
    const { page, fig } = await h.embed('nw-train', { lang: 'en' });
    // The comparison's code is not part of the figure's first draw.
    assert.equal(await fig.locator('[data-compare]').count(), 0);
    const button = fig.locator('[data-control="compare"]');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    await button.focus();
    await page.keyboard.press('Enter');
    await fig.locator('[data-compare]').waitFor({ timeout: 20_000 });
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    assert.equal(await fig.locator('[data-claims-pending]').count(), 1);
    const pressed = (id) =>
      fig.locator(`[data-control="${id}"] button[aria-pressed="true"]`).getAttribute('data-value');
    assert.equal(await pressed('compare-lr'), COMPARE.lr);
    assert.equal(await pressed('compare-seeds'), String(COMPARE.seeds));

    const t0 = Date.now();
    await fig.locator('[data-control="compare-run"]').click();
    // Mid-run: the seed in training is drawn before any band.
    await page.waitForFunction(() => (document.querySelector('nw-train')._compare?.p?.step ?? 0) >= 20, null, {
      timeout: 60_000,
    });
    assert.ok(await fig.locator('[data-compare-plot="accuracy"] path[data-current="post"]').getAttribute('d'));
    await page.waitForFunction(() => document.querySelector('nw-train')._compare?.status === 'done', null, {
      timeout: 480_000,
    });
    t.diagnostic(`4 × ${COMPARE.seeds} runs in the worker: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await fig.evaluate((el) => el.updateComplete);

    const p = await fig.evaluate((el) => el._compare.p);
    assert.equal(p.finished, true);
    assert.deepEqual(p.options, {
      lr: Number(COMPARE.lr),
      steps: COMPARE.steps,
      batch: COMPARE.batch,
      seeds: COMPARE.seeds,
    });
    const s = summarize(p);
    assert.equal(s.complete, true);

    // Bands and medians: one of each per setting in each plot, spanning every evaluation step.
    for (const key of ['accuracy', 'loss']) {
      const plot = fig.locator(`[data-compare-plot="${key}"]`);
      for (const a of ARMS) {
        const band = await plot.locator(`path[data-band="${a.id}"]`).getAttribute('d');
        const med = await plot.locator(`path[data-median="${a.id}"]`).getAttribute('d');
        assert.equal((med.match(/[ML]/g) ?? []).length, p.evalSteps.length, `${key} ${a.id}: median line`);
        assert.equal((band.match(/[ML]/g) ?? []).length, 2 * p.evalSteps.length, `${key} ${a.id}: band`);
        assert.equal(
          await plot.locator(`path[data-current="${a.id}"]`).getAttribute('d'),
          '',
          'no seed left in training',
        );
      }
    }

    // Readouts: per setting the median and range of held-out accuracy at the end, over the seeds.
    const rows = await fig.locator('[data-compare-finals] tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({
        arm: tr.dataset.arm,
        median: Number(tr.dataset.accMedian),
        min: Number(tr.dataset.accMin),
        max: Number(tr.dataset.accMax),
        accuracy: tr.querySelector('[data-cell="accuracy"]').textContent.trim(),
        seeds: tr.querySelector('.seeds').textContent.trim(),
      })),
    );
    assert.deepEqual(
      rows.map((r) => r.arm),
      ARMS.map((a) => a.id),
    );
    for (const r of rows) {
      const want = s.arms[r.arm].accuracy;
      assert.deepEqual([r.median, r.min, r.max], [want.median, want.min, want.max], r.arm);
      assert.equal(r.accuracy, `${pct(want.median)} (${pct(want.min)} – ${pct(want.max)})`);
      assert.equal(r.seeds.split(' · ').length, COMPARE.seeds);
      t.diagnostic(`${r.arm.padEnd(11)} ${r.accuracy} | ${r.seeds}`);
    }

    // Claims: every one stated, its verdict the one the numbers give, its sentence that verdict's.
    const shown = await fig.locator('[data-claim]').evaluateAll((els) =>
      els.map((e) => ({
        claim: e.dataset.claim,
        holds: e.dataset.holds,
        value: Number(e.querySelector('.evidence').dataset.value),
        text: e.querySelector('.claim-text').textContent.trim(),
        evidence: e.querySelector('.evidence').textContent.trim(),
      })),
    );
    const verdicts = judgeClaims(claims, s);
    assert.deepEqual(
      shown.map((c) => c.claim),
      verdicts.map((v) => `train.${v.id}`),
    );
    for (const v of verdicts) {
      const c = shown.find((x) => x.claim === `train.${v.id}`);
      const keys = claimKeys(ns, v.id);
      assert.equal(c.holds, String(v.holds), c.claim);
      assert.equal(c.value, v.value, `${c.claim}: evidence`);
      assert.ok(fills(c.text, en[v.holds ? keys.holds : keys.fails]), `${c.claim}: "${c.text}"`);
      assert.ok(fills(c.evidence, en[keys.evidence]), `${c.claim}: "${c.evidence}"`);
      t.diagnostic(`${c.claim}: ${v.holds ? 'holds' : 'fails'} — ${c.evidence}`);
    }

    // The note's citations: no reference list on an embed page, so the labels stand alone.
    const cites = await fig
      .locator('[data-note] [data-cite]')
      .evaluateAll((els) => els.map((e) => [e.dataset.cite, e.tagName]));
    assert.deepEqual(cites, [
      ['xiong2020', 'SPAN'],
      ['liu2020', 'SPAN'],
    ]);
    assert.doesNotMatch(await fig.locator('[data-note]').textContent(), /data-cite|<a/);

    assert.deepEqual(await h.axe(page, 'nw-train'), []);
    await fig.locator('[data-compare]').scrollIntoViewIfNeeded();
    await h.screenshot(page, 'train-compare.png');
  });
});
