// Points of the article that are easy to get wrong, checked in the strings (web/i18n, both languages
// kept in step) and, where a figure draws them, in the figures: no paper attached to the §16 tables, word-order
// examples whose meaning changes, RoPE's limit, one LayerNorm numbering (formula and figures),
// one FFN notation, gradient claims worded as claims with their source, the covariate-shift debate,
// the N× bracket with PE and the final LayerNorm outside, the attention model's LN placement next to
// its map, one set of terms, one tokenisation, no implementation words in learner captions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import ko from '../../web/i18n/ko.js';
import en from '../../web/i18n/en.js';
import { describeFigure } from './harness.mjs';

const LANGS = { ko, en };
const INDEX = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
const each = (fn) => {
  for (const [lang, s] of Object.entries(LANGS)) fn(s, lang);
};
const keys = (s, re) => Object.keys(s).filter((k) => re.test(k));

test('strings: both languages have exactly the same keys', () => {
  assert.deepEqual(Object.keys(ko).sort(), Object.keys(en).sort());
});

test('① §16: the result tables carry no paper they do not come from, and say so', () => {
  each((s, lang) => {
    for (const k of keys(s, /^s16\./)) assert.doesNotMatch(s[k], /Ba,|Kiros|Hinton|2016/, `${lang} ${k}`);
    assert.match(s['s16.mt.caption'] + s['s16.lm.caption'], lang === 'ko' ? /출처 확인 불가/ : /source not traceable/);
  });
  const s16 = INDEX.slice(
    INDEX.indexOf('<section id="s16"'),
    INDEX.indexOf('</section>', INDEX.indexOf('<section id="s16"')),
  );
  assert.doesNotMatch(s16, /Kiros|Hinton/);
});

test('② the order examples change meaning with order, and particles are addressed', () => {
  assert.doesNotMatch(ko['s1.body'], /나는 AI를|AI를 나는/);
  assert.match(ko['s1.body'], /작은 고양이의 집[\s\S]*고양이의 작은 집/);
  assert.match(ko['s1.body'], /조사/);
  assert.doesNotMatch(en['s1.body'], /I study AI/);
  assert.match(en['s1.body'], /particle/);
  // The order demo swaps the first two tokens by default (perm "10234"): a different meaning.
  each((s) => {
    const t = s['orderDemo.tokens'].split('|');
    assert.equal(t.length, 5);
  });
  assert.equal(ko['orderDemo.tokens'].split('|').slice(0, 2).reverse().join(' '), '고양이의 작은');
});

test('③ RoPE: its limit past the training length and the methods that extend it are stated', () => {
  each((s, lang) => {
    for (const k of ['s5.callout', 'peCompare.r.extrapolation.rope']) {
      assert.match(s[k], /YaRN/, `${lang} ${k}`);
      assert.match(s[k], lang === 'ko' ? /학습 길이/ : /training length/, `${lang} ${k}`);
    }
    assert.match(s['s5.callout'], lang === 'ko' ? /위치 보간[\s\S]*NTK/ : /position interpolation[\s\S]*NTK/);
  });
});

test('④ one LayerNorm numbering: ① μ ② σ² ③ x̂ ④ y in the formula, the shared steps and both figures', () => {
  // The §7 formula (one aligned formula, or one formula per step): each numbered line names its symbol.
  const tex = [...INDEX.matchAll(/data-tex="([^"]*)"/g)].map((m) => m[1]).join('\n');
  const line = (k) => tex.slice(tex.indexOf(`\\text{${k}}`), tex.indexOf(`\\text{${k}}`) + 60);
  assert.match(line('①'), /^\\text\{①\}\\quad \\mu = /);
  assert.match(line('②'), /^\\text\{②\}\\quad \\sigma\^2 = /);
  assert.match(line('③'), /^\\text\{③\}\\quad \\hat\{x\}_i = /);
  assert.match(line('④'), /^\\text\{④\}\\quad \\mathrm\{LN\}\(x\)_i = \\gamma_i/);
  const symbol = { '①': /μ/, '②': /σ²/, '③': /x̂|÷ √/, '④': /y|γ/ };
  each((s, lang) => {
    assert.match(s['lnStep.1'], /^① .*μ/);
    assert.match(s['lnStep.2'], /^② .*σ²/);
    assert.match(s['lnStep.3'], /^③ .*x̂/);
    assert.match(s['lnStep.4'], /^④ .*y/);
    // Every numbered mention in the LayerNorm figures' strings names that step's symbol right after it.
    for (const k of keys(s, /^(lnSteps|lnPipe|lnStep|kernelSource\.text\.layerNorm)\./)) {
      for (const m of s[k].matchAll(/[①②③④]/g)) {
        const after = s[k].slice(m.index, m.index + 24);
        assert.match(after, symbol[m[0]], `${lang} ${k}: "${after}"`);
      }
    }
    assert.doesNotMatch(s['lnPipe.formulas'], /세 단계|three steps/);
  });
});

test('⑤ the FFN is written xW₁ + b₁ for learners, PyTorch’s layout in a note', () => {
  each((s, lang) => {
    assert.doesNotMatch(s['ffn.caption'], /ᵀ/, lang);
    assert.match(s['ffn.layout'], /xW₁ \+ b₁[\s\S]*W₁ᵀ/, lang);
  });
  assert.match(INDEX, /xW_1 \+ b_1/);
});

test('⑥ ⑧ gradient claims are worded as claims with their source; the covariate-shift debate is noted', () => {
  each((s, lang) => {
    for (const [k, v] of Object.entries(s)) {
      if (/고속도로|highway/.test(v)) assert.match(v, /흔히|often/, `${lang} ${k}: the highway is a claim`);
    }
    assert.match(s['s15.body'], /Xiong/);
    assert.match(s['s10.prepost'], /data-cite="xiong2020"/);
    assert.match(s['s15.body'], /data-cite="liu2020"/);
    assert.match(s['s6.body'], /Santurkar/);
    assert.match(s['s6.body'], lang === 'ko' ? /논쟁/ : /debated/);
    // The depth figure is a plain stack (no residuals) and its Backward view does measure gradients.
    assert.match(
      s['s6.body'],
      lang === 'ko' ? /잔차 연결이 없는[\s\S]*역전파 보기/ : /without residual connections[\s\S]*Backward view/,
    );
  });
});

test('terms: one word for each idea; captions free of implementation words; one tokenisation', () => {
  const all = (s) => Object.values(s).join('\n');
  assert.doesNotMatch(all(ko), /피처|질의|배선|편향\) 분산|편향 분산/);
  each((s, lang) => {
    assert.doesNotMatch(all(s), /Pre-Norm|Post-Norm/, lang);
    for (const k of keys(s, /^peCompare\.alibi\./))
      assert.doesNotMatch(s[k], /기울기|slope m =|slope \{/, `${lang} ${k}`);
    for (const k of keys(s, /\.caption$/)) assert.doesNotMatch(s[k], /WebAssembly|nw\.\w/, `${lang} ${k}`);
    assert.deepEqual(
      s['attention.sandboxExample'].split(/\s+/),
      s['ffn.tokens'].split('|'),
      `${lang}: FFN and attention split text the same way`,
    );
  });
  assert.doesNotMatch(all(en), /(?<!\{)\bwirings?\b(?!\})/);
  assert.doesNotMatch(all(ko), /부분층/, 'ko: 서브레이어 is the one word for a sublayer');
  assert.doesNotMatch(all(en), /initialis/, 'en: one spelling, initialization');
});

describeFigure('the corrections in the figures', { teach: true }, (h) => {
  test('⑦ the encoder block: the N× bracket holds one layer; PE above it, the Pre-LN final LayerNorm below it', async () => {
    const { page } = await h.teach('<nw-encoder-block id="block" wiring="pre"></nw-encoder-block>');
    const block = page.locator('#block');
    const box = (sel) =>
      block.locator(sel).evaluate((e) => {
        const b = e.getBBox();
        return { top: b.y, bottom: b.y + b.height };
      });
    const nx = await box('[data-nx]');
    const pe = await box('circle[data-step="pe"]');
    const final = await box('rect[data-step="final"]');
    const ln1 = await box('rect[data-step="ln1"]');
    assert.ok(pe.bottom < nx.top, 'PE is added once, before the stack');
    assert.ok(final.top > nx.bottom, 'the final LayerNorm follows the stack');
    assert.ok(ln1.top > nx.top && ln1.bottom < nx.bottom, 'the layer is inside the bracket');
    await block.locator('[data-control="wiring"] button[data-value="post"]').click();
    assert.equal(await block.locator('rect[data-step="final"]').count(), 0, 'Post-LN: no final LayerNorm');
  });

  test('⑨ the attention figure says next to its map which LN placement its model runs', async () => {
    const { page } = await h.teach('<nw-attention id="att"></nw-attention>');
    const att = page.locator('#att');
    assert.equal(await att.locator('[data-runs]').getAttribute('data-runs'), 'pre');
    assert.match(
      await att.locator('[data-runs]').textContent(),
      /Pre-LN[\s\S]*x \+ Sub\(LN\(x\)\)[\s\S]*encoder-block formula, LN\(x \+ Sublayer\(x\)\), is the original paper’s Post-LN/,
    );
    // Right above the heatmap.
    const [runs, map] = await Promise.all([
      att.locator('[data-runs]').boundingBox(),
      att.locator('.heatmap').boundingBox(),
    ]);
    assert.ok(map.y - (runs.y + runs.height) < 20);
    await att.locator('[data-control="mode"] button[data-value="sandbox"]').click();
    assert.equal(await att.locator('[data-runs]').getAttribute('data-runs'), 'pre');
  });
});
