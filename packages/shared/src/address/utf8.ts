/**
 * UTF-8 for string variables. Written out because packages/shared assumes no host (no DOM or Node
 * types, so no TextEncoder). Plain ASCII, the usual content of a PLC string, is one byte a character.
 */

/** The UTF-8 bytes of `text`, cut to at most `maxBytes` without splitting a character. */
export function utf8Encode(text: string, maxBytes = Infinity): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const cp = char.codePointAt(0) ?? 0xfffd;
    const encoded =
      cp < 0x80
        ? [cp]
        : cp < 0x800
          ? [0xc0 | (cp >> 6), 0x80 | (cp & 0x3f)]
          : cp < 0x10000
            ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)]
            : [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
    if (bytes.length + encoded.length > maxBytes) break;
    bytes.push(...encoded);
  }
  return bytes;
}

/** Text of UTF-8 bytes; a malformed sequence becomes U+FFFD, as a lenient decoder does. */
export function utf8Decode(bytes: ArrayLike<number>): string {
  let text = '';
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    const size = b < 0x80 ? 1 : b >= 0xf0 && b < 0xf8 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 0;
    let cp = size === 1 ? b : size === 2 ? b & 0x1f : size === 3 ? b & 0x0f : b & 0x07;
    let ok = size > 0 && i + size <= bytes.length;
    for (let k = 1; ok && k < size; k++) {
      const next = bytes[i + k] ?? 0;
      ok = (next & 0xc0) === 0x80;
      cp = (cp << 6) | (next & 0x3f);
    }
    const minimum = [0, 0, 0x80, 0x800, 0x10000][size] ?? 0;
    if (ok && cp >= minimum && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff)) {
      text += String.fromCodePoint(cp);
      i += size;
    } else {
      text += '\ufffd';
      i += 1;
    }
  }
  return text;
}
