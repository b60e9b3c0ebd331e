// npm's prepack: refuse to pack a package whose dist/ is missing or stale, or whose share menu
// would hand out snippets and links that point at nothing:
//   - the script tag names the package on jsDelivr: package.json's name must be the one
//     web/lib/site.js writes there;
//   - the site is package.json's `homepage` (web/lib/site.js): it must be an https folder on a
//     host that serves the built site — not a CDN (it sends embed.html as text/plain, so an
//     iframe shows source) nor a code or package host (npm's default github.com/…#readme);
//   - dist/, which .github/workflows/pages.yml publishes at that homepage, must hold every page
//     the menu links to — embed.html, the article in both languages, each figure's page with its
//     oEmbed answer and picture — written for that homepage;
//   - dist/ must be built from the working tree's sources (build-web.mjs stamps it with a hash).
// Without a homepage the menu offers only what needs no site (script tag, CodePen, SVG, PNG).
//   NW_DIST_DIR=…       check another folder
//   NW_PACKAGE_JSON=…   read another package.json (the tests give a broken one)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inputsHash, STAMP } from './build-web.mjs';
import { figurePageFiles, LANG_FOLDERS, PACKAGE_NAME, siteBase, siteProblem } from '../web/lib/site.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The figure tags dist/ ships (dist/figures/nw-<name>.mjs). */
function figureTags(dist) {
  const dir = path.join(dist, 'figures');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /^nw-[a-z0-9-]+\.mjs$/.test(f))
    .map((f) => f.slice(0, -4));
}

/** What is wrong with the site pages of dist/ for `site` (a list of sentences; empty when nothing). */
export function sitePageProblems(dist, site) {
  const problems = [];
  const has = (file) => fs.existsSync(path.join(dist, file));
  for (const file of ['embed.html', ...Object.values(LANG_FOLDERS).map((dir) => `${dir}index.html`)])
    if (!has(file))
      problems.push(`dist/${file} is missing (the menu links to ${site}${file.replace(/index\.html$/, '')})`);
  const tags = figureTags(dist);
  if (!tags.length) problems.push('dist/figures/ holds no figure');
  for (const tag of tags) {
    for (const lang of Object.keys(LANG_FOLDERS)) {
      const files = figurePageFiles(tag, lang);
      const missing = Object.values(files).filter((f) => !has(f));
      if (missing.length) {
        problems.push(`${tag} (${lang}): ${missing.map((f) => `dist/${f}`).join(', ')} missing`);
        continue;
      }
      const page = fs.readFileSync(path.join(dist, files.page), 'utf8');
      const canonical = `${site}${files.page.replace(/index\.html$/, '')}`;
      if (!page.includes(`<link rel="canonical" href="${canonical}">`))
        problems.push(`dist/${files.page} was not built for ${site} (its canonical URL is not ${canonical})`);
      let answer;
      try {
        answer = JSON.parse(fs.readFileSync(path.join(dist, files.oembed), 'utf8'));
      } catch (e) {
        problems.push(`dist/${files.oembed} is not JSON: ${e.message}`);
        continue;
      }
      const src = /<iframe src="([^"]+)"/.exec(answer.html ?? '')?.[1]?.replaceAll('&amp;', '&');
      if (!src?.startsWith(`${site}embed.html?`))
        problems.push(`dist/${files.oembed}: its iframe does not load ${site}embed.html (${src ?? 'no iframe'})`);
      if (answer.thumbnail_url !== site + files.image)
        problems.push(`dist/${files.oembed}: thumbnail_url is ${answer.thumbnail_url}, not ${site + files.image}`);
    }
  }
  return problems;
}

/** Every reason to refuse packing (an empty list: pack). */
export function packProblems({ pkg, dist, root = ROOT }) {
  const problems = [];
  const stamp = path.join(dist, STAMP);
  if (!fs.existsSync(stamp))
    problems.push('dist/ is missing or was not built by scripts/build.sh — run `npm run build` first');
  else if (fs.readFileSync(stamp, 'utf8').trim() !== inputsHash(root))
    problems.push(
      'dist/ is stale (web/, cpp/, the build scripts or package.json changed since it was built) — run `npm run build`',
    );
  if (pkg.name !== PACKAGE_NAME)
    problems.push(
      `package.json's name is "${pkg.name}", but the script-tag snippet loads ${PACKAGE_NAME} from jsDelivr (web/lib/site.js PACKAGE_NAME)`,
    );
  if (pkg.homepage) {
    const problem = siteProblem(pkg.homepage);
    if (problem) problems.push(`package.json's homepage cannot be the site: ${problem}`);
    else problems.push(...sitePageProblems(dist, siteBase(pkg.homepage)));
  }
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const pkg = JSON.parse(fs.readFileSync(process.env.NW_PACKAGE_JSON || path.join(ROOT, 'package.json'), 'utf8'));
  const dist = process.env.NW_DIST_DIR || path.join(ROOT, 'dist');
  const problems = packProblems({ pkg, dist });
  if (problems.length) {
    for (const p of problems.slice(0, 20)) console.error(`prepack: ${p}`);
    if (problems.length > 20) console.error(`prepack: … and ${problems.length - 20} more`);
    process.exit(1);
  }
  console.log(
    pkg.homepage
      ? `prepack: dist/ is up to date; the site ${siteBase(pkg.homepage)} holds every page the share menu links to`
      : 'prepack: dist/ is up to date; no homepage, so the share menu offers the script tag, CodePen and pictures only',
  );
}
