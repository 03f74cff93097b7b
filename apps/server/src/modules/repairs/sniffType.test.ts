import { describe, expect, it } from 'vitest';
import { sniffType } from './repairAttachments';

// What an attachment is, read from its first bytes (docs/requirements/operations.md §2.1).
const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffType', () => {
  it.each([
    ['PNG', bytes([0x89], 'PNG\r\n\x1a\n', 'rest'), 'image/png'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg'],
    ['WebP', bytes('RIFF', [0x10, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['PDF', bytes('%PDF-1.7\n'), 'application/pdf'],
  ])('recognises %s', (_name, content, mime) => {
    expect(sniffType(content)?.mime).toBe(mime);
  });

  it.each([
    ['GIF', bytes('GIF89a')],
    ['a WAV (RIFF but not WebP)', bytes('RIFF', [0x10, 0, 0, 0], 'WAVEfmt ')],
    ['text', bytes('hello, this is not a picture')],
    ['an HTML page', bytes('<!doctype html><svg onload=alert(1)>')],
    ['a truncated PNG signature', bytes([0x89], 'PNG')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_name, content) => {
    expect(sniffType(content)).toBeNull();
  });
});
