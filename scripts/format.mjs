// Formatting of the whole tree: Prettier for JavaScript (.prettierrc.json, .prettierignore) and
// clang-format-14 for C++ (.clang-format). Prettier leaves the CSS and HTML inside css`` and
// html`` alone (embeddedLanguageFormatting: off): the one-rule-per-line style of the elements'
// styles stays.
//
//   node scripts/format.mjs           check (npm run format:check, a stage of npm test): lists each
//                                     file the formatters would change, with the first differing
//                                     lines, and exits 1
//   node scripts/format.mjs --write   formats those files in place (npm run format)
//
// Every tracked or new (not ignored) .js/.mjs/.cpp/.hpp file is checked; build output never is.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../', import.meta.url).pathname;
const write = process.argv.includes('--write');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });

const JS = /\.(m?js)$/;
const CPP = /\.(cpp|hpp)$/;

const files = [
  ...new Set([
    ...git('ls-files', '-z').split('\0'),
    ...git('ls-files', '-z', '--others', '--exclude-standard').split('\0'),
  ]),
]
  .filter((f) => f && (JS.test(f) || CPP.test(f)) && !/^(dist|build|node_modules)\//.test(f))
  .sort();

const prettier = await import(join(root, 'node_modules/prettier/index.mjs'));

async function formatted(file, text) {
  if (JS.test(file)) {
    const path = join(root, file);
    if ((await prettier.getFileInfo(path, { ignorePath: join(root, '.prettierignore') })).ignored) return text;
    const options = await prettier.resolveConfig(path);
    return prettier.format(text, { ...options, filepath: path });
  }
  return execFileSync('clang-format-14', [`--assume-filename=${file}`], {
    cwd: root,
    input: text,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
}

// The first few lines where `a` and `b` differ, for the report.
function firstDifferences(a, b, limit = 3) {
  const x = a.split('\n');
  const y = b.split('\n');
  const out = [];
  for (let i = 0; i < Math.max(x.length, y.length) && out.length < limit; i++) {
    if (x[i] !== y[i]) out.push(`  ${i + 1}: - ${x[i] ?? ''}\n  ${i + 1}: + ${y[i] ?? ''}`);
  }
  return out;
}

let problems = 0;
for (const file of files) {
  let text;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch {
    continue; // deleted in the work tree
  }
  let after;
  try {
    after = await formatted(file, text);
  } catch (e) {
    console.log(`${file}: the formatter failed: ${String(e.message).split('\n')[0]}`);
    problems++;
    continue;
  }
  if (after === text) continue;
  if (write) {
    writeFileSync(join(root, file), after);
    console.log(`format: ${file} written`);
    continue;
  }
  problems++;
  console.log(`${file}: not formatted`);
  for (const d of firstDifferences(text, after)) console.log(d);
}
if (problems) {
  console.log(`\nformat: ${problems} file(s) differ from the formatters; run: npm run format`);
  process.exit(1);
}
if (!write) console.log(`format: ${files.length} files formatted`);
