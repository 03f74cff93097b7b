import { AVATAR_MAX_BYTES, AppError, Err } from '@fieldhub/shared';

/**
 * The avatar of docs/requirements/account-security.md §1.4: ico, jpg, png, gif or svg under
 * 100 KB. The type is taken from the bytes, never from the name or the data URL's label; an SVG
 * holding anything that could run or fetch (scripts, event attributes, external references,
 * foreignObject, entities) is refused rather than rewritten, so what is stored is what was checked.
 */
export type AvatarType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/x-icon' | 'image/svg+xml';

const startsWith = (b: Buffer, bytes: number[]) => bytes.every((x, i) => b[i] === x);

/** The image type of the bytes, or null when they are none of the accepted ones. */
export function sniffAvatar(b: Buffer): AvatarType | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a')
    return 'image/gif';
  // ICONDIR: reserved 0, type 1 (icon), at least one image
  if (startsWith(b, [0, 0, 1, 0]) && b.length > 6 && (b[4]! | (b[5]! << 8)) > 0) return 'image/x-icon';
  const head = b
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>[]*>\s*)?<svg[\s>]/i.test(head))
    return 'image/svg+xml';
  return null;
}

/** Why an SVG is refused, or null when it only draws. */
export function svgProblem(text: string): string | null {
  if (/<script[\s>/]/i.test(text)) return 'script';
  if (/<foreignObject[\s>/]/i.test(text)) return 'foreignObject';
  if (/<!ENTITY/i.test(text)) return 'entity';
  if (/\son[a-z]+\s*=/i.test(text)) return 'event attribute';
  if (/javascript:/i.test(text)) return 'javascript URL';
  // references may only point inside the document (#id) or at an embedded picture
  for (const m of text.matchAll(/\b(?:xlink:)?href\s*=\s*(["'])([\s\S]*?)\1/gi)) {
    const target = m[2]!.trim();
    if (!target.startsWith('#') && !/^data:image\/(png|jpeg|gif);/i.test(target)) return 'external reference';
  }
  if (/url\(\s*["']?(?!#)/i.test(text)) return 'external reference';
  if (/@import/i.test(text)) return 'external reference';
  if (/<(iframe|embed|object|audio|video|animate|set)[\s>/]/i.test(text)) return 'active element';
  return null;
}

/** Parses the sent data URL; answers the data URL to store (with the sniffed type). */
export function checkAvatar(dataUrl: string): string {
  const m = /^data:[^,;]*(;[^,]*)?,(.*)$/s.exec(dataUrl);
  if (!m) throw new AppError(Err.fileFormatWrong);
  const isBase64 = (m[1] ?? '').split(';').includes('base64');
  const bytes = isBase64 ? Buffer.from(m[2]!, 'base64') : Buffer.from(decodeURIComponent(m[2]!), 'utf8');
  if (bytes.length === 0) throw new AppError(Err.fileEmpty);
  if (bytes.length >= AVATAR_MAX_BYTES) throw new AppError(Err.fileTooLarge);
  const type = sniffAvatar(bytes);
  if (!type) throw new AppError(Err.fileFormatWrong);
  if (type === 'image/svg+xml' && svgProblem(bytes.toString('utf8')) !== null)
    throw new AppError(Err.fileFormatWrong);
  return `data:${type};base64,${bytes.toString('base64')}`;
}
