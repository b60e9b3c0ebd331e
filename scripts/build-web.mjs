// Assemble dist/ — what the npm package ships and the site serves — from web/ and the wasm build
// (build/wasm). Called by scripts/build.sh after the CMake builds.
//
// One esbuild run with code splitting builds every browser entry, so a page that loads several of
// them holds one library instance and instantiates the wasm once:
//   dist/normwave.mjs              the library for browsers and bundlers (no node: import in its graph)
//   dist/normwave.node.mjs         the library for Node (package.json's `node` condition)
//   dist/figures/index.mjs         registers every <nw-…> element
//   dist/figures/nw-<name>.mjs     registers one (import it, or load it at run time: page.js does)
//   dist/page.mjs, dist/embed.mjs  the article and embed.html
//   dist/train-worker.mjs          <nw-train>'s Web Worker (found by new URL(…, import.meta.url))
//   dist/<name>-<hash>.mjs         shared chunks, beside normwave_wasm.wasm, golden/ and models/, so
//                                  new URL('./normwave_wasm.wasm', import.meta.url) in them resolves
//   dist/training-<hash>.mjs       loadNormwave({ training: true })'s API (a dynamic import); the
//                                  training wasm shares normwave_wasm.mjs's glue (its imports renamed)
//   dist/strings-<lang>-<hash>.mjs a figure's strings for one language, loaded on demand (the
//                                  article's own keys, page.* and s<N>.*, are left out)
// and a second run the one-file build, dist/normwave.single.mjs (the wasm inlined).
//
// The one build setting is package.json's homepage, the public home of dist/ (GitHub Pages): the
// share menu's iframe snippet, the figure pages and the article link point there; the script-tag
// snippet loads figures from jsDelivr at this version.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { figureSizes, FIGURE_BUDGET } from './bench/embed-size.mjs';
import { alignImports } from './align-wasm-imports.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAGE = path.join(ROOT, 'build/web-stage');
const DIST = path.join(ROOT, 'dist');
const WASM_BUILD = path.join(ROOT, 'build/wasm');
const rel = (p) => path.relative(ROOT, p);

/** Keys of web/i18n that only the article uses; figures never get them. */
export const PAGE_KEY = /^(page|s\d+)\./;

/** The fixtures the figures read (parity badges, the attention figure's held-out check). */
export const SHIPPED_GOLDEN = [
  'pe_d16_base10000.safetensors',
  'layernorm_5x37.safetensors',
  'rmsnorm_4x33.safetensors',
  'batchnorm_6x13.safetensors',
  'encoder_d_preln_relu_2l_norm_pad.safetensors',
  'tiny_sort_heldout.safetensors',
];

function fail(message) {
  console.error(`build-web: ${message}`);
  process.exit(1);
}

const className = (tag) =>
  tag
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/** The figure tags: one element per file in web/elements/ (tag = file name). */
export function figureTags(root = ROOT) {
  return fs
    .readdirSync(path.join(root, 'web/elements'))
    .filter((f) => /^nw-[a-z0-9-]+\.js$/.test(f))
    .map((f) => f.slice(0, -3))
    .sort();
}

// ── 1. staging: web/ plus the Emscripten glue, so './normwave_wasm.mjs' resolves ───────────────
const WASM_FILES = ['normwave_wasm.mjs', 'normwave_wasm.wasm', 'normwave_train.mjs', 'normwave_train.wasm'];

function stage(tags) {
  for (const f of WASM_FILES) {
    if (!fs.existsSync(path.join(WASM_BUILD, f))) fail(`missing ${rel(path.join(WASM_BUILD, f))} (the wasm build)`);
  }
  fs.rmSync(STAGE, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, 'web'), STAGE, { recursive: true });
  for (const f of ['normwave_wasm.mjs', 'normwave_wasm.wasm'])
    fs.copyFileSync(path.join(WASM_BUILD, f), path.join(STAGE, f));
  // One glue for both modules: the training wasm's imports renamed to normwave_wasm.mjs's names
  // (scripts/align-wasm-imports.mjs; it fails the build if the two glues differ otherwise).
  const read = (f) => fs.readFileSync(path.join(WASM_BUILD, f));
  fs.writeFileSync(
    path.join(STAGE, 'normwave_train.wasm'),
    alignImports(
      read('normwave_train.wasm'),
      read('normwave_wasm.mjs').toString(),
      read('normwave_train.mjs').toString(),
    ),
  );
  // The one-file build carries the .wasm gzipped (normwave.single.js inflates it): base64 of raw
  // wasm gzips ~20 % worse than the wasm itself.
  fs.writeFileSync(
    path.join(STAGE, 'normwave_wasm.wasm.gz'),
    zlib.gzipSync(fs.readFileSync(path.join(WASM_BUILD, 'normwave_wasm.wasm')), { level: 9 }),
  );
  // web/package.json (copied along) gives the sources a package scope of their own: ES modules
  // with side effects (elements register themselves when imported).
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'scripts/extract-kernel-source.mjs'), path.join(STAGE, 'lib/kernel-source.generated.js')],
    { stdio: 'inherit' },
  );

  for (const dir of ['lib', 'elements']) {
    for (const f of fs.readdirSync(path.join(STAGE, dir)).filter((n) => n.endsWith('.js'))) {
      const file = path.join(STAGE, dir, f);
      fs.writeFileSync(file, minifyCssTemplates(fs.readFileSync(file, 'utf8')));
    }
  }

  // Every element is in the figures index, and each gets an entry of its own.
  const index = fs.readFileSync(path.join(STAGE, 'elements/index.js'), 'utf8');
  const missing = tags.filter((t) => !index.includes(`from './${t}.js'`));
  if (missing.length) fail(`web/elements/index.js does not export ${missing.join(', ')}`);
  fs.mkdirSync(path.join(STAGE, 'figures'));
  for (const tag of tags) {
    fs.writeFileSync(
      path.join(STAGE, `figures/${tag}.js`),
      `// normwave/figures/${tag}: registers <${tag}>.\nexport { ${className(tag)} } from '../elements/${tag}.js';\nexport { setAssetBase } from '../lib/assets.js';\n`,
    );
  }
}

/**
 * Lit's css`…` templates with their comments dropped and whitespace collapsed outside quoted
 * strings (esbuild keeps template text as written). A template with an interpolation or a
 * backslash is left as it is.
 */
export function minifyCssTemplates(source) {
  return source.replace(/\bcss`([^`$\\]*)`/g, (_, body) => {
    const text = body
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .split(/('[^']*'|"[^"]*")/)
      .map((part, i) => (i % 2 ? part : part.replace(/\s+/g, ' ').replace(/ ?([{};,>]) ?/g, '$1')))
      .join('')
      .trim();
    return `css\`${text}\``;
  });
}

// ── 2. the esbuild runs ──────────────────────────────────────────────────────────────────────────

// lib/i18n.js loads strings through web/i18n/parts.js: here that module becomes one loader per
// language and part, each a chunk of its own (strings-<lang>-<part>-<hash>.mjs) holding the
// figures' keys only (the article itself is pre-rendered: scripts/prerender.mjs reads the sources):
// 'shared', and for each figure of OWN_STRINGS the namespaces it alone uses.
const I18N_DIR = path.join(STAGE, 'i18n');
const figureStrings = {
  name: 'figure-strings',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/i18n\/parts\.js$/ }, (args) => {
      if (!args.importer.endsWith(`${path.sep}lib${path.sep}i18n.js`)) return undefined;
      return { path: 'string-parts', namespace: 'figure-strings' };
    });
    build.onResolve({ filter: /^strings:/ }, (args) => ({
      path: args.path.replace(/:/g, '-'),
      namespace: 'figure-strings',
    }));
    build.onLoad({ filter: /.*/, namespace: 'figure-strings' }, async (args) => {
      const { OWN_STRINGS, loaders } = await import(
        `${pathToFileURL(path.join(I18N_DIR, 'parts.js')).href}?${Date.now()}`
      );
      if (args.path === 'string-parts') {
        const lines = Object.keys(loaders).map(
          (lang) =>
            `  ${lang}: { ${['shared', ...Object.keys(OWN_STRINGS)]
              .map(
                (part) =>
                  `${JSON.stringify(part)}: () => import(${JSON.stringify(`strings:${lang}:${part.replace(/^nw-/, '')}`)})`,
              )
              .join(', ')} },`,
        );
        return {
          contents: `export const OWN_STRINGS = ${JSON.stringify(OWN_STRINGS)};\nexport const loaders = {\n${lines.join('\n')}\n};\n`,
          loader: 'js',
        };
      }
      const [, lang, part] = args.path.match(/^strings-([a-z]+)-(.+)$/);
      const file = path.join(I18N_DIR, `${lang}.js`);
      const { default: table } = await import(`${pathToFileURL(file).href}?${Date.now()}`);
      const kept = Object.fromEntries(Object.entries(table).filter(([key]) => stringPart(key, OWN_STRINGS) === part));
      // A default export only: as JSON, esbuild would also export every key by name.
      return { contents: `export default ${JSON.stringify(kept)};\n`, loader: 'js', watchFiles: [file] };
    });
  },
};

/** Which chunk a key of web/i18n goes to: null (the article's), 'shared' or a figure's own part. */
export function stringPart(key, own) {
  if (PAGE_KEY.test(key)) return null;
  const ns = key.split('.')[0];
  const tag = Object.keys(own).find((t) => own[t].includes(ns));
  return tag ? tag.replace(/^nw-/, '') : 'shared';
}

// Lit's "node" builds guard their top-level use of the DOM (document, HTMLElement, CSSStyleSheet),
// so that every entry of the package can be imported where there is no DOM: a framework's server
// render (Next.js, Astro, SvelteKit) imports each module it meets. They are the browser builds
// otherwise. They take a base class and a registry from @lit-labs/ssr-dom-shim, which here is
// web/lib/no-dom.js (a bare class, no registry), and reactive-element installs that registry as
// globalThis.customElements when there is none: that statement is left out, so an import in Node
// defines nothing and adds no global (web/lib/base.js's define() skips registering there).
const litForNode = {
  name: 'lit-for-node',
  setup(build) {
    const requireFrom = (importer) => createRequire(importer || path.join(ROOT, 'package.json'));
    build.onResolve({ filter: /^(lit-html|@lit\/reactive-element)(\/|$)/ }, (args) => ({
      path: requireFrom(args.importer).resolve(args.path), // the "node" condition
    }));
    build.onResolve({ filter: /^@lit-labs\/ssr-dom-shim$/ }, () => ({ path: path.join(STAGE, 'lib/no-dom.js') }));
    build.onLoad({ filter: /[\\/]@lit[\\/]reactive-element[\\/]node[\\/]reactive-element\.js$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      const install = /\b\w+\.customElements\?\?=\w+;/g;
      const found = source.match(install) ?? [];
      if (found.length !== 1)
        fail(`${rel(args.path)}: expected one "globalThis.customElements ??= shim" statement, found ${found.length}`);
      return { contents: source.replace(install, ''), loader: 'js' };
    });
  },
};

const COMMON = {
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  // Class fields as written, no helpers: every browser with WebAssembly SIMD parses es2022 syntax
  // (Chrome 91, Firefox 89 — which lacks #private fields: web/ uses none —, Safari 16.4).
  target: 'es2022',
  mainFields: ['module', 'main'],
  external: ['node:*'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  absWorkingDir: ROOT,
};

async function buildBrowser(tags, version) {
  const entryPoints = {
    normwave: path.join(STAGE, 'normwave.js'),
    'normwave.node': path.join(STAGE, 'normwave.node.js'),
    'figures/index': path.join(STAGE, 'elements/index.js'),
    page: path.join(STAGE, 'page.js'),
    embed: path.join(STAGE, 'embed.js'),
    'train-worker': path.join(STAGE, 'train-worker.js'),
  };
  for (const tag of tags) entryPoints[`figures/${tag}`] = path.join(STAGE, `figures/${tag}.js`);
  return esbuild.build({
    ...COMMON,
    entryPoints,
    outdir: DIST,
    splitting: true,
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    metafile: true,
    plugins: [figureStrings, litForNode],
    define: {
      __NW_SITE_URL__: JSON.stringify(
        JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).homepage ?? '',
      ),
      __NW_VERSION__: JSON.stringify(version),
      __NW_FIGURE_TAGS__: JSON.stringify(tags),
    },
  });
}

async function buildSingle() {
  return esbuild.build({
    ...COMMON,
    entryPoints: [path.join(STAGE, 'normwave.single.js')],
    outfile: path.join(DIST, 'normwave.single.mjs'),
    loader: { '.gz': 'binary' },
  });
}

// ── 3. checks on the output ──────────────────────────────────────────────────────────────────────

function checkOutput(metafile) {
  const outputs = Object.keys(metafile.outputs).filter((o) => o.endsWith('.mjs'));
  // Nothing a browser entry reaches imports node: (statically or dynamically).
  for (const entry of outputs.filter((o) => metafile.outputs[o].entryPoint && !o.endsWith('normwave.node.mjs'))) {
    const all = new Set();
    const visit = (out) => {
      if (all.has(out)) return;
      all.add(out);
      for (const imp of metafile.outputs[out]?.imports ?? []) {
        if (imp.path.startsWith('node:')) fail(`${out} reaches ${imp.path} (browser entries must not)`);
        if (!imp.external) visit(imp.path);
      }
    };
    visit(entry);
  }
  // Files that locate assets by import.meta.url sit at the top of dist/, beside the assets.
  for (const out of outputs) {
    const text = fs.readFileSync(path.join(ROOT, out), 'utf8');
    if (text.includes('import.meta.url') && path.dirname(path.join(ROOT, out)) !== DIST) {
      fail(`${out} uses import.meta.url but is not at the top of dist/, so its asset URLs would not resolve`);
    }
  }
}

// ── 4. the rest of dist/ ─────────────────────────────────────────────────────────────────────────

async function copyAssets(tags) {
  for (const f of ['normwave_wasm.wasm', 'normwave_train.wasm'])
    fs.copyFileSync(path.join(STAGE, f), path.join(DIST, f));
  for (const f of fs.readdirSync(path.join(ROOT, 'web')).filter((n) => /\.(html|css)$/.test(n))) {
    fs.copyFileSync(path.join(ROOT, 'web', f), path.join(DIST, f));
  }
  fs.mkdirSync(path.join(DIST, 'golden'));
  for (const f of SHIPPED_GOLDEN) fs.copyFileSync(path.join(ROOT, 'tests/golden', f), path.join(DIST, 'golden', f));
  fs.mkdirSync(path.join(DIST, 'models'));
  for (const f of fs.readdirSync(path.join(ROOT, 'web/models')))
    fs.copyFileSync(path.join(ROOT, 'web/models', f), path.join(DIST, 'models', f));
  // KaTeX's stylesheet and fonts, served from our own origin (the article).
  fs.mkdirSync(path.join(DIST, 'katex'));
  fs.copyFileSync(path.join(ROOT, 'node_modules/katex/dist/katex.min.css'), path.join(DIST, 'katex/katex.min.css'));
  fs.cpSync(path.join(ROOT, 'node_modules/katex/dist/fonts'), path.join(DIST, 'katex/fonts'), { recursive: true });
  await writeTypes(tags);
}

// Types: .d.mts beside each .mjs (the package has no "type": "module", so .d.ts would be read as
// CommonJS under moduleResolution nodenext). The figures' types are generated from the elements
// themselves (their Lit properties and urlState choices), evaluated in Node with Lit's DOM shim.
async function writeTypes(tags) {
  const api = fs.readFileSync(path.join(ROOT, 'web/normwave.d.ts'), 'utf8');
  fs.writeFileSync(path.join(DIST, 'normwave.d.mts'), api);
  for (const name of ['normwave.node', 'normwave.single']) {
    fs.writeFileSync(
      path.join(DIST, `${name}.d.mts`),
      `// Types of dist/${name}.mjs: the same API as normwave.mjs.\nexport * from './normwave.mjs';\n`,
    );
  }
  fs.mkdirSync(path.join(DIST, 'figures'), { recursive: true });
  const { index, jsx } = await figureTypes(tags);
  fs.writeFileSync(path.join(DIST, 'figures/index.d.mts'), index);
  fs.writeFileSync(path.join(DIST, 'figures/jsx.d.mts'), jsx);
  for (const tag of tags) {
    fs.writeFileSync(
      path.join(DIST, `figures/${tag}.d.mts`),
      `// Types of dist/figures/${tag}.mjs (registers <${tag}>).\nexport { ${className(tag)}, setAssetBase } from './index.mjs';\n`,
    );
  }
}

async function figureTypes(tags) {
  const elements = await import(pathToFileURL(path.join(STAGE, 'elements/index.js')).href);
  const lines = [
    '// Types of dist/figures/index.mjs (normwave/figures): every <nw-…> element. Generated by',
    "// scripts/build-web.mjs from the elements' properties.",
    "export { loadNormwave } from '../normwave.mjs';",
    '',
    '/** Sets where every figure finds normwave_wasm.wasm, golden/ and models/ (null: next to the scripts). */',
    'export function setAssetBase(url: string | URL | null): void;',
    '',
    '/** What every figure has (web/lib/base.js). Attributes: lang, theme, asset-base, no-url-state, no-share. */',
    'export declare class NwElement extends HTMLElement {',
    "  theme: 'light' | 'dark' | 'auto' | undefined;",
    "  /** The language the figure shows: its lang attribute, else the nearest [lang] ancestor, else the page's. */",
    "  readonly locale: 'ko' | 'en';",
    '  /** The URL state (what the share menu puts in links), booleans as 1/0. */',
    '  readonly state: Record<string, string | number>;',
    '  /** Applies URL-style state ({ prop: string }), clamped and checked as the URL hash is. */',
    '  applyState(state: Record<string, string>): void;',
    '  /** Resolves once the figure has rendered its latest change (and its strings are loaded). */',
    '  readonly updateComplete: Promise<boolean>;',
    '}',
    '',
  ];
  const tsType = (prop, options, cls) => {
    const spec = Object.hasOwn(cls.urlState, prop) ? cls.urlState[prop] : undefined;
    if (Array.isArray(spec)) return spec.map((v) => JSON.stringify(v)).join(' | ');
    if (spec === 'bool' || options.type === Boolean) return 'boolean';
    if (options.type === Number) return 'number';
    return 'string';
  };
  // An attribute's value in JSX: what the property takes, numbers also as strings.
  const attrType = (type) =>
    type
      .split(' | ')
      .flatMap((t) => (t === 'number' ? ['number', '`${number}`'] : /^\d/.test(t) ? [t, `'${t}'`] : [t]))
      .join(' | ');
  const map = [];
  const jsx = [];
  for (const tag of tags) {
    const name = className(tag);
    const cls = elements[name];
    if (typeof cls !== 'function') fail(`web/elements/index.js does not export ${name}`);
    lines.push(`/** <${tag}> (web/elements/${tag}.js) */`, `export declare class ${name} extends NwElement {`);
    const attributes = [];
    for (const [prop, options] of cls.elementProperties) {
      if (options.state || prop === 'theme') continue;
      const attr =
        options.attribute === false
          ? null
          : typeof options.attribute === 'string'
            ? options.attribute
            : prop.toLowerCase();
      const type = tsType(prop, options, cls);
      lines.push(`  /** ${attr ? `attribute ${attr}` : 'no attribute'} */`, `  ${prop}: ${type};`);
      if (attr) attributes.push(`${/^[a-z]+$/.test(attr) ? attr : `'${attr}'`}?: ${attrType(type)}`);
    }
    lines.push('}', '');
    map.push(`    '${tag}': ${name};`);
    jsx.push(`      '${tag}': FigureAttributes<${name}> & { ${attributes.join('; ')} };`);
  }
  lines.push(
    'declare global {',
    '  interface HTMLElementTagNameMap {',
    ...map,
    '  }',
    '  interface HTMLElementEventMap {',
    "    /** A figure's state after the reader changed it (bubbles, composed). */",
    "    'nw-change': CustomEvent<Record<string, string | number>>;",
    '  }',
    '}',
    '',
  );
  return {
    index: lines.join('\n'),
    jsx: [
      '// Types of normwave/jsx: the figures as JSX elements of React 18 and 19 (the React.JSX namespace of',
      '// @types/react), each with its attributes. Generated by scripts/build-web.mjs. One line in a project',
      "// that uses them: import type {} from 'normwave/jsx';",
      "import type { DetailedHTMLProps, HTMLAttributes } from 'react';",
      `import type { ${tags.map(className).join(', ')} } from './index.mjs';`,
      '',
      '/** What every figure takes: the HTML attributes (lang among them) and those of web/lib/base.js. */',
      'type FigureAttributes<E> = DetailedHTMLProps<HTMLAttributes<E>, E> & {',
      "  theme?: 'light' | 'dark' | 'auto';",
      "  'asset-base'?: string;",
      "  'no-share'?: boolean;",
      "  'no-url-state'?: boolean;",
      '  /** React 19 adds it as the nw-change listener on a client render (not when it hydrates server HTML). */',
      "  'onnw-change'?: (event: CustomEvent<Record<string, string | number>>) => void;",
      '};',
      '',
      "declare module 'react' {",
      '  namespace JSX {',
      '    interface IntrinsicElements {',
      ...jsx,
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
  };
}

// ── 5. the freshness stamp ─────────────────────────────────────────────────────────────

const gz = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** A hash of everything dist/ is built from (prepack compares it with dist/'s stamp). */
export function inputsHash(root = ROOT) {
  const files = execFileSync(
    'git',
    [
      'ls-files',
      '-co',
      '--exclude-standard',
      'web',
      'cpp',
      'CMakeLists.txt',
      'scripts/build.sh',
      'scripts/build-web.mjs',
      'scripts/extract-kernel-source.mjs',
      'tests/golden',
      'package.json',
    ],
    { cwd: root, encoding: 'utf8' },
  )
    .split('\n')
    .filter(Boolean)
    .sort();
  const h = createHash('sha256');
  for (const f of files) {
    if (!fs.existsSync(path.join(root, f))) continue;
    h.update(`${f}\0`);
    h.update(fs.readFileSync(path.join(root, f)));
    h.update('\0');
  }
  return h.digest('hex');
}

export const STAMP = '.inputs-sha256';

async function main() {
  const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
  const tags = figureTags();
  stage(tags);
  fs.rmSync(DIST, { recursive: true, force: true });
  const [{ metafile }] = await Promise.all([buildBrowser(tags, version), buildSingle()]);
  checkOutput(metafile);
  await copyAssets(tags);
  fs.writeFileSync(path.join(ROOT, 'build/dist-metafile.json'), JSON.stringify(metafile));
  fs.writeFileSync(path.join(DIST, STAMP), `${inputsHash()}\n`);

  console.log(`\n${'dist/'.padEnd(36)} ${'bytes'.padStart(9)} ${'gzip -9'.padStart(9)}`);
  for (const f of fs.readdirSync(DIST).sort()) {
    const p = path.join(DIST, f);
    if (!fs.statSync(p).isFile() || !/\.(html|mjs|wasm|css)$/.test(f) || /-[A-Z0-9]{8}\.mjs$/.test(f)) continue;
    console.log(`${f.padEnd(36)} ${String(fs.statSync(p).size).padStart(9)} ${String(gz(p)).padStart(9)}`);
  }
  const chunks = fs.readdirSync(DIST).filter((f) => /-[A-Z0-9]{8}\.mjs$/.test(f));
  const chunkBytes = chunks.reduce((s, f) => s + gz(path.join(DIST, f)), 0);
  console.log(`${`${chunks.length} shared chunks`.padEnd(36)} ${''.padStart(9)} ${String(chunkBytes).padStart(9)}`);
  const worst = figureSizes(DIST).reduce((a, b) => (b.total > a.total ? b : a));
  console.log(
    `one figure by its own entry, gzipped (js + one language + wasm): largest ${worst.tag} ${worst.total} bytes (budget ${FIGURE_BUDGET}; npm run bench lists all)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => fail(e.stack ?? String(e)));
}
