import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { Err } from '@fieldhub/shared';
import { checkAvatar, sniffAvatar } from './avatar';
import { RASTER_LIMITS, rasteriseSvg } from './svgRaster';
import { maskEmail, maskTel } from './security.service';

// The avatar rule of docs/requirements/account-security.md §1.4, §1.6 and the masks of §3.3.
const dataUrl = (type: string, b: Buffer) => `data:${type};base64,${b.toString('base64')}`;

describe('avatar type from the bytes', () => {
  it('knows png, jpeg, gif, ico and svg, whatever the label says', async () => {
    expect(sniffAvatar(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffAvatar(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe('image/jpeg');
    expect(sniffAvatar(Buffer.from('GIF89a\x01\x00', 'latin1'))).toBe('image/gif');
    expect(sniffAvatar(Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]))).toBe('image/x-icon');
    expect(sniffAvatar(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'image/svg+xml',
    );
    expect(sniffAvatar(Buffer.from('<html><svg/></html>'))).toBeNull();
    expect(sniffAvatar(Buffer.from([0, 0, 1, 0, 0, 0]))).toBeNull();
    await expect(checkAvatar(dataUrl('image/png', Buffer.from('GIF87a\x01\x00', 'latin1')))).resolves.toMatch(
      /^data:image\/gif;base64,/,
    );
  });
});

/** The size and the RGBA pixels of a PNG, read back by drawing it inside an SVG. */
function readPng(png: Buffer) {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const pixels = new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image width="${width}" height="${height}" href="data:image/png;base64,${png.toString('base64')}"/></svg>`,
  ).render().pixels;
  const at = (x: number, y: number) => [...pixels.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)];
  return { width, height, at };
}

describe('an SVG avatar is stored as the PNG it draws', () => {
  const svgUrl = (text: string) => `data:image/svg+xml;utf8,${encodeURIComponent(text)}`;

  it('draws a hostile SVG (script, onload, foreignObject, a huge size) to a 144 px PNG', async () => {
    const stored = await checkAvatar(
      svgUrl(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200000000" height="100000000" viewBox="0 0 2 1" onload="alert(1)">' +
          '<script>alert(2)</script><foreignObject width="2" height="1"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>' +
          '<rect width="1" height="1" fill="#ff0000"/><rect x="1" width="1" height="1" fill="#0000ff"/></svg>',
      ),
    );
    expect(stored).toMatch(/^data:image\/png;base64,/);
    const png = readPng(Buffer.from(stored.split(',')[1]!, 'base64'));
    expect([png.width, png.height]).toEqual([144, 72]);
    expect(png.at(10, 36)).toEqual([255, 0, 0, 255]);
    expect(png.at(130, 36)).toEqual([0, 0, 255, 255]);
  });

  it('draws an SVG whose references stay inside it: gradients, uses and embedded bitmaps', async () => {
    const stored = await checkAvatar(
      svgUrl(
        // as drawing programs write it: the W3C's document type named, nothing declared
        '<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8">' +
          '<defs><linearGradient id="g"><stop offset="0" stop-color="#00ff00"/><stop offset="1" stop-color="#00ff00"/></linearGradient>' +
          '<rect id="r" width="8" height="8" fill="url(#g)"/></defs><use xlink:href="#r"/>' +
          '<image width="1" height="1" href="data:image/png;base64,AAAA"/></svg>',
      ),
    );
    const png = readPng(Buffer.from(stored.split(',')[1]!, 'base64'));
    expect(png.at(72, 72)).toEqual([0, 255, 0, 255]);
  });

  it('refuses an SVG that refers to anything outside itself, or declares anything in a document type, with 10007', async () => {
    const svg = (inner: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8">${inner}<rect width="8" height="8"/></svg>`;
    for (const bad of [
      svg('<a xlink:href="javascript:x()">a</a>'),
      svg("<use xlink:href='https://evil.test/s.svg#a'/>"),
      svg('<image href="/etc/avatar.png"/>'),
      svg('<filter id="f"><feImage href = "file:///etc/avatar.png"/></filter>'),
      svg('<image href="&#47;etc/avatar.png"/>'),
      svg('<image href="data:image/svg+xml;base64,AAAA"/>'),
      // a quote opened in a comment does not hide the attribute after it
      svg('<!-- href=\'# --><image href="x.png"/><!-- \' -->'),
      svg('<rect width="1" height="1" fill="url(file:///etc/p.svg#g)"/>'),
      svg('<style>@import url(https://evil.test/a.css);</style>'),
      svg('<style>rect{fill:u\\72l(x.svg#g)}</style>'),
      `<?xml-stylesheet href="https://evil.test/a.css"?>${svg('')}`,
      `<!DOCTYPE svg [<!ATTLIST image href CDATA "x.png">]>${svg('<image/>')}`,
      `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://evil.test/svg11.dtd">${svg('')}`,
    ])
      await expect(checkAvatar(svgUrl(bad)), bad).rejects.toMatchObject({ code: Err.fileFormatWrong });
  });

  it('refuses an external picture, billion laughs and a size-less SVG with 10007', async () => {
    let laughs = '<!DOCTYPE svg [<!ENTITY a "lol">';
    for (let i = 1; i <= 9; i++)
      laughs += `<!ENTITY ${'a'.repeat(i + 1)} "${`&${'a'.repeat(i)};`.repeat(10)}">`;
    laughs += ']><svg xmlns="http://www.w3.org/2000/svg"><text>&aaaaaaaaaa;</text></svg>';
    for (const bad of [
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><image href="http://127.0.0.1:9/x.png" width="8" height="8"/></svg>',
      laughs,
      '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"/>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect',
    ])
      await expect(checkAvatar(svgUrl(bad))).rejects.toMatchObject({ code: Err.fileFormatWrong });
  });

  it('stops a drawing that outgrows its memory (10008) or its time (10007)', async () => {
    // each of 10,000 path vertices copies a marker of 2,000 rectangles: without the cap, gigabytes
    const markers =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs><marker id="m" markerWidth="10" markerHeight="10">' +
      '<rect width="1" height="1"/>'.repeat(2000) +
      `</marker></defs><path marker-mid="url(#m)" d="M0 0${' L1 1'.repeat(10_000)}"/></svg>`;
    const small = { ...RASTER_LIMITS, memoryMb: 192 };
    await expect(rasteriseSvg(Buffer.from(markers), small)).rejects.toMatchObject({ code: Err.fileTooLarge });
    // the same cap draws an ordinary SVG: the refusal is the drawing's, not the process's start
    const plain = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>');
    expect(readPng(await rasteriseSvg(plain, small)).width).toBe(144);
    await expect(rasteriseSvg(plain, { ...RASTER_LIMITS, timeMs: 1 })).rejects.toMatchObject({
      code: Err.fileFormatWrong,
    });
  });
});

describe('masks', () => {
  it('show the first three and last four digits, two letters of the mail name', () => {
    expect(maskTel('13800138000')).toBe('138****8000');
    expect(maskTel('+8613800138000')).toBe('138****8000');
    expect(maskTel('')).toBe('');
    expect(maskEmail('alpha@example.test')).toBe('al***@example.test');
    expect(maskEmail('a@example.test')).toBe('a***@example.test');
  });
});
