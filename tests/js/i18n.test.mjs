// web/lib/i18n.js: languages and keys are own properties only, strings load per
// language on demand, and the figures' copy of a language leaves out the article's keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { normalizeLang, translate, loadStrings, hasStrings, LANG_CODES } from '../../web/lib/i18n.js';
import ko from '../../web/i18n/ko.js';
import en from '../../web/i18n/en.js';
import { fileURLToPath } from 'node:url';
import { OWN_STRINGS } from '../../web/i18n/parts.js';
import { PAGE_KEY, stringPart } from '../../scripts/build-web.mjs';
import { stringChunks } from '../../scripts/bench/embed-size.mjs';

const HOSTILE = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  '',
  'EN-us-x',
  'kor',
];

/** Runs the test with navigator.languages set (Node 20 has no navigator; Node 21+ says en-US). */
function asReader(fn) {
  return () => {
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    const reader = (languages) =>
      Object.defineProperty(globalThis, 'navigator', { value: { languages }, configurable: true, writable: true });
    try {
      fn(reader);
    } finally {
      if (saved) Object.defineProperty(globalThis, 'navigator', saved);
      else delete globalThis.navigator;
    }
  };
}

test(
  "prototype names are not languages: they fall back to the reader's language, else English",
  asReader((reader) => {
    reader([]);
    for (const tag of HOSTILE) assert.ok(LANG_CODES.includes(normalizeLang(tag)), tag);
    assert.equal(normalizeLang('constructor'), 'en');
    assert.equal(normalizeLang('__proto__'), 'en');
    assert.equal(normalizeLang('en-US'), 'en');
    assert.equal(normalizeLang({ toString: () => 'en' }), 'en');
  }),
);

test(
  "lang by its primary subtag; any other language, or none, is the reader's ko/en, else English",
  asReader((reader) => {
    reader(['de-DE', 'fr']);
    for (const [tag, lang] of [
      ['ko', 'ko'],
      ['ko-KR', 'ko'],
      ['KO', 'ko'],
      ['en', 'en'],
      ['en-US', 'en'],
      ['en-GB', 'en'],
      ['de', 'en'],
      ['ja', 'en'],
      ['zh-Hans-CN', 'en'],
      ['', 'en'],
      [null, 'en'],
      [undefined, 'en'],
    ])
      assert.equal(normalizeLang(tag), lang, String(tag));
    reader(['de-DE', 'ko-KR', 'en']);
    assert.equal(normalizeLang('ja'), 'ko', "the reader's first language that is ko or en");
    assert.equal(normalizeLang(null), 'ko');
    assert.equal(normalizeLang('en-US'), 'en', 'a lang the page gives wins over the reader');
    reader(['en-AU', 'ko']);
    assert.equal(normalizeLang('de'), 'en');
  }),
);

test('strings load on demand, once per language', async () => {
  assert.equal(hasStrings('en'), false);
  assert.equal(translate('en', 'common.loading'), 'common.loading', 'not loaded yet: the key');
  await Promise.all([loadStrings('en'), loadStrings('en-GB')]);
  assert.equal(hasStrings('en'), true);
  assert.equal(translate('en', 'common.loading'), en['common.loading']);
  await loadStrings('constructor'); // not a language: the fallback, English here (no ko reader)
  assert.equal(translate('constructor', 'common.loading'), en['common.loading']);
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

test("figures' strings in dist/ are one language each, without the article's keys, split in parts", async () => {
  const dist = new URL('../../dist/', import.meta.url);
  const chunks = stringChunks(fileURLToPath(dist));
  assert.deepEqual(Object.keys(chunks).sort(), [...LANG_CODES].sort());
  const parts = ['shared', ...Object.keys(OWN_STRINGS).map((t) => t.replace(/^nw-/, ''))].sort();
  for (const [lang, byPart] of Object.entries(chunks)) {
    assert.deepEqual(Object.keys(byPart).sort(), parts, lang);
    const source = lang === 'ko' ? ko : en;
    const seen = [];
    for (const [part, f] of Object.entries(byPart)) {
      const { default: table } = await import(new URL(f, dist));
      for (const key of Object.keys(table)) assert.equal(stringPart(key, OWN_STRINGS), part, `${f}: ${key}`);
      seen.push(...Object.keys(table));
    }
    // Every figure key is in exactly one part; none of the article's.
    const expected = Object.keys(source)
      .filter((k) => !PAGE_KEY.test(k))
      .sort();
    assert.deepEqual(seen.sort(), expected);
    assert.ok(expected.length > 100 && expected.length < Object.keys(source).length);
  }
});

test('a figure with strings of its own loads them with the shared ones; the others only the shared', async () => {
  for (const [tag, namespaces] of Object.entries(OWN_STRINGS)) {
    for (const ns of namespaces) {
      // Nothing outside the figure's own module uses its namespace (else that figure would miss it).
      for (const f of fs.readdirSync(new URL('../../web/elements/', import.meta.url))) {
        if (f === `${tag}.js`) continue;
        const text = fs.readFileSync(new URL(`../../web/elements/${f}`, import.meta.url), 'utf8');
        assert.doesNotMatch(text, new RegExp(`['\`]${ns}\\.`), `${f} uses ${tag}'s strings (${ns}.*)`);
      }
    }
  }
});

test('no string shows an escape sequence as text (a doubled backslash: "\\\\n" printed as \\n)', () => {
  for (const [lang, strings] of [
    ['ko', ko],
    ['en', en],
  ]) {
    const shown = Object.entries(strings)
      .filter(([, s]) => typeof s === 'string' && /\\[nt"']/.test(s))
      .map(([k]) => k);
    assert.deepEqual(shown, [], `${lang}: ${shown.join(', ')}`);
  }
});
