// docs/benchmarks.md is written by the bench scripts of `npm run bench`: each one replaces its own
// section, the lines between `<!-- bench:<name> -->` and `<!-- /bench:<name> -->`, with its tables,
// what it ran on (the date, os.cpus()[0].model, Node and, for the browser benches, Chromium) and the
// rows it gives the README's results table, kept in a `<!-- summary [...] -->` line of the section.
// The README's table, between `<!-- bench:summary -->` and `<!-- /bench:summary -->`, is then
// rebuilt from the summary lines of every section, so a script run on its own updates its rows and
// keeps the others. Text outside the markers is written by hand and never touched.
//
// Nothing is written when NW_BENCH_DOCS=0, or for a partial run (--quick, --only, fewer rounds or
// steps, …: the twin tests run those): such runs only print, as every run does.
import os from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

export const DOCS = new URL('../../docs/benchmarks.md', import.meta.url);
export const README = new URL('../../README.md', import.meta.url);

/** The sections, in the order of docs/benchmarks.md and of the README's rows. */
export const SECTIONS = ['run', 'call-cost', 'train', 'browser', 'embed-size', 'lighthouse'];

const log = (line) => process.stderr.write(`${line}\n`);
const open = (name) => `<!-- bench:${name} -->`;
const close = (name) => `<!-- /bench:${name} -->`;
const SUMMARY = /^<!-- summary (.*) -->$/m;

/** Debian's Chromium's version, for the sections of the benches that run it. */
export function chromiumVersion(path = '/usr/bin/chromium') {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8' }).match(/(\d+(?:\.\d+)+)/)?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** One line saying when and on what a section ran. */
export function environment({ chromium } = {}) {
  const cpus = os.cpus();
  return [
    new Date().toISOString().slice(0, 10),
    `${cpus[0]?.model ?? 'unknown CPU'} (${cpus.length} cores)`,
    `Node ${process.versions.node}`,
    ...(chromium ? [`Chromium ${chromium}`] : []),
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the end`,
  ].join(' · ');
}

/** text with the lines between section name's markers replaced by body (the section appended when missing). */
export function replaceSection(text, name, body) {
  const a = text.indexOf(open(name));
  const b = text.indexOf(close(name));
  const block = `${open(name)}\n${body.trim()}\n${close(name)}`;
  if (a < 0 || b < a) return `${text.trimEnd()}\n\n${block}\n`;
  return text.slice(0, a) + block + text.slice(b + close(name).length);
}

/** The body of section name in text, or null. */
export function sectionOf(text, name) {
  const a = text.indexOf(open(name));
  const b = text.indexOf(close(name));
  return a < 0 || b < a ? null : text.slice(a + open(name).length, b);
}

/** The README's rows from docs/benchmarks.md: [what, result, date] of every section, in SECTIONS order. */
export function summaryRows(docs) {
  return SECTIONS.flatMap((name) => {
    const m = SUMMARY.exec(sectionOf(docs, name) ?? '');
    return m ? JSON.parse(m[1]) : [];
  });
}

/** The README's results table. */
export function summaryTable(rows) {
  const cell = (s) => String(s).replaceAll('|', '\\|');
  return [
    '| measure | result | run |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
}

/** The README's table rebuilt from docs/benchmarks.md as it is on disk. */
export function writeReadmeSummary() {
  const docs = readFileSync(DOCS, 'utf8');
  const readme = readFileSync(README, 'utf8');
  if (!readme.includes(open('summary'))) throw new Error(`README.md has no ${open('summary')} marker`);
  writeFileSync(README, replaceSection(readme, 'summary', summaryTable(summaryRows(docs))));
}

/**
 * Replaces section `name` of docs/benchmarks.md with body (markdown) under a line saying when and
 * on what it ran, and summary ([what, result] rows for the README), then the README's table.
 * partial: why this run is not the full bench (then nothing is written), or false.
 * Returns whether it wrote.
 */
export function writeSection(name, { body, summary = [], chromium, partial = false }) {
  if (!SECTIONS.includes(name)) throw new Error(`report: unknown section ${name}`);
  if (process.env.NW_BENCH_DOCS === '0') {
    log(`bench: NW_BENCH_DOCS=0: docs/benchmarks.md (${name}) not written`);
    return false;
  }
  if (partial) {
    log(`bench: a partial run (${partial}): docs/benchmarks.md (${name}) not written`);
    return false;
  }
  const env = environment({ chromium });
  const date = env.slice(0, 10);
  // "--" cannot end the comment early: JSON escapes it as "-\u002d".
  const rows = JSON.stringify(summary.map(([what, result]) => [what, result, date])).replaceAll('--', '-\\u002d');
  const section = [`Run ${env}.`, '', body.trim(), '', `<!-- summary ${rows} -->`].join('\n');
  writeFileSync(DOCS, replaceSection(readFileSync(DOCS, 'utf8'), name, section));
  writeReadmeSummary();
  log(`bench: wrote docs/benchmarks.md (${name}) and the README's results table`);
  return true;
}

/** The lowest and highest of xs as "lo–hi" (one value when they are equal), each by fmt. */
export function range(xs, fmt = String) {
  const lo = Math.min(...xs),
    hi = Math.max(...xs);
  return fmt(lo) === fmt(hi) ? fmt(lo) : `${fmt(lo)}–${fmt(hi)}`;
}
