// Every sentence a figure states about what it measures is a claim (web/lib/claims.js), decided
// by the figure's own numbers (its web/lib module's measure()). For every figure with claims:
// each claim holds at the figure's default settings; each has a sentence for either verdict in
// both languages, and the two differ; and a sweep over the figure's controls (a seeded sample of
// states, seeds included where the figure draws weights) prints in how many states each claim
// holds. A claim that never fails in the sweep is listed too: it is a property the figure
// measures, not a tendency.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadNormwave } from 'normwave';
import en from '../../web/i18n/en.js';
import ko from '../../web/i18n/ko.js';
import { judgeClaims, claimKeys } from '../../web/lib/claims.js';
import { clampState } from '../../web/lib/controls.js';
import { uniforms } from '../../web/lib/seeded-random.js';
import { FIGURES } from './claims-figures.mjs';

const nw = await loadNormwave();
const nwTrain = await loadNormwave({ training: true });
const modelBytes = new Uint8Array(readFileSync(new URL('../../web/models/tiny-sort.safetensors', import.meta.url)));
const context = { modelBytes };

/**
 * The states a sweep visits: the defaults; each control alone at its ends (a switch: every
 * choice, up to six of them); then n random combinations of all the controls (a seeded
 * generator, so every run sweeps the same states). Clamped as the element clamps them.
 */
function sampleStates(controls, n, seed = 1) {
  const rand = uniforms(seed);
  const raw = [{}];
  for (const [prop, c] of Object.entries(controls)) {
    const ends = c.bool
      ? [true, false]
      : c.choices
        ? c.choices.filter((_, k, all) => all.length <= 6 || k % Math.ceil(all.length / 6) === 0)
        : [c.min, c.max];
    for (const v of ends) raw.push({ [prop]: v });
  }
  for (let k = 0; k < n; k++) {
    const s = {};
    for (const [prop, c] of Object.entries(controls)) {
      if (c.bool) s[prop] = rand() < 0.5;
      else if (c.choices) s[prop] = c.choices[Math.floor(rand() * c.choices.length)];
      else s[prop] = c.min + rand() * (c.max - c.min);
    }
    raw.push(s);
  }
  const seen = new Set();
  const states = [];
  for (const r of raw) {
    const s = clampState(controls, r);
    const key = JSON.stringify(s);
    if (!seen.has(key)) {
      seen.add(key);
      states.push(s);
    }
  }
  return states;
}

const table = [];

for (const fig of FIGURES) {
  const lib = await import(fig.module);
  const lib_nw = fig.training ? nwTrain : nw;
  const measure = (state) => lib.measure(lib_nw, state, context);

  test(`${fig.tag}: every claim holds at the default settings`, () => {
    const m = measure(clampState(lib.controls, fig.defaults ?? {}));
    const verdicts = judgeClaims(lib.claims, m);
    assert.ok(verdicts.length > 0, 'no claim applies at the defaults');
    const failing = verdicts.filter((v) => !v.holds).map((v) => `${v.id} (evidence ${v.value})`);
    assert.deepEqual(failing, [], `claims that do not hold at the defaults`);
  });

  test(`${fig.tag}: every claim has its sentences in both languages, different for either verdict`, () => {
    for (const id of Object.keys(lib.claims)) {
      const keys = claimKeys(lib.ns, id);
      for (const [lang, table] of [
        ['en', en],
        ['ko', ko],
      ]) {
        for (const k of Object.values(keys)) assert.ok(Object.hasOwn(table, k), `${lang}: "${k}" is missing`);
        assert.notEqual(table[keys.holds], table[keys.fails], `${lang}: ${id} says the same either way`);
      }
    }
    // No sentence without its claim.
    const prefix = `${lib.ns}.claim.`;
    for (const k of Object.keys(en).filter((key) => key.startsWith(prefix))) {
      const id = k.slice(prefix.length).split('.')[0];
      assert.ok(Object.hasOwn(lib.claims, id), `"${k}" belongs to no claim of ${fig.tag}`);
    }
  });

  test(`${fig.tag}: the claims over a sweep of the controls`, (t) => {
    const states = fig.states ?? sampleStates(lib.controls, fig.sweep ?? 30);
    const counts = new Map(Object.keys(lib.claims).map((id) => [id, { holds: 0, of: 0 }]));
    for (const state of states) {
      for (const v of judgeClaims(lib.claims, measure(clampState(lib.controls, state)))) {
        const c = counts.get(v.id);
        c.of++;
        if (v.holds) c.holds++;
      }
    }
    for (const [id, c] of counts) {
      table.push({ claim: `${lib.ns}.${id}`, figure: fig.tag, ...c, states: states.length });
      t.diagnostic(`${fig.tag} ${id}: holds in ${c.holds} of ${c.of} states`);
      assert.ok(c.of > 0, `${id} applies in none of the swept states`);
    }
  });
}

test('the claims table', (t) => {
  const width = Math.max(...table.map((r) => r.claim.length));
  t.diagnostic(`${'claim'.padEnd(width)}  holds in / of the states where it applies`);
  for (const r of table) t.diagnostic(`${r.claim.padEnd(width)}  ${String(r.holds).padStart(3)} / ${r.of}`);
});
