// Save a figure as SVG or PNG (the share menu loads this module on the first save). The figure
// becomes one SVG of what is on screen: its boxes (backgrounds, borders side by side), its text
// line by line, its SVG drawings with their computed styles inlined, its canvases as images of
// their own pixels, its controls drawn as Chromium draws them (a range input as track, fill and
// thumb; a number input as its box and value; a select as its box and chosen option). What the
// reader does not see is left out: a closed <details> shows its summary only, and anything
// hidden (display, visibility, content-visibility) is skipped.
// The file is built as a DOM (every value goes in through setAttribute or textContent) and written
// by XMLSerializer, which escapes them: a page's CSS value, whatever it holds, stays a value. Then
// anything that could run when the file is opened on its own is removed (sanitizeSvg).

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const INLINE = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
];

// Chromium's range input (its form controls' own colours, light and dark colour scheme): an
// 8 px track with a 1 px border, the part left of the thumb and the 16 px thumb in accent-color.
const RANGE = {
  track: 8,
  thumb: 8,
  light: { fill: '#efefef', stroke: '#b2b2b2' },
  dark: { fill: '#3b3b3b', stroke: '#858585' },
};

function visible(color) {
  return color && color !== 'transparent' && !/rgba\([^)]*,\s*0\)$/.test(color);
}

/** An SVG element with attributes (null and undefined left out) and, if given, its text. */
function svgNode(name, attrs = {}, text) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

function inlineStyles(source, clone) {
  const cs = getComputedStyle(source);
  clone.setAttribute('style', INLINE.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';'));
  for (let i = 0; i < source.children.length; i++) inlineStyles(source.children[i], clone.children[i]);
}

/**
 * Removes from an SVG tree what could run or load markup when the file is opened: script and
 * foreignObject elements, any element outside the SVG namespace, on* attributes, and links to
 * anything but a fragment (#id) or an inline PNG.
 */
function sanitizeSvg(root) {
  for (const e of [...root.querySelectorAll('*')]) {
    if (e.namespaceURI !== SVG_NS || e.localName === 'script' || e.localName === 'foreignObject') e.remove();
  }
  for (const e of [root, ...root.querySelectorAll('*')]) {
    for (const a of [...e.attributes]) {
      const link = a.localName === 'href' && !/^(?:#|data:image\/png;base64,)/.test(a.value.trim());
      if (/^on/i.test(a.localName) || link) e.removeAttributeNode(a);
    }
  }
  return root;
}

let gradients = 0;

/** A left-to-right CSS linear-gradient (colour bars) as an SVG gradient in `root`: its fill URL, or null. */
function gradientFill(image, root) {
  const m = /^linear-gradient\((?:to right|90deg),\s*(.*)\)$/.exec(image);
  if (!m) return null;
  const colours = m[1].match(/rgba?\([^)]*\)|#[0-9a-f]{3,8}/gi) ?? [];
  if (colours.length < 2) return null;
  const id = `nw-gradient-${++gradients}`;
  const gradient = svgNode('linearGradient', { id });
  colours.forEach((c, i) =>
    gradient.append(svgNode('stop', { offset: (i / (colours.length - 1)).toFixed(3), 'stop-color': c })),
  );
  const defs = svgNode('defs');
  defs.append(gradient);
  root.append(defs);
  return `url(#${id})`;
}

const fontOf = (cs) => ({
  'font-family': cs.fontFamily,
  'font-size': cs.fontSize,
  'font-weight': cs.fontWeight,
  'font-style': cs.fontStyle,
  fill: cs.color,
});

/** Whether an element is drawn at all (checkVisibility: display, visibility, content-visibility). */
function shown(element) {
  if (element.checkVisibility) return element.checkVisibility({ visibilityProperty: true });
  const cs = getComputedStyle(element);
  return cs.display !== 'none' && cs.visibility !== 'hidden';
}

/**
 * The text node as SVG <text> lines, each where the browser laid it out. Words are measured one
 * by one; a word the browser broke across lines (Korean breaks between syllables) is measured
 * letter by letter.
 */
function textLines(node, origin) {
  const parent = node.parentElement;
  const cs = getComputedStyle(parent);
  const font = fontOf(cs);
  const text = node.data;
  if (cs.writingMode.startsWith('vertical')) {
    // A vertical label (read bottom to top): one rotated line through the box's centre.
    const r = parent.getBoundingClientRect();
    const cx = r.left + r.width / 2 - origin.left;
    const cy = r.top + r.height / 2 - origin.top;
    return [
      svgNode(
        'text',
        {
          transform: `translate(${cx.toFixed(1)} ${cy.toFixed(1)}) rotate(-90)`,
          'text-anchor': 'middle',
          'dominant-baseline': 'central',
          ...font,
        },
        text.trim(),
      ),
    ];
  }
  const lines = [];
  const range = document.createRange();
  const place = (start, end) => {
    range.setStart(node, start);
    range.setEnd(node, end);
    const rects = range.getClientRects();
    if (rects.length > 1 && end - start > 1) {
      for (let i = start; i < end; i++) place(i, i + 1);
      return;
    }
    const r = rects[0];
    if (!r?.width) return;
    const last = lines.at(-1);
    if (last && Math.abs(last.top - r.top) < 2 && r.left >= last.right - 1) {
      last.end = end;
      last.right = r.right;
    } else lines.push({ top: r.top, left: r.left, right: r.right, bottom: r.bottom, start, end });
  };
  for (const m of text.matchAll(/\S+/g)) place(m.index, m.index + m[0].length);
  return lines.map((l) =>
    svgNode(
      'text',
      {
        x: (l.left - origin.left).toFixed(1),
        y: (l.bottom - origin.top - (l.bottom - l.top) * 0.22).toFixed(1),
        ...font,
      },
      text.slice(l.start, l.end),
    ),
  );
}

/** The box of an element: its background (colour or left-to-right gradient) and each border side drawn. */
function boxNodes(child, cs, r, origin, root) {
  const out = [];
  const x = r.left - origin.left;
  const y = r.top - origin.top;
  const sides = ['Top', 'Right', 'Bottom', 'Left'].map((s) => ({
    width: parseFloat(cs[`border${s}Width`]) || 0,
    color: cs[`border${s}Color`],
  }));
  const drawn = sides.map((s) => s.width > 0 && visible(s.color));
  const same = drawn.every(Boolean) && sides.every((s) => s.width === sides[0].width && s.color === sides[0].color);
  const gradient = gradientFill(cs.backgroundImage, root);
  const fill = gradient ?? (visible(cs.backgroundColor) ? cs.backgroundColor : null);
  const radius = Math.min(parseFloat(cs.borderTopLeftRadius) || 0, r.height / 2, r.width / 2).toFixed(1);
  if (fill || same) {
    const inset = same ? sides[0].width / 2 : 0;
    out.push(
      svgNode('rect', {
        x: (x + inset).toFixed(1),
        y: (y + inset).toFixed(1),
        width: (r.width - 2 * inset).toFixed(1),
        height: (r.height - 2 * inset).toFixed(1),
        rx: radius,
        ry: radius,
        fill: fill ?? 'none',
        stroke: same ? sides[0].color : undefined,
        'stroke-width': same ? sides[0].width : undefined,
      }),
    );
  }
  if (!same) {
    // Sides one by one (a rule above a section, a line under a table row).
    const ends = [
      [x, y, x + r.width, y],
      [x + r.width, y, x + r.width, y + r.height],
      [x, y + r.height, x + r.width, y + r.height],
      [x, y, x, y + r.height],
    ];
    sides.forEach((s, i) => {
      if (!drawn[i]) return;
      const [x1, y1, x2, y2] = ends[i];
      const d = ((i === 0 || i === 3 ? 1 : -1) * s.width) / 2;
      const vertical = i === 1 || i === 3;
      out.push(
        svgNode('line', {
          x1: (x1 + (vertical ? d : 0)).toFixed(1),
          y1: (y1 + (vertical ? 0 : d)).toFixed(1),
          x2: (x2 + (vertical ? d : 0)).toFixed(1),
          y2: (y2 + (vertical ? 0 : d)).toFixed(1),
          stroke: s.color,
          'stroke-width': s.width,
        }),
      );
    });
  }
  return out;
}

/** A range input as Chromium draws it: track, the filled part left of the thumb, the thumb. */
function rangeNodes(input, cs, r, origin) {
  const f = Math.min(1, Math.max(0, (input.value - input.min) / (input.max - input.min || 1)));
  const scheme = cs.colorScheme.includes('dark') ? RANGE.dark : RANGE.light;
  const accent = cs.accentColor && cs.accentColor !== 'auto' ? cs.accentColor : cs.color;
  const cy = r.top - origin.top + r.height / 2;
  const left = r.left - origin.left;
  const cx = left + RANGE.thumb + f * (r.width - 2 * RANGE.thumb);
  const half = RANGE.track / 2;
  return [
    svgNode('rect', {
      x: (left + 0.5).toFixed(1),
      y: (cy - half + 0.5).toFixed(1),
      width: (r.width - 1).toFixed(1),
      height: RANGE.track - 1,
      rx: half - 0.5,
      fill: scheme.fill,
      stroke: scheme.stroke,
    }),
    svgNode('rect', {
      x: left.toFixed(1),
      y: (cy - half).toFixed(1),
      width: Math.max(0, cx - left).toFixed(1),
      height: RANGE.track,
      rx: half,
      fill: accent,
    }),
    svgNode('circle', { cx: cx.toFixed(1), cy: cy.toFixed(1), r: RANGE.thumb, fill: accent }),
  ];
}

/**
 * A one-line value inside a control's box (an input's value, a select's chosen option), aligned
 * as the control aligns it; `inset` is the least room Chromium keeps inside a control's border.
 */
function valueText(value, cs, r, origin, { inset = 0, right = 0 } = {}) {
  const left = Math.max(inset, (parseFloat(cs.paddingLeft) || 0) + (parseFloat(cs.borderLeftWidth) || 0));
  const end = Math.max(inset, (parseFloat(cs.paddingRight) || 0) + (parseFloat(cs.borderRightWidth) || 0)) + right;
  const align =
    cs.textAlign === 'right' || cs.textAlign === 'end' ? 'end' : cs.textAlign === 'center' ? 'middle' : 'start';
  const x = align === 'end' ? r.right - end : align === 'middle' ? (r.left + r.right) / 2 : r.left + left;
  return svgNode(
    'text',
    {
      x: (x - origin.left).toFixed(1),
      y: (r.top - origin.top + r.height / 2).toFixed(1),
      'dominant-baseline': 'central',
      'text-anchor': align === 'start' ? undefined : align,
      ...fontOf(cs),
    },
    value,
  );
}

/** A select's drop-down arrow (a chevron at its right edge, in its text colour). */
function chevron(cs, r, origin) {
  const cx = r.right - origin.left - 10;
  const cy = r.top - origin.top + r.height / 2;
  return svgNode('path', {
    d: `M${(cx - 4).toFixed(1)} ${(cy - 2).toFixed(1)}l4 4l4 -4`,
    fill: 'none',
    stroke: cs.color,
    'stroke-width': 1.5,
  });
}

/** The figure as an SVG element (not in the page), sanitized. */
function figureSvgElement(el) {
  const origin = el.getBoundingClientRect();
  const width = Math.ceil(origin.width);
  const share = el.renderRoot.querySelector('.nw-share');
  const height = Math.ceil((share?.getBoundingClientRect().top ?? origin.bottom) - origin.top + 8);
  const host = getComputedStyle(el);
  const root = svgNode('svg', { width, height, viewBox: `0 0 ${width} ${height}` });
  root.setAttributeNS(XMLNS_NS, 'xmlns:xlink', XLINK_NS);
  root.append(
    svgNode('rect', {
      x: 0.5,
      y: 0.5,
      width: width - 1,
      height: height - 1,
      rx: 10,
      fill: host.backgroundColor,
      stroke: host.borderTopColor,
    }),
  );
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        const parent = child.parentElement;
        if (child.data.trim() && !parent.closest('select, option, textarea, style') && shown(parent))
          root.append(...textLines(child, origin));
        continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE || child === share || !shown(child)) continue;
      const r = child.getBoundingClientRect();
      if (!r.width && !r.height && child.localName !== 'slot') continue;
      const cs = getComputedStyle(child);
      const x = (r.left - origin.left).toFixed(1);
      const y = (r.top - origin.top).toFixed(1);
      if (child.localName === 'svg') {
        const clone = child.cloneNode(true);
        inlineStyles(child, clone);
        clone.setAttribute('x', x);
        clone.setAttribute('y', y);
        clone.setAttribute('width', r.width);
        clone.setAttribute('height', r.height);
        root.append(clone);
        continue;
      }
      if (child.localName === 'canvas') {
        // The canvas's own pixels, stretched over its box as the screen does (a heatmap of one
        // pixel per cell stays a grid of sharp cells under image-rendering: pixelated).
        const crisp = cs.imageRendering === 'pixelated' || cs.imageRendering === 'crisp-edges';
        root.append(
          svgNode('image', {
            x,
            y,
            width: r.width,
            height: r.height,
            preserveAspectRatio: 'none',
            style: crisp ? 'image-rendering:pixelated' : undefined,
            href: child.toDataURL('image/png'),
          }),
        );
        continue;
      }
      if (child.localName === 'input' && child.type === 'range') {
        root.append(...rangeNodes(child, cs, r, origin));
        continue;
      }
      root.append(...boxNodes(child, cs, r, origin, root));
      if (child.localName === 'input') {
        if (!['checkbox', 'radio', 'button', 'submit', 'reset', 'hidden'].includes(child.type) && child.value)
          root.append(valueText(child.value, cs, r, origin, { inset: 2 }));
        continue;
      }
      if (child.localName === 'select') {
        const option = child.selectedOptions[0];
        if (option) root.append(valueText(option.textContent, cs, r, origin, { inset: 4, right: 20 }));
        root.append(chevron(cs, r, origin));
        continue;
      }
      if (child.localName === 'details' && !child.open) {
        // Closed: only its summary is on screen.
        const summary = [...child.children].find((c) => c.localName === 'summary');
        if (summary) walk({ childNodes: [summary] });
        continue;
      }
      walk(child.shadowRoot ?? child);
    }
  };
  walk(el.renderRoot);
  return sanitizeSvg(root);
}

/** The figure as an SVG document (a string). */
export function figureSvg(el) {
  return new XMLSerializer().serializeToString(figureSvgElement(el));
}

/** The figure as a PNG (a Blob) at `scale` pixels per CSS pixel. */
export async function figurePng(el, scale = Math.max(2, Math.ceil(globalThis.devicePixelRatio || 1))) {
  const svg = figureSvg(el);
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.width * scale;
  canvas.height = img.height * scale;
  const ctx = canvas.getContext('2d');
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/png'),
  );
}

/**
 * Whether this document may download: 'yes' when every frame up to the top is readable and none
 * is sandboxed without allow-downloads (and the origin is not opaque, which a sandbox without
 * allow-same-origin or a CSP sandbox gives); 'no' when a readable frame element is sandboxed
 * without allow-downloads (Chromium then drops the download and tells the page nothing);
 * 'unknown' when a cross-origin frame is in the way, whose sandbox cannot be read.
 */
export function downloadsAllowed() {
  let w = window;
  for (;;) {
    let frame;
    try {
      frame = w.frameElement;
    } catch {
      return 'unknown';
    }
    if (!frame) break;
    if (frame.hasAttribute('sandbox') && !frame.sandbox.contains('allow-downloads')) return 'no';
    w = w.parent;
  }
  if (w !== w.top) return 'unknown';
  return self.origin === 'null' && location.protocol !== 'file:' ? 'unknown' : 'yes';
}

/** Starts the download of blob as `name`. */
export function download(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
