import { AVATAR_MAX_BYTES, AppError, Err } from '@fieldhub/shared';
import { sanitiseSvgOffThread } from '../materials/materialFiles';
import { rasteriseSvg } from './svgRaster';

/**
 * The avatar of docs/requirements/account-security.md §1.4: ico, jpg, png, gif or svg under
 * 100 KB. The type is taken from the bytes, never from the name or the data URL's label. An SVG is
 * read by the material library's sanitiser (svgSanitiser.mjs, in its bounded worker) and stored as
 * the PNG its sanitised form draws (svgRaster.ts), so scripts and event attributes never run; one
 * the sanitiser refuses (a document type, entities, not well-formed) or that refers to anything
 * outside itself (a file or address the renderer would read from the server) is refused.
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

/**
 * Parses the sent data URL; answers the data URL to store: the picture with its sniffed type, or
 * for an SVG the PNG it draws. Every refusal comes before anything is stored.
 */
export async function checkAvatar(dataUrl: string): Promise<string> {
  const m = /^data:[^,;]*(;[^,]*)?,(.*)$/s.exec(dataUrl);
  if (!m) throw new AppError(Err.fileFormatWrong);
  const isBase64 = (m[1] ?? '').split(';').includes('base64');
  const bytes = isBase64 ? Buffer.from(m[2]!, 'base64') : Buffer.from(decodeURIComponent(m[2]!), 'utf8');
  if (bytes.length === 0) throw new AppError(Err.fileEmpty);
  if (bytes.length >= AVATAR_MAX_BYTES) throw new AppError(Err.fileTooLarge);
  const type = sniffAvatar(bytes);
  if (!type) throw new AppError(Err.fileFormatWrong);
  if (type === 'image/svg+xml') {
    const svg = await sanitiseSvgOffThread(bytes);
    // beyond the element count or the worker's heap, as beyond the drawing's memory: 10008
    if (!svg.ok) throw new AppError(svg.reason === 'tooLarge' ? Err.fileTooLarge : Err.fileFormatWrong);
    // an outside reference is refused rather than drawn as a picture silently missing a part
    if (svg.outside > 0) throw new AppError(Err.fileFormatWrong);
    return `data:image/png;base64,${(await rasteriseSvg(Buffer.from(svg.svg))).toString('base64')}`;
  }
  return `data:${type};base64,${bytes.toString('base64')}`;
}
