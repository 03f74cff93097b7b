import fc from 'fast-check';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { sanitiseSvgOffThread } from './materialFiles';
import { sanitiseSvg } from './svgSanitiser.mjs';

/**
 * The material library's SVG sanitiser (docs/requirements/pages-and-designer.md §12.1): hostile
 * SVGs come out without anything that runs or reaches outside the image, still an SVG, and a
 * second sanitising changes nothing; documents with a type, entities, too many or too deeply
 * nested elements are refused.
 */

const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
const PNG_DATA = 'data:image/png;base64,iVBORw0KGgo=';

function cleaned(text: string) {
  const result = sanitiseSvg(text);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

/**
 * What is unsafe in an SVG, read independently of the sanitiser: its output parsed again and every
 * element and attribute looked at.
 */
function unsafeParts(svg: string): string[] {
  const found: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') found.push(`not well-formed: ${message}`);
    },
  }).parseFromString(svg, 'image/svg+xml');
  const walk = (el: Element) => {
    if (/^(script|foreignobject|iframe|object|embed|handler|listener)$/i.test(el.localName ?? ''))
      found.push(`element ${el.localName}`);
    if (el.namespaceURI !== 'http://www.w3.org/2000/svg') found.push(`namespace ${el.namespaceURI}`);
    for (const a of el.attributes) {
      const value = a.value.toLowerCase().replace(/\s+/g, '');
      if (/^on/i.test(a.localName ?? a.name)) found.push(`handler ${a.name}`);
      if (/(^|:)href$/.test(a.name) && !/^(#[\w.:-]+|data:image\/(png|jpeg|gif|webp);base64,)/.test(value))
        found.push(`reference ${a.value}`);
      if (/javascript:|@import|expression\(|\\/.test(value)) found.push(`value ${a.value}`);
      for (const m of value.matchAll(/url\(([^)]*)\)/g))
        if (!/^["']?#/.test(m[1]!)) found.push(`url ${a.value}`);
    }
    if (el.localName === 'style' && /@import|url\((?!["']?#)|javascript:/i.test(el.textContent ?? ''))
      found.push(`style ${el.textContent}`);
    for (const child of el.childNodes) if (child.nodeType === 1) walk(child as Element);
  };
  if (doc.documentElement) walk(doc.documentElement);
  return found;
}

describe('SVG sanitiser', () => {
  const hostile: [string, string, string][] = [
    ['a script', '<svg><script>alert(1)</script><rect/></svg>', '<rect/>'],
    ['a CDATA script', '<svg><script><![CDATA[alert(1)]]></script><rect/></svg>', '<rect/>'],
    ['an onload', '<svg onload="alert(1)"><rect onclick="x()" fill="red"/></svg>', '<rect fill="red"/>'],
    ['a javascript: link', '<svg><a href="javascript:alert(1)"><rect/></a></svg>', '<a><rect/></a>'],
    [
      'a javascript: link spelt with a tab',
      '<svg><a href="java&#x09;script:alert(1)"><rect/></a></svg>',
      '<a><rect/></a>',
    ],
    [
      'a javascript: link spelt with entities',
      '<svg><a href="&#106;avascript:x"><rect/></a></svg>',
      '<a><rect/></a>',
    ],
    [
      'an outside image',
      '<svg><image href="https://evil.example/x.png" width="1"/></svg>',
      '<image width="1"/>',
    ],
    [
      'an outside use',
      `<svg ${XLINK}><use xlink:href="other.svg#a"/><use xlink:href="#a"/></svg>`,
      `<use/><use xlink:href="#a"/>`,
    ],
    [
      'a style sheet import',
      '<svg><style>@import url(https://evil.example/a.css);</style><rect/></svg>',
      '<rect/>',
    ],
    ['an escaped import', '<svg><style>@\\69mport "x.css";</style><rect/></svg>', '<rect/>'],
    [
      'an outside url( in a style',
      '<svg><rect style="fill:url(https://evil.example/p)" x="1"/></svg>',
      '<rect x="1"/>',
    ],
    [
      'an outside url( in a presentation attribute',
      '<svg><rect fill="url(http://e.example/p#g)"/></svg>',
      '<rect/>',
    ],
    ['an expression(', '<svg><rect style="width:expression(alert(1))"/></svg>', '<rect/>'],
    [
      'foreign content',
      '<svg><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>',
      '',
    ],
    [
      'a nested svg with a handler',
      '<svg><svg onload="x()" width="2"><script/></svg></svg>',
      '<svg width="2"/>',
    ],
    [
      'a prefixed script',
      '<svg xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script><s:rect/></svg>',
      '<rect/>',
    ],
    ['an uppercase SCRIPT', '<svg><SCRIPT>alert(1)</SCRIPT><Script/></svg>', ''],
    [
      'an animation setting a reference',
      `<svg ${XLINK}><a><set attributeName="xlink:href" to="javascript:x"/><animate attributeName="onclick" to="x"/></a></svg>`,
      '<a/>',
    ],
    ['a style sheet processing instruction', '<?xml-stylesheet href="https://e.example/a.css"?><svg/>', ''],
  ];
  it.each(hostile)('leaves out %s', (_, text, inner) => {
    const out = cleaned(text);
    expect(out.svg).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg"${out.svg.includes('xlink:href') ? ` ${XLINK}` : ''}${inner ? `>${inner}</svg>` : '/>'}`,
    );
    expect(out.removed).toBeGreaterThan(0);
    expect(unsafeParts(out.svg)).toEqual([]);
  });

  it('counts apart the parts it left out that referred to outside the image', () => {
    const outside: [string, number][] = [
      ['<svg><image href="https://e.example/x.png"/></svg>', 1],
      [`<svg ${XLINK}><use xlink:href="other.svg#a"/><a xlink:href="javascript:x"/></svg>`, 2],
      ['<svg><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>', 1],
      ['<svg><rect fill="url(http://e.example/p#g)" style="fill:url(x.svg#g)"/></svg>', 2],
      ['<svg><style>@import "x.css";</style></svg>', 1],
      ['<svg><style>.a{fill:u\\72l(x.svg#g)}</style></svg>', 1],
      [`<svg ${XLINK}><a><set attributeName="xlink:href" to="https://e.example"/></a></svg>`, 1],
      ['<svg xmlns:s="http://www.w3.org/2000/svg"><rect s:href="x.png"/></svg>', 1],
      ['<?xml-stylesheet href="a.css"?><svg/>', 1],
    ];
    for (const [text, n] of outside) expect(cleaned(text).outside, text).toBe(n);
    // what could run, or is no SVG, is left out without being a reference to outside
    for (const text of [
      '<svg onload="x()"><script>alert(1)</script><foreignObject/></svg>',
      '<svg><rect style="width:expression(alert(1))"/></svg>',
      '<svg><a><animate attributeName="onclick" to="x"/></a></svg>',
      '<?pi x?><svg/>',
    ]) {
      const out = cleaned(text);
      expect(out.removed, text).toBeGreaterThan(0);
      expect(out.outside, text).toBe(0);
    }
  });

  it('keeps a drawing with local references, inline raster data, gradients and CSS as it was', () => {
    const drawing =
      `<svg xmlns="http://www.w3.org/2000/svg" ${XLINK} viewBox="0 0 10 10">` +
      '<style>.a{fill:url(#g);stroke:#000}@media (min-width:1px){.a{opacity:.5}}</style>' +
      '<defs><linearGradient id="g" x2="1"><stop offset="0" stop-color="red"/></linearGradient></defs>' +
      `<rect class="a" width="10" height="10" filter="url(#f)"/><image href="${PNG_DATA}"/>` +
      '<use xlink:href="#g"/><text x="1">a &amp; b &lt; c</text>' +
      '<animate attributeName="opacity" values="0;1" dur="1s"/></svg>';
    expect(cleaned(drawing)).toEqual({ ok: true, svg: drawing, removed: 0, outside: 0 });
  });

  it('leaves out comments, the XML declaration and editors\u2019 metadata without calling it unsafe', () => {
    const out = cleaned(
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- drawn -->' +
        '<svg xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1.3">' +
        '<metadata><x/></metadata><inkscape:grid/><rect data-name="r" inkscape:label="box"/></svg>',
    );
    expect(out).toEqual({
      ok: true,
      svg: '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>',
      removed: 0,
      outside: 0,
    });
  });

  it('refuses a document type or entities, malformed XML, a root that is no SVG and text that is not UTF-8', () => {
    const laughs =
      '<!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg>&b;</svg>';
    expect(sanitiseSvg(laughs)).toEqual({ ok: false, reason: 'entity' });
    expect(sanitiseSvg('<!DOCTYPE svg SYSTEM "file:///etc/passwd"><svg/>')).toEqual({
      ok: false,
      reason: 'entity',
    });
    for (const named of [
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "file:///etc/passwd">',
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/x.dtd" [<!ENTITY a "b">]>',
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN">',
    ])
      expect(sanitiseSvg(`${named}<svg/>`), named).toEqual({ ok: false, reason: 'entity' });
  });

  it("drops the W3C's SVG document type as drawing programs write it", () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>';
    for (const head of [
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">',
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: Adobe Illustrator 24.0.0 -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.0//EN" "http://www.w3.org/TR/2001/REC-SVG-20010904/DTD/svg10.dtd">\n',
      "<!DOCTYPE svg PUBLIC '-//W3C//DTD SVG 1.1 Tiny//EN'>",
    ])
      expect(sanitiseSvg(head + svg), head).toMatchObject({ ok: true, svg, outside: 0 });
    expect(sanitiseSvg('<svg>&nbsp;</svg>')).toEqual({ ok: false, reason: 'format' });
    expect(sanitiseSvg('<svg><rect></svg>')).toEqual({ ok: false, reason: 'format' });
    // an unbound prefix is not well-formed XML (browsers show an error page for it too)
    expect(sanitiseSvg('<svg><svg:script>alert(1)</svg:script></svg>')).toEqual({
      ok: false,
      reason: 'format',
    });
    expect(sanitiseSvg('<svg xmlns="http://www.w3.org/1999/xhtml"/>')).toEqual({
      ok: false,
      reason: 'format',
    });
    expect(sanitiseSvg(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0x2f, 0x3e]))).toEqual({
      ok: false,
      reason: 'encoding',
    });
  });

  it('refuses too many or too deeply nested elements, in its worker as on its own', async () => {
    const many = `<svg>${'<g/>'.repeat(50_001)}</svg>`;
    expect(sanitiseSvg(many)).toEqual({ ok: false, reason: 'tooLarge' });
    expect(await sanitiseSvgOffThread(Buffer.from(many))).toEqual({ ok: false, reason: 'tooLarge' });
    const deep = `<svg>${'<g>'.repeat(300)}${'</g>'.repeat(300)}</svg>`;
    expect(await sanitiseSvgOffThread(Buffer.from(deep))).toEqual({ ok: false, reason: 'tooDeep' });
    const fine = await sanitiseSvgOffThread(Buffer.from('<svg onload="x()"><rect/></svg>'));
    expect(fine).toEqual({
      ok: true,
      svg: '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>',
      removed: 1,
      outside: 0,
    });
  });

  it('answers element and attribute soups with nothing that runs or reaches outside, and keeps its own output', () => {
    const names = fc.constantFrom(
      'g',
      'rect',
      'a',
      'use',
      'image',
      'style',
      'text',
      'svg',
      'set',
      'animate',
      'feImage',
      'pattern',
      'script',
      'SCRIPT',
      's:script',
      's:rect',
      'foreignObject',
      'h:div',
      'iframe',
      'x:y',
      'metadata',
    );
    const attrNames = fc.constantFrom(
      'fill',
      'style',
      'href',
      'xlink:href',
      'onload',
      'ONCLICK',
      'onbegin',
      'attributeName',
      'to',
      'values',
      'filter',
      'x',
      'id',
      'h:onclick',
      's:href',
      'xml:base',
      'begin',
      'cursor',
    );
    const values = fc.oneof(
      fc.constantFrom(
        'javascript:alert(1)',
        'java&#x09;script:x',
        '&#106;avascript:x',
        ' JAVASCRIPT:x',
        'https://e.example/x',
        '//e.example/x',
        '#a',
        ' #a ',
        PNG_DATA,
        'data:image/svg+xml;base64,PHN2Zz4=',
        'data:text/html,x',
        'url(http://e.example)',
        'url(#a)',
        'URL( "#a" )',
        'u\\72l(http://e)',
        '@import "x.css"',
        'expression(x)',
        'href',
        'xlink:href',
        'onclick',
        'fill',
        'red;url(//e)',
        'image-set("x.png" 1x)',
        '&amp;&lt;&quot;',
      ),
      fc.string({ maxLength: 8 }).map((s) => s.replace(/[<&"]/g, '')),
    );
    const attributes = fc
      .uniqueArray(fc.tuple(attrNames, values), { maxLength: 4, selector: ([n]) => n })
      .map((list) => list.map(([n, v]) => ` ${n}="${v}"`).join(''));
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom('', 'text', '<![CDATA[alert(1) @import url(x)]]>', '<!-- c -->', '<?pi x?>'),
        fc
          .tuple(names, attributes, fc.array(tie('tree'), { maxLength: 3 }))
          .map(([n, a, children]) => `<${n}${a}>${(children as string[]).join('')}</${n}>`),
      ),
    }));
    const namespaces =
      'xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:s="http://www.w3.org/2000/svg" ' +
      'xmlns:h="http://www.w3.org/1999/xhtml" xmlns:x="urn:x"';
    fc.assert(
      fc.property(attributes, fc.array(tree, { maxLength: 4 }), (rootAttributes, children) => {
        const result = sanitiseSvg(`<svg ${namespaces}${rootAttributes}>${children.join('')}</svg>`);
        if (!result.ok) return; // a soup that is no well-formed XML is refused, not stored
        expect(result.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        expect(unsafeParts(result.svg)).toEqual([]);
        expect(result.outside).toBeLessThanOrEqual(result.removed);
        expect(sanitiseSvg(result.svg)).toEqual({ ok: true, svg: result.svg, removed: 0, outside: 0 });
      }),
      { numRuns: 400 },
    );
  });
});
