/**
 * What an uploaded material is (docs/requirements/pages-and-designer.md §12.1): the type read from
 * the bytes, never from the name or the declared type; an SVG only when it cannot run anything or
 * reach outside itself.
 */

export interface MaterialType {
  mime: string;
  ext: string;
}

const startsWith = (b: Buffer, bytes: readonly number[]) => bytes.every((v, i) => b[i] === v);

/** PNG, JPEG, GIF, WebP or SVG by the bytes; null for anything else. */
export function sniffMaterial(b: Buffer): MaterialType | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', ext: 'png' };
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  const head = b.toString('latin1', 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return { mime: 'image/gif', ext: 'gif' };
  if (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return { mime: 'image/webp', ext: 'webp' };
  // an SVG: UTF-8 text (an optional BOM, XML declaration and comments) whose first element is <svg
  const text = b.toString('utf8', 0, Math.min(b.length, 4096)).replace(/^\uFEFF/, '');
  const rest = text.replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/, '');
  if (/^<svg[\s>]/i.test(rest)) return { mime: 'image/svg+xml', ext: 'svg' };
  return null;
}

/** Why an SVG is refused, in both languages. */
export const SVG_PROBLEMS = {
  encoding: { 'zh-CN': '不是 UTF-8 文本', 'en-US': 'not UTF-8 text' },
  entity: { 'zh-CN': '文档类型或实体', 'en-US': 'a document type or entity' },
  script: { 'zh-CN': '脚本或外部内容', 'en-US': 'a script or foreign content' },
  handler: { 'zh-CN': '事件处理属性', 'en-US': 'an event handler' },
  scriptAddress: { 'zh-CN': '脚本地址', 'en-US': 'a script address' },
  import: { 'zh-CN': '导入的样式表', 'en-US': 'an imported style sheet' },
  outside: { 'zh-CN': '指向图片以外的引用', 'en-US': 'a reference outside the image' },
} as const;
export type SvgProblem = keyof typeof SVG_PROBLEMS;

/**
 * Why an SVG is not safe to show, or null when it is: no document type or entities (entity
 * expansion, outside files), no script, foreign content, frames or embedded objects, no event
 * handler attributes, no `javascript:` anywhere, and references (`href`, `xlink:href`, CSS `url()`,
 * `@import`) only to the image itself (`#id`) or to inline raster data. Checked on the whole text,
 * whatever the encoding of its characters (numeric character references are decoded first).
 */
export function svgProblem(content: Buffer): SvgProblem | null {
  let text = content.toString('utf8');
  if (text.includes('\uFFFD')) return 'encoding';
  // decode numeric character references so "&#106;avascript:" reads as what it is
  text = text.replace(/&#x([0-9a-f]+);?/gi, (_, h: string) =>
    String.fromCodePoint(parseInt(h, 16) % 0x110000),
  );
  text = text.replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d) % 0x110000));
  const lower = text.toLowerCase();
  if (/<!doctype|<!entity/.test(lower)) return 'entity';
  if (/<\s*(script|foreignobject|iframe|embed|object|audio|video|handler|listener)\b/.test(lower))
    return 'script';
  if (/[\s"'/]on[a-z]+\s*=/.test(lower)) return 'handler';
  if (/javascript\s*:|vbscript\s*:|data\s*:\s*text\/html/.test(lower)) return 'scriptAddress';
  if (/@import/.test(lower)) return 'import';
  const refs = [
    ...lower.matchAll(/(?:href|src)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/g),
    ...lower.matchAll(/url\(\s*("[^"]*"|'[^']*'|[^)]*)\)/g),
  ].map((m) => m[1]!.replace(/^["']|["']$/g, '').trim());
  for (const ref of refs) {
    if (ref.startsWith('#')) continue;
    if (/^data:image\/(png|jpeg|gif|webp);base64,/.test(ref)) continue;
    return 'outside';
  }
  return null;
}
