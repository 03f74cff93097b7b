/**
 * The material library's SVG sanitiser (docs/requirements/pages-and-designer.md §12.1): parses an
 * uploaded SVG as XML (@xmldom/xmldom: no entity expansion, nothing fetched; a document type is
 * refused before parsing) and writes it back from an allow-list of SVG elements and attributes, so
 * what is stored can neither run anything nor reach outside itself and stays a vector image.
 * Of what it leaves out it counts apart the references to outside the image, which the avatar
 * refuses rather than drawing the picture without them (docs/requirements/account-security.md §1.6).
 * Plain JavaScript so that svgSanitiserWorker.mjs runs it under tsx, vitest and node alike.
 */
import { DOMParser } from '@xmldom/xmldom';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Elements kept (SVG namespace, exact case); any other is dropped with everything inside it. */
const ELEMENTS = new Set(
  [
    'svg g defs symbol use switch a title desc style',
    'path rect circle ellipse line polyline polygon text tspan textPath image',
    'linearGradient radialGradient stop pattern clipPath mask marker filter',
    'feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting',
    'feDisplacementMap feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR',
    'feGaussianBlur feImage feMerge feMergeNode feMorphology feOffset fePointLight',
    'feSpecularLighting feSpotLight feTile feTurbulence',
    'animate animateMotion animateTransform set mpath',
  ]
    .join(' ')
    .split(' '),
);

/** Elements dropped without counting as unsafe: what drawing editors leave in their files. */
const HARMLESS_DROPS = new Set(['metadata']);

/** Attributes without a namespace that are kept (exact case), their values still checked. */
const ATTRIBUTES = new Set(
  [
    // structure and geometry
    'id class style lang tabindex transform viewBox preserveAspectRatio width height x y x1 y1 x2 y2',
    'cx cy r rx ry fx fy fr d points pathLength version baseProfile systemLanguage href',
    'gradientUnits gradientTransform spreadMethod offset patternUnits patternContentUnits',
    'patternTransform clipPathUnits maskUnits maskContentUnits markerWidth markerHeight markerUnits',
    'refX refY orient dx dy rotate textLength lengthAdjust startOffset method spacing side',
    // filters
    'filterUnits primitiveUnits in in2 result stdDeviation mode type values tableValues slope',
    'intercept amplitude exponent k1 k2 k3 k4 operator radius scale xChannelSelector',
    'yChannelSelector baseFrequency numOctaves seed stitchTiles kernelMatrix order divisor bias',
    'targetX targetY edgeMode kernelUnitLength preserveAlpha surfaceScale specularConstant',
    'specularExponent diffuseConstant azimuth elevation pointsAtX pointsAtY pointsAtZ',
    'limitingConeAngle',
    // presentation
    'alignment-baseline baseline-shift clip clip-path clip-rule color color-interpolation',
    'color-interpolation-filters color-rendering cursor direction display dominant-baseline',
    'enable-background fill fill-opacity fill-rule filter flood-color flood-opacity font',
    'font-family font-size font-size-adjust font-stretch font-style font-variant font-weight',
    'glyph-orientation-horizontal glyph-orientation-vertical image-rendering isolation kerning',
    'letter-spacing lighting-color marker marker-start marker-mid marker-end mask mix-blend-mode',
    'opacity overflow paint-order pointer-events shape-rendering stop-color stop-opacity stroke',
    'stroke-dasharray stroke-dashoffset stroke-linecap stroke-linejoin stroke-miterlimit',
    'stroke-opacity stroke-width text-anchor text-decoration text-rendering transform-origin',
    'unicode-bidi vector-effect visibility word-spacing writing-mode',
    // animation (what it animates is checked on its own)
    'attributeName attributeType begin dur end min max restart repeatCount repeatDur calcMode',
    'keyTimes keySplines keyPoints from to by additive accumulate path',
    // a style element's media
    'media',
  ]
    .join(' ')
    .split(' '),
);

const ANIMATIONS = new Set(['animate', 'animateMotion', 'animateTransform', 'set']);

/** A reference kept in href / xlink:href: a part of the image itself or inline raster data. */
const SAFE_HREF = /^(#[\w.:-]+|data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*)$/i;
const SAFE_URL_TARGET = /^#[\w.:-]+$/;
/** CSS at-rules that fetch nothing */
const SAFE_AT_RULES = new Set(['media', 'keyframes', '-webkit-keyframes', 'supports']);

/** What cssProblem finds that names something outside the image (or may, hidden by an escape). */
const OUTSIDE_CSS = new Set(['outside', 'import', 'escape']);

/**
 * Why a CSS text (a style element or attribute, or a presentation attribute, whose values CSS
 * parses) may reach outside the image or run something; null when it cannot. Escapes are refused
 * outright (`u\72l(` is `url(` to CSS), so what is read here is what a browser reads.
 */
export function cssProblem(css) {
  // control characters and spaces removed: "java\tscript:" is what a browser reads as javascript:
  // eslint-disable-next-line no-control-regex -- control characters are what is removed here
  const compact = css.toLowerCase().replace(/[\s\u0000-\u001f\u007f]+/g, '');
  if (compact.includes('\\')) return 'escape';
  if (/javascript:|vbscript:|data:text|expression\(|behavior:|-moz-binding/.test(compact)) return 'script';
  for (const m of compact.matchAll(/@([a-z-]*)/g)) if (!SAFE_AT_RULES.has(m[1])) return 'import';
  if (/(^|[^a-z0-9_-])(-webkit-)?(image-set|image|cross-fade|element|src)\(/.test(compact)) return 'outside';
  for (const m of compact.matchAll(/url\(([^)]*)(\)?)/g)) {
    const target = m[1].replace(/^(["'])(.*)\1$/, '$2');
    if (!m[2] || !SAFE_URL_TARGET.test(target)) return 'outside';
  }
  return null;
}

/** Characters XML 1.0 does not allow, even as references: left out so the output stays well-formed. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- the characters left out are control characters
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function escapeText(s) {
  return s
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

function escapeAttribute(s) {
  return escapeText(s).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}

/** Why a document is not sanitised; thrown from deep in the walk. */
class Refusal extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

/** An element is an SVG one when it is in the SVG namespace (xmldom puts an undeclared root there). */
const isSvg = (el) => el.namespaceURI === SVG_NS;

/**
 * The attributes of an element that are kept, as `name="value"` text; counts what is dropped as
 * unsafe in `state.removed` (attributes of editors' own namespaces are dropped without counting),
 * and of those the references to outside the image in `state.outside`: an href (no namespace, SVG
 * or XLink) other than `#id` or inline raster data, a CSS value naming an address, an import or
 * an escape.
 */
function keptAttributes(el, state) {
  const kept = [];
  for (const attr of Array.from(el.attributes)) {
    const ns = attr.namespaceURI;
    const local = attr.localName ?? attr.name;
    if (ns === XMLNS_NS || attr.name === 'xmlns') continue; // written anew on the root
    let name;
    if (ns === null && ATTRIBUTES.has(local)) name = local;
    else if (ns === XLINK_NS && local === 'href') name = 'xlink:href';
    else if (ns === XML_NS && (local === 'space' || local === 'lang')) name = `xml:${local}`;
    else {
      // an editor's own attribute (inkscape:label, data-name) is not unsafe; any other unknown one is
      const known = ns === null || ns === SVG_NS || ns === XLINK_NS || ns === XML_NS;
      if ((known && !/^data-/.test(local)) || /^on/i.test(local)) state.removed++;
      if (known && local === 'href' && !SAFE_HREF.test(attr.value.trim())) state.outside++;
      continue;
    }
    const value = attr.value;
    const problem = local === 'href' ? (SAFE_HREF.test(value.trim()) ? null : 'outside') : cssProblem(value);
    if (problem !== null) {
      state.removed++;
      if (OUTSIDE_CSS.has(problem)) state.outside++;
      continue;
    }
    if (name === 'xlink:href') state.xlink = true;
    kept.push(`${name}="${escapeAttribute(local === 'href' ? value.trim() : value)}"`);
  }
  return kept;
}

/** What an animation sets, or null for an element that is none. */
const animated = (el) =>
  ANIMATIONS.has(el.localName) && el.localName !== 'animateMotion'
    ? (el.getAttribute('attributeName') ?? '').trim()
    : null;

/** An animation that would set a reference, an event handler or anything else outside the allow-list. */
function animatesUnsafe(el) {
  const target = animated(el);
  // a prefixed name (xlink:href) is never one of the kept attributes
  return target !== null && (!ATTRIBUTES.has(target) || target === 'href' || target === 'style');
}

function writeElement(el, state, depth) {
  if (depth > state.limits.maxDepth) throw new Refusal('tooDeep');
  const local = el.localName;
  if (!isSvg(el) || !ELEMENTS.has(local) || animatesUnsafe(el)) {
    // an editor's own element (sodipodi:namedview, metadata) is not unsafe; any other dropped one is
    const editors = el.namespaceURI !== SVG_NS && el.namespaceURI !== null && !/html/i.test(el.namespaceURI);
    if (!editors && !HARMLESS_DROPS.has(local)) state.removed++;
    // an animation that sets a reference can only point it elsewhere
    if (isSvg(el) && /^(xlink:)?href$/.test(animated(el) ?? '')) state.outside++;
    return '';
  }
  if (local === 'style') {
    const css = Array.from(el.childNodes)
      .filter((n) => n.nodeType === 3 || n.nodeType === 4)
      .map((n) => n.nodeValue)
      .join('');
    const problem = cssProblem(css);
    if (problem !== null) {
      state.removed++;
      if (OUTSIDE_CSS.has(problem)) state.outside++;
      return '';
    }
    if (Array.from(el.childNodes).some((n) => n.nodeType === 1)) state.removed++;
    const attrs = keptAttributes(el, state);
    return `<style${attrs.map((a) => ` ${a}`).join('')}>${escapeText(css)}</style>`;
  }
  const attrs = keptAttributes(el, state);
  let inner = '';
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1) inner += writeElement(n, state, depth + 1);
    else if (n.nodeType === 3 || n.nodeType === 4) inner += escapeText(n.nodeValue);
    else if (n.nodeType === 7) state.removed++; // a processing instruction inside the image
    // comments are left out
  }
  const head = `<${local}${attrs.map((a) => ` ${a}`).join('')}`;
  return inner ? `${head}>${inner}</${local}>` : `${head}/>`;
}

/** Limits of one sanitising: elements (10008 beyond) and nesting depth (10007 beyond). */
export const SANITISE_LIMITS = { maxElements: 50_000, maxDepth: 256 };

/** `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.x…//EN" "http://www.w3.org/….dtd">`, no internal subset. */
const W3C_SVG_DOCTYPE =
  /^(\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*)<!DOCTYPE\s+svg\s+PUBLIC\s+(["'])-\/\/W3C\/\/DTD SVG [0-9.]+(?: (?:Basic|Tiny))?\/\/EN\2(?:\s+(["'])https?:\/\/www\.w3\.org\/[^"'<>]*\.dtd\3)?\s*>/i;

/**
 * The sanitised SVG of an upload: `{ ok: true, svg, removed, outside }` with `removed` the number of
 * unsafe parts left out (0 when only comments, the XML declaration or editors' metadata went) and
 * `outside` how many of them referred to outside the image (an href, a CSS `url(`, `@import` or
 * escape, an animated href, an `<?xml-stylesheet?>`), or
 * `{ ok: false, reason }`: 'encoding' (not UTF-8), 'entity' (a document type or entity
 * declaration), 'format' (not well-formed XML, or its root is not an SVG), 'tooDeep' (nested
 * beyond the limit), 'tooLarge' (more elements than the limit). The output starts with `<svg`,
 * is well-formed, and sanitising it again gives it back unchanged.
 */
export function sanitiseSvg(content, limits = SANITISE_LIMITS) {
  const source = typeof content === 'string' ? content : Buffer.from(content).toString('utf8');
  if (source.includes('\uFFFD')) return { ok: false, reason: 'encoding' };
  // refused before parsing: entity expansion (billion laughs) and outside files never start. The
  // one document type drawing programs write, the W3C's SVG DTD named and nothing declared, is
  // left out instead (it adds nothing; the parser would not read it anyway)
  const text = source.replace(W3C_SVG_DOCTYPE, '$1');
  if (/<!doctype|<!entity/i.test(text)) return { ok: false, reason: 'entity' };
  // a cheap upper bound of the element count, before the parser builds anything
  if ((text.match(/<[^\s!?/<>]/g)?.length ?? 0) > limits.maxElements)
    return { ok: false, reason: 'tooLarge' };
  let doc;
  try {
    doc = new DOMParser({
      onError: (level) => {
        if (level !== 'warning') throw new Refusal('format');
      },
    }).parseFromString(text.replace(/^\uFEFF/, ''), 'image/svg+xml');
  } catch {
    return { ok: false, reason: 'format' };
  }
  const root = doc.documentElement;
  if (!root || !isSvg(root) || root.localName !== 'svg' || doc.doctype)
    return { ok: false, reason: doc?.doctype ? 'entity' : 'format' };
  const state = { removed: 0, outside: 0, xlink: false, limits };
  for (let n = doc.firstChild; n; n = n.nextSibling) {
    if (n.nodeType !== 7 || n.nodeName === 'xml') continue;
    state.removed++;
    if (n.nodeName === 'xml-stylesheet') state.outside++; // it loads a style sheet by its address
  }
  let body;
  try {
    body = writeElement(root, state, 0);
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, reason: err.reason };
    throw err;
  }
  const ns = ` xmlns="${SVG_NS}"${state.xlink ? ` xmlns:xlink="${XLINK_NS}"` : ''}`;
  return { ok: true, svg: `<svg${ns}${body.slice(4)}`, removed: state.removed, outside: state.outside };
}
