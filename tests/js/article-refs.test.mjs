// The article's cross-references and citations, on the pages scripts/prerender.mjs writes: every
// "§" is a link to an existing section whose heading carries that number; every citation links to
// an entry of the reference list, and every entry is cited and complete. The figures' strings say
// no "§" (a figure also stands alone, in embed.html, where there are no sections to point at).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { renderPage } from '../../scripts/prerender.mjs';
import { REFERENCES } from '../../web/lib/references.js';
import ko from '../../web/i18n/ko.js';
import en from '../../web/i18n/en.js';

const template = fs.readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
const pages = Object.fromEntries(['ko', 'en'].map((lang) => [lang, renderPage(template, lang, { version: 'test' })]));
const textOf = (html) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

/** Section id → the number its heading shows ("<span class="num">N.</span>"). */
function headingNumbers(html) {
  const out = new Map();
  for (const m of html.matchAll(/<section id="([\w-]+)"[^>]*>\s*<h2[^>]*><span class="num">(\d+)\.<\/span>/g))
    out.set(m[1], Number(m[2]));
  return out;
}

for (const [lang, html] of Object.entries(pages)) {
  test(`${lang}: every § on the page is a link to an existing section with that number`, () => {
    const numbers = headingNumbers(html);
    assert.equal(numbers.size, 18, 'the article has 18 numbered sections');
    const body = html.slice(html.indexOf('<body'));
    const links = [...body.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].filter(([, , text]) => text.includes('§'));
    assert.ok(links.length >= 2, `${links.length} § links`);
    for (const [whole, attrs, text] of links) {
      const href = /href="#([\w-]+)"/.exec(attrs)?.[1];
      assert.ok(href && numbers.has(href), `${whole}: no section "${href}"`);
      assert.equal(text, `§${numbers.get(href)}`, `${whole}: section ${href} is numbered ${numbers.get(href)}`);
    }
    // No § outside those links (a typed "§11" would go stale when sections move).
    const withoutLinks = body.replace(/<a [^>]*class="xref"[^>]*>§\d+<\/a>/g, '');
    const stray = textOf(withoutLinks).match(/.{0,30}§.{0,10}/);
    assert.equal(stray, null, `a § that is not a link: ${stray?.[0]}`);
  });

  test(`${lang}: every citation links to its entry, every entry is cited and complete`, () => {
    const ids = [...html.matchAll(/<li id="ref-([\w-]+)">/g)].map((m) => m[1]);
    assert.deepEqual(
      ids,
      REFERENCES.map((r) => r.id),
      'the list holds every work, in order',
    );
    const cites = [...html.matchAll(/<a ([^>]*class="cite"[^>]*)>([^<]+)<\/a>/g)];
    assert.ok(cites.length >= REFERENCES.length, `${cites.length} citations`);
    const cited = new Set();
    for (const [whole, attrs, text] of cites) {
      const id = /href="#ref-([\w-]+)"/.exec(attrs)?.[1];
      assert.ok(ids.includes(id), `${whole}: no entry`);
      assert.match(attrs, new RegExp(`aria-describedby="ref-${id}"`), `${whole}: the entry is its description`);
      assert.ok(text.trim().length > 2, `${whole}: says whom it cites`);
      cited.add(id);
    }
    assert.deepEqual([...cited].sort(), [...ids].sort(), 'every listed work is cited in the text');
    assert.doesNotMatch(html, /data-(?:cite|xref)=/, 'every citation and cross-reference was filled');
  });
}

test('every reference has authors, year, title, venue and an https link', () => {
  for (const r of REFERENCES) {
    for (const field of ['id', 'short', 'authors', 'title', 'venue', 'url'])
      assert.ok(typeof r[field] === 'string' && r[field].trim(), `${r.id}: ${field}`);
    assert.ok(Number.isInteger(r.year) && r.year >= 2014 && r.year <= 2024, `${r.id}: year ${r.year}`);
    assert.equal(new URL(r.url).protocol, 'https:', `${r.id}: ${r.url}`);
    if (r.kind) assert.ok(['blog', 'forum'].includes(r.kind), `${r.id}: kind ${r.kind}`);
  }
  assert.equal(new Set(REFERENCES.map((r) => r.id)).size, REFERENCES.length, 'ids are unique');
});

test("figures' strings name no section by number", () => {
  for (const [lang, table] of Object.entries({ ko, en })) {
    for (const [key, value] of Object.entries(table)) {
      if (/^(page|s\d+)\./.test(key)) continue;
      assert.ok(!value.includes('§'), `${lang} ${key}: ${value}`);
    }
  }
});
