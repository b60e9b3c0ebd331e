// Formatting of the lines a branch changes: Prettier for JavaScript (.prettierrc.json) and
// clang-format-14 for C++ (.clang-format), applied to the lines that differ from the commit in
// .format-base, so the tree is never reformatted behind several branches at once. Prettier
// leaves the CSS and HTML inside css`` and html`` alone (embeddedLanguageFormatting: off): the
// one-rule-per-line style of the elements' styles stays.
//
//   node scripts/format.mjs           check (npm run format:check): lists each changed line the
//                                     formatter would change and exits 1
//   node scripts/format.mjs --write   formats those lines in place (npm run format)
//   NW_FORMAT_BASE=<rev>              compare with <rev> instead of .format-base (else
//                                     `git merge-base HEAD main`)
//
// Whole-tree formatting, for a day when no branch is in flight (one commit of its own):
//   npx prettier --write . && clang-format-14 -i $(git ls-files '*.cpp' '*.hpp')
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../', import.meta.url).pathname;
const write = process.argv.includes('--write');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });

// The commit from which on every changed line is formatted (.format-base, checked by npm test):
// lines older than it keep the style they were written in until a whole-tree format moves it.
function base() {
  if (process.env.NW_FORMAT_BASE) return process.env.NW_FORMAT_BASE;
  try {
    const pinned = readFileSync(join(root, '.format-base'), 'utf8').match(/^[0-9a-f]{7,40}$/m)?.[0];
    if (pinned) {
      try {
        git('cat-file', '-e', `${pinned}^{commit}`);
        return pinned;
      } catch {
        console.log(`format: .format-base ${pinned} is not in this clone (shallow?); comparing with main instead`);
      }
    }
  } catch {
    /* no .format-base */
  }
  for (const ref of ['main', 'origin/main']) {
    try {
      return git('merge-base', 'HEAD', ref).trim();
    } catch { /* try the next */ }
  }
  return null;
}

const JS = /\.(m?js)$/, CPP = /\.(cpp|hpp)$/;

// Line numbers (1-based, in the file as it is now) that differ from `rev`: every line of a new file.
function changedLines(rev, file, isNew) {
  const lines = new Set();
  if (isNew) {
    const n = readFileSync(join(root, file), 'utf8').split('\n').length;
    for (let i = 1; i <= n; i++) lines.add(i);
    return lines;
  }
  for (const [, start, count] of git('diff', '-U0', '--no-color', rev, '--', file).matchAll(/^@@ -\S+ \+(\d+)(?:,(\d+))? @@/gm)) {
    const c = count === undefined ? 1 : Number(count);
    for (let i = 0; i < c; i++) lines.add(Number(start) + i);
  }
  return lines;
}

// Hunks turning `before` into `after`: { start, count, lines } in `before`'s line numbers.
function hunks(before, after) {
  const dir = mkdtempSync(join(tmpdir(), 'nw-format-'));
  try {
    writeFileSync(join(dir, 'a'), before);
    writeFileSync(join(dir, 'b'), after);
    let out = '';
    try {
      out = execFileSync('git', ['diff', '--no-index', '-U0', '--no-color', 'a', 'b'], { cwd: dir, encoding: 'utf8' });
    } catch (e) {
      out = e.stdout;  // exit status 1: they differ
    }
    const result = [];
    const parts = out.split(/^(?=@@ )/m).slice(1);
    for (const part of parts) {
      const [, a, ac] = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/.exec(part);
      const body = part.split('\n').slice(1);
      result.push({
        start: Number(a), count: ac === undefined ? 1 : Number(ac),
        lines: body.filter((l) => l.startsWith('+')).map((l) => l.slice(1)),
        removed: body.filter((l) => l.startsWith('-')).map((l) => l.slice(1)),
      });
    }
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function formatted(file, text, lines) {
  if (JS.test(file)) {
    const prettier = await import(join(root, 'node_modules/prettier/index.mjs'));
    const options = await prettier.resolveConfig(join(root, file));
    return prettier.format(text, { ...options, filepath: join(root, file) });
  }
  // clang-format formats only the changed lines itself.
  const ranges = [...lines].sort((a, b) => a - b).reduce((r, l) => {
    if (r.length && r.at(-1)[1] === l - 1) r.at(-1)[1] = l;
    else r.push([l, l]);
    return r;
  }, []);
  if (ranges.length === 0) return text;
  const args = [`--assume-filename=${file}`, ...ranges.map(([a, b]) => `--lines=${a}:${b}`)];
  return execFileSync('clang-format-14', args, { cwd: root, input: text, encoding: 'utf8', maxBuffer: 1 << 28 });
}

const rev = base();
if (!rev) {
  console.log('format: no main branch to compare with; nothing checked');
  process.exit(0);
}
const ignored = new Set(git('ls-files', '--others', '--ignored', '--exclude-standard').split('\n'));
const tracked = git('diff', '--name-only', '--diff-filter=ACMR', rev).split('\n').filter(Boolean);
const untracked = git('ls-files', '--others', '--exclude-standard').split('\n').filter(Boolean);
const baseFiles = new Set(git('ls-tree', '-r', '--name-only', rev).split('\n'));
const files = [...new Set([...tracked, ...untracked])]
  .filter((f) => (JS.test(f) || CPP.test(f)) && !ignored.has(f) && !/^(dist|build|node_modules)\//.test(f))
  .sort();

let problems = 0;
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8');
  const lines = changedLines(rev, file, !baseFiles.has(file));
  if (lines.size === 0) continue;
  let after;
  try {
    after = await formatted(file, text, lines);
  } catch (e) {
    console.log(`${file}: the formatter failed: ${String(e.message).split('\n')[0]}`);
    problems++;
    continue;
  }
  // A formatter hunk counts when it touches a changed line (an insertion: the line before or after).
  // clang-format was given only the changed lines (--lines), so all of its hunks count: one that
  // moves a changed #include into its sorted place removes it at a changed line and inserts it at
  // an unchanged one, and applying only the first half lost the line.
  const mine = hunks(text, after).filter((h) => {
    if (CPP.test(file)) return true;
    const first = h.count === 0 ? h.start : h.start, last = h.count === 0 ? h.start + 1 : h.start + h.count - 1;
    for (let l = first; l <= last; l++) if (lines.has(l)) return true;
    return false;
  });
  if (mine.length === 0) continue;
  if (write) {
    const out = text.split('\n');
    for (const h of [...mine].reverse()) out.splice(h.count === 0 ? h.start : h.start - 1, h.count, ...h.lines);
    writeFileSync(join(root, file), out.join('\n'));
    console.log(`format: ${file}: ${mine.length} change(s) written`);
    continue;
  }
  problems += mine.length;
  for (const h of mine) {
    console.log(`${file}:${h.start}: ${h.count ? 'reformat' : 'insert after'}`);
    for (const l of h.removed) console.log(`  - ${l}`);
    for (const l of h.lines) console.log(`  + ${l}`);
  }
}
if (problems) {
  console.log(`\nformat: ${problems} changed line group(s) differ from the formatter; run: node scripts/format.mjs --write`);
  process.exit(1);
}
if (!write) console.log(`format: ${files.length} changed file(s) against ${rev.slice(0, 10)}, formatted`);
