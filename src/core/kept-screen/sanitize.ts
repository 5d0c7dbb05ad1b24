import sanitizeHtml from 'sanitize-html';

/**
 * What a kept first screen may contain: the studio's own markup (layout elements, text, lucide's SVG icons,
 * pictures), nothing that runs, loads from elsewhere, submits or takes input. The renderer sends it, so it
 * is untrusted like every bridge input: anything else is dropped here, before it is stored, and the CSP
 * (no inline scripts) stands behind it when it is served.
 */
const TAGS = [
  'div', 'span', 'header', 'footer', 'main', 'aside', 'nav', 'section', 'h1', 'h2', 'h3', 'p', 'strong', 'em',
  'small', 'kbd', 'label', 'button', 'ul', 'ol', 'li', 'img', 'time',
  'svg', 'g', 'path', 'circle', 'ellipse', 'rect', 'line', 'polyline', 'polygon',
];

const SVG_ATTRIBUTES = [
  'xmlns', 'width', 'height', 'viewBox', 'viewbox', 'fill', 'stroke', 'stroke-width', 'stroke-linecap',
  'stroke-linejoin', 'd', 'cx', 'cy', 'r', 'rx', 'ry', 'x', 'y', 'x1', 'x2', 'y1', 'y2', 'points',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: {
    // `data-testid` is not kept: tests (and the paint probe) must never find the inert copy as the live app.
    '*': ['class', 'style', 'role', 'dir', 'title', 'aria-*', 'data-kept-id', 'data-status', 'data-task-id',
      'data-state', 'data-columns', 'data-panel', 'data-group', 'data-separator', 'data-tip'],
    svg: SVG_ATTRIBUTES,
    g: SVG_ATTRIBUTES,
    path: SVG_ATTRIBUTES,
    circle: SVG_ATTRIBUTES,
    ellipse: SVG_ATTRIBUTES,
    rect: SVG_ATTRIBUTES,
    line: SVG_ATTRIBUTES,
    polyline: SVG_ATTRIBUTES,
    polygon: SVG_ATTRIBUTES,
    img: ['src', 'alt', 'width', 'height', 'decoding'],
    button: ['type', 'disabled'],
  },
  // Pictures: our own media route (a path, no host) or a kept video frame (`data:image/…`); nothing remote.
  allowedSchemes: [],
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['src', 'href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // SVG's camel-cased attributes (`viewBox`) stay as written; the HTML parser fixes their case anyway.
  parser: { lowerCaseAttributeNames: false },
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !/^(\/media\/(library|inputs|thumbs)\/|data:image\/(png|jpeg|webp);)/.test(frame.attribs.src ?? ''),
};

/** The kept screen's HTML with everything outside the allow-lists above removed (tags, attributes, URLs). */
export function sanitizeKeptScreen(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The studio's first screen nests ~25 deep in ~3,000 elements; far beyond these is not a screen. */
const MAX_DEPTH = 256;
const MAX_ELEMENTS = 20_000;
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * Whether `html` is shaped like a screen: at most `MAX_DEPTH` elements deep and `MAX_ELEMENTS` in all. Read
 * in one linear pass before sanitising, whose cost grows far faster than the input with deep nesting (80,000
 * nested elements: seconds of core's one thread).
 */
export function keptScreenShapeOk(html: string): boolean {
  let depth = 0;
  let elements = 0;
  for (const [tag, closing, name] of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*>/g)) {
    if (closing) {
      depth = Math.max(0, depth - 1);
      continue;
    }
    if (++elements > MAX_ELEMENTS) return false;
    if (VOID.has((name ?? '').toLowerCase()) || tag.endsWith('/>')) continue;
    if (++depth > MAX_DEPTH) return false;
  }
  return true;
}
