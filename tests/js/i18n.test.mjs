// web/lib/i18n.js: languages and keys are own properties only (#13 item 4), strings load per
// language on demand, and the figures' copy of a language leaves out the article's keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { normalizeLang, translate, loadStrings, hasStrings, LANG_CODES } from '../../web/lib/i18n.js';
import ko from '../../web/i18n/ko.js';
import en from '../../web/i18n/en.js';
import { PAGE_KEY } from '../../scripts/build-web.mjs';

const HOSTILE = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '', 'EN-us-x', 'kor'];

test('prototype names are not languages: they fall back to Korean', () => {
  for (const tag of HOSTILE) assert.ok(LANG_CODES.includes(normalizeLang(tag)), tag);
  assert.equal(normalizeLang('constructor'), 'ko');
  assert.equal(normalizeLang('__proto__'), 'ko');
  assert.equal(normalizeLang('en-US'), 'en');
  assert.equal(normalizeLang({ toString: () => 'en' }), 'en');
});

test('strings load on demand, once per language', async () => {
  assert.equal(hasStrings('en'), false);
  assert.equal(translate('en', 'common.loading'), 'common.loading', 'not loaded yet: the key');
  await Promise.all([loadStrings('en'), loadStrings('en-GB')]);
  assert.equal(hasStrings('en'), true);
  assert.equal(translate('en', 'common.loading'), en['common.loading']);
  await loadStrings('constructor');   // loads Korean, the fallback
  assert.equal(translate('constructor', 'common.loading'), ko['common.loading']);
});

test('prototype names are not keys or placeholders', async () => {
  await Promise.all(LANG_CODES.map(loadStrings));
  for (const key of HOSTILE.filter(Boolean)) assert.equal(translate('en', key), key);
  assert.equal(typeof translate('ko', 'constructor'), 'string');
  assert.equal(translate('en', 'common.loadError', { message: 'x' }), en['common.loadError'].replace('{message}', 'x'));
  // A placeholder named like an Object.prototype member stays as written when vars lack it.
  assert.equal(translate('en', 'common.loadError', {}), en['common.loadError']);
  assert.equal(translate('en', 'common.parityOk', Object.create({ error: 'inherited' })), en['common.parityOk']);
});

test('both languages have the same keys', () => {
  assert.deepEqual(Object.keys(ko).sort(), Object.keys(en).sort());
});

test("figures' strings in dist/ are one language each, without the article's keys", async () => {
  const dist = new URL('../../dist/', import.meta.url);
  const files = fs.readdirSync(dist).filter((f) => /^strings-[a-z]+-\w+\.mjs$/.test(f));
  assert.deepEqual(files.map((f) => f.split('-')[1]).sort(), [...LANG_CODES].sort());
  for (const f of files) {
    const lang = f.split('-')[1];
    const { default: table } = await import(new URL(f, dist));
    const source = lang === 'ko' ? ko : en;
    const expected = Object.keys(source).filter((k) => !PAGE_KEY.test(k)).sort();
    assert.deepEqual(Object.keys(table).sort(), expected, f);
    assert.ok(expected.length > 100 && expected.length < Object.keys(source).length);
  }
});
