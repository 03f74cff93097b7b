import { AVATAR_MAX_BYTES, AppError, Err } from '@fieldhub/shared';
import { rasteriseSvg } from './svgRaster';

/**
 * The avatar of docs/requirements/account-security.md §1.4: ico, jpg, png, gif or svg under
 * 100 KB. The type is taken from the bytes, never from the name or the data URL's label. An SVG is
 * stored as the PNG it draws (svgRaster.ts), so scripts and event attributes never run; what the
 * drawing itself could reach (a file or address named by a reference, entities) is refused first.
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

/** The character and predefined entity references of an attribute value, decoded. */
function attributeValue(raw: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return raw.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return named[ref] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * Why an SVG cannot be drawn safely, or null. The renderer loads what an `href` names from the
 * server's disk, so every `href` must point inside the document (#id) or hold an embedded png,
 * jpeg or gif. Each occurrence of `href=` is read on its own (a match never swallows the next
 * one, so quotes in comments or text cannot hide an attribute). A DTD's internal subset is
 * refused outright.
 */
export function svgProblem(text: string): string | null {
  // no internal DTD subset: neither entities (billion laughs) nor default attributes (ATTLIST)
  if (/<!(ENTITY|ATTLIST)/i.test(text)) return 'entity';
  // one look from the first DOCTYPE to its end (a regex from every DOCTYPE would be quadratic)
  const doctype = text.search(/<!DOCTYPE/i);
  if (doctype >= 0 && /^[^>]*\[/.test(text.slice(doctype))) return 'entity';
  const hrefs = /href\s*=\s*(["'])/gi;
  for (let m = hrefs.exec(text); m; m = hrefs.exec(text)) {
    const close = text.indexOf(m[1]!, hrefs.lastIndex);
    const target = attributeValue(text.slice(hrefs.lastIndex, close < 0 ? text.length : close)).trim();
    if (!target.startsWith('#') && !/^data:image\/(png|jpeg|gif)[;,]/i.test(target))
      return 'external reference';
  }
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
    if (svgProblem(bytes.toString('utf8')) !== null) throw new AppError(Err.fileFormatWrong);
    return `data:image/png;base64,${(await rasteriseSvg(bytes)).toString('base64')}`;
  }
  return `data:${type};base64,${bytes.toString('base64')}`;
}
