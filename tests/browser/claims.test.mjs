// Every figure with claims (tests/js/claims-figures.mjs), embedded alone at its defaults: each
// claim its numbers make applicable is on the page with data-claim="<figure>.<id>" and
// data-holds="true", its evidence is the number the same web/lib module computes in Node at the
// same settings, and its sentence is the "holds" one. Then, where a control can flip a verdict,
// moving it turns that claim's data-holds to "false" and its sentence to the other one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadNormwave } from 'normwave';
import en from '../../web/i18n/en.js';
import { judgeClaims, claimKeys } from '../../web/lib/claims.js';
import { clampState } from '../../web/lib/controls.js';
import { describeFigure } from './harness.mjs';
import { setSlider, fills } from './figures.mjs';
import { FIGURES } from '../js/claims-figures.mjs';

const nw = await loadNormwave({ training: true });
const context = {
  modelBytes: new Uint8Array(readFileSync(new URL('../../web/models/tiny-sort.safetensors', import.meta.url))),
};

/** Settles a figure: its re-render, and <nw-grad-norms>'s measurement off the input path. */
const settle = (fig) =>
  fig.evaluate(async (el) => {
    await el.whenMeasured?.();
    await el.updateComplete;
  });

const click = async (fig, control, value) => {
  await fig.locator(`[data-control="${control}"] button[data-value="${value}"]`).click();
  await settle(fig);
};

/** Per figure: a move of its controls after which `claim` no longer holds. */
const FLIPS = {
  'nw-depth-demo': { claim: 'explodes', move: (fig) => setSlider(fig, 'scale', 1) },
  'nw-encoder-stack': {
    claim: 'preCosLess',
    move: async (fig) => {
      await click(fig, 'wiring', 'pre');
      await setSlider(fig, 'layers', 1);
    },
  },
  'nw-rmsnorm': { claim: 'rmsKeepsMean', move: (fig) => setSlider(fig, 'gamma', 0) },
  'nw-ffn': { claim: 'layerMixes', move: (fig) => setSlider(fig, 'nudge', 0) },
  'nw-order-demo': { claim: 'sameRows', move: (fig) => click(fig, 'with-pe', 'true') },
  'nw-ln-pipeline': {
    claim: 'hatUnit',
    move: async (fig) => {
      for (let k = 1; k <= 8; k++) await fig.locator(`input[data-control="x${k}"]`).fill('1');
      await settle(fig);
    },
  },
  'nw-pe-compare': { claim: 'selfUp', move: (fig) => setSlider(fig, 'query', 0) },
  'nw-attention': {
    claim: 'padsInvisible',
    move: async (fig) => {
      await click(fig, 'mode', 'padding');
      await click(fig, 'mask', 'false');
    },
  },
  'nw-grad-norms': {
    claim: 'postFlat',
    move: async (fig) => {
      await setSlider(fig, 'depth', 24);
      await click(fig, 'd-model', '32');
    },
  },
};

/** The rendered claims: [{ id, holds, value, text }] (id without the figure's prefix). */
function rendered(fig, name) {
  return fig.locator('[data-claim]').evaluateAll(
    (els, prefix) =>
      els.map((e) => ({
        claim: e.dataset.claim,
        id: e.dataset.claim.slice(prefix.length),
        holds: e.dataset.holds,
        value: e.querySelector('.evidence')?.dataset.value,
        evidence: e.querySelector('.evidence')?.textContent.trim(),
        text: e.querySelector('.claim-text')?.textContent.trim(),
      })),
    `${name}.`,
  );
}

const near = (a, b) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b)) + 1e-9;

describeFigure('the figures’ claims, each alone at its defaults', (h) => {
  for (const fig of FIGURES) {
    const name = fig.tag.replace(/^nw-/, '');
    test(`${fig.tag}: its claims on the page at the defaults, with the evidence Node computes`, async (t) => {
      const lib = await import(new URL(fig.module, new URL('../js/', import.meta.url)));
      const { fig: el } = await h.embed(fig.tag, { lang: 'en' });
      await settle(el);
      const shown = await rendered(el, name);
      const expected = judgeClaims(lib.claims, lib.measure(nw, clampState(lib.controls, {}), context));
      assert.deepEqual(
        shown.map((c) => c.id).sort(),
        expected.map((v) => v.id).sort(),
        'the claims that apply at the defaults',
      );
      for (const c of shown) {
        const v = expected.find((e) => e.id === c.id);
        assert.equal(c.claim, `${name}.${c.id}`);
        assert.equal(c.holds, 'true', `${c.claim} holds at the defaults`);
        assert.ok(c.evidence, `${c.claim} shows its evidence`);
        assert.ok(fills(c.text, en[claimKeys(lib.ns, c.id).holds]), `${c.claim}: "${c.text}" is the "holds" sentence`);
        assert.ok(near(Number(c.value), v.value), `${c.claim}: evidence ${c.value} on the page, ${v.value} in Node`);
        t.diagnostic(`${c.claim}: ${c.evidence}`);
      }
      const flip = FLIPS[fig.tag];
      if (flip) {
        const before = shown.find((c) => c.id === flip.claim);
        await flip.move(el);
        await settle(el);
        const after = (await rendered(el, name)).find((c) => c.id === flip.claim);
        assert.ok(after, `${name}.${flip.claim} is still stated after the move`);
        assert.equal(after.holds, 'false', `${name}.${flip.claim} flips`);
        // Not every flipped claim applies at the defaults (a Pre-LN sentence while Post-LN is shown).
        if (before) assert.notEqual(after.text, before.text, 'the sentence changes with the verdict');
        const keys = claimKeys(lib.ns, flip.claim);
        assert.ok(fills(after.text, en[keys.fails]), `"${after.text}" is the "fails" sentence`);
      }
    });
  }
});
