import { describe, expect, it } from 'vitest';
import { checkAvatar, sniffAvatar, svgProblem } from './avatar';
import { maskEmail, maskTel } from './security.service';

// The avatar rule of docs/requirements/account-security.md §1.4, §1.6 and the masks of §3.3.
const dataUrl = (type: string, b: Buffer) => `data:${type};base64,${b.toString('base64')}`;

describe('avatar type from the bytes', () => {
  it('knows png, jpeg, gif, ico and svg, whatever the label says', () => {
    expect(sniffAvatar(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffAvatar(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe('image/jpeg');
    expect(sniffAvatar(Buffer.from('GIF89a\x01\x00', 'latin1'))).toBe('image/gif');
    expect(sniffAvatar(Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]))).toBe('image/x-icon');
    expect(sniffAvatar(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'image/svg+xml',
    );
    expect(sniffAvatar(Buffer.from('<html><svg/></html>'))).toBeNull();
    expect(sniffAvatar(Buffer.from([0, 0, 1, 0, 0, 0]))).toBeNull();
    expect(checkAvatar(dataUrl('image/png', Buffer.from('GIF87a\x01\x00', 'latin1')))).toMatch(
      /^data:image\/gif;base64,/,
    );
  });

  it('refuses an SVG that could run or fetch anything', () => {
    const svg = (inner: string, attrs = '') =>
      `<svg xmlns="http://www.w3.org/2000/svg"${attrs}>${inner}</svg>`;
    expect(svgProblem(svg('<circle r="4" fill="url(#g)"/><use href="#a"/>'))).toBeNull();
    expect(svgProblem(svg('<image href="data:image/png;base64,AAAA"/>'))).toBeNull();
    expect(svgProblem(svg('<SCRIPT>x</SCRIPT>'))).toBe('script');
    expect(svgProblem(svg('', ' onLoad="x()"'))).toBe('event attribute');
    expect(svgProblem(svg('<a xlink:href="javascript:x()">a</a>'))).toBe('javascript URL');
    expect(svgProblem(svg("<use xlink:href='https://evil.test/s.svg#a'/>"))).toBe('external reference');
    expect(svgProblem(svg('<rect style="fill:url(https://evil.test/x)"/>'))).toBe('external reference');
    expect(svgProblem(svg('<style>@import "https://evil.test/x.css";</style>'))).toBe('external reference');
    expect(svgProblem(`<!DOCTYPE svg [<!ENTITY x "y">]>${svg('&x;')}`)).toBe('entity');
    expect(svgProblem(svg('<foreignObject/>'))).toBe('foreignObject');
    expect(svgProblem(svg('<iframe/>'))).toBe('active element');
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
