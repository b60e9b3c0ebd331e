// Where a figure is found outside the page that shows it: the site (the article, embed.html and
// one page per figure; its base URL is package.json's `homepage`) and the CDN (the npm package
// on jsDelivr). The share menu (lib/share.js), the build (scripts/figure-pages.mjs,
// scripts/prerender.mjs) and the package check (scripts/check-dist.mjs) all follow these rules,
// so a link the menu copies is a page the build wrote and the check found.

export const PACKAGE_NAME = 'normwave';

/** jsDelivr's folder of dist/ for one version of the package (it serves .mjs with CORS). */
export function cdnBase(version) {
  return `https://cdn.jsdelivr.net/npm/${PACKAGE_NAME}@${version}/dist/`;
}

/** Each language's folder under the site root: the article is its index.html. */
export const LANG_FOLDERS = Object.freeze({ ko: '', en: 'en/' });

/** A figure's id on the site and in the article: its tag without "nw-". */
export const figureId = (tag) => tag.replace(/^nw-/, '');

/** A figure's own page, relative to the site root: figure/<id>/ (Korean), en/figure/<id>/. */
export function figurePagePath(tag, lang) {
  return `${LANG_FOLDERS[lang] ?? ''}figure/${figureId(tag)}/`;
}

/** The files of a figure's page, relative to the site root (the page, its oEmbed answer, its picture). */
export function figurePageFiles(tag, lang) {
  const dir = figurePagePath(tag, lang);
  return { page: `${dir}index.html`, oembed: `${dir}oembed.json`, image: `${dir}figure.png` };
}

/**
 * Hosts that cannot be the site: CDNs send .html as text/plain (an iframe shows its source) and
 * serve no folder index; code and package hosts show their own page for the repository. npm's
 * default `homepage` (github.com/<owner>/<repo>#readme) is one of these.
 */
const NOT_A_SITE = [
  ['cdn.jsdelivr.net', 'a CDN: it sends .html as text/plain'],
  ['fastly.jsdelivr.net', 'a CDN: it sends .html as text/plain'],
  ['unpkg.com', 'a CDN: it sends .html as text/plain'],
  ['esm.sh', 'a CDN of modules, not of pages'],
  ['cdnjs.cloudflare.com', 'a CDN: it sends .html as text/plain'],
  ['raw.githubusercontent.com', 'it sends every file as text/plain'],
  ['github.com', 'the repository’s page, not the built site'],
  ['gitlab.com', 'the repository’s page, not the built site'],
  ['npmjs.com', 'the package’s page, not the built site'],
  ['www.npmjs.com', 'the package’s page, not the built site'],
];

/**
 * Why url cannot be the site's base URL, or null when it can: an absolute https URL of a folder
 * (no query, no fragment) on a host that serves the built site.
 */
export function siteProblem(url) {
  let u;
  try {
    u = new URL(url);
  } catch {
    return `"${url}" is not an absolute URL`;
  }
  if (u.protocol !== 'https:') return `${url} is not https (platforms fetch cards and embeds over https only)`;
  if (u.search || u.hash) return `${url} has a query or a fragment (the site's base is a folder)`;
  const host = u.hostname.toLowerCase();
  const bad = NOT_A_SITE.find(([h]) => host === h || host === `www.${h}`);
  if (bad) return `${url} is on ${bad[0]}, ${bad[1]}`;
  return null;
}

/** The site's base URL from a `homepage` value, with the trailing slash of a folder; null if none. */
export function siteBase(homepage) {
  if (!homepage) return null;
  const u = new URL(homepage);
  if (!u.pathname.endsWith('/')) u.pathname += '/';
  return u.href;
}

/**
 * What the share menu offers. Without a site only what needs none: the script tag (from the
 * CDN, or wherever this copy is served from), CodePen (that script tag in a pen), and the
 * pictures. With a site also the iframe (embed.html), the figure's page and the article.
 */
export function shareItems(hasSite) {
  return hasSite
    ? ['script', 'iframe', 'link', 'article', 'codepen', 'svg', 'png']
    : ['script', 'codepen', 'svg', 'png'];
}
