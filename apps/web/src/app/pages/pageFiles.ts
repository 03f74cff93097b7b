/**
 * Page and symbol files (docs/requirements/pages-and-designer.md §12.2): what the designer exports and
 * what the designer and the market screen read back. The reading is size-capped before the text is
 * parsed; the content is then checked by packages/hmi (`parsePage`, `parseSymbol`).
 */
import { PAGE_DOCUMENT_MAX_BYTES } from '@fieldhub/shared';

/** Why a chosen file is not read. */
export type FileRefusal = 'tooLarge' | 'invalidJson';

/** The JSON of a chosen file, at most `max` bytes (a page's limit by default). */
export async function readJsonFile(
  file: File,
  max = PAGE_DOCUMENT_MAX_BYTES,
): Promise<{ ok: true; value: unknown } | { ok: false; reason: FileRefusal }> {
  if (file.size > max) return { ok: false, reason: 'tooLarge' };
  try {
    return { ok: true, value: JSON.parse(await file.text()) };
  } catch {
    return { ok: false, reason: 'invalidJson' };
  }
}

/** Offers `value` as a JSON file named `<name>.json` (characters a file system refuses replaced). */
export async function saveJsonFile(name: string, value: unknown): Promise<void> {
  // loaded when used: the request client needs the browser, the readers below do not
  const { saveBlob } = await import('../request');
  const safe =
    [...name]
      .map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '_' : c))
      .join('')
      .trim() || 'page';
  saveBlob(new Blob([JSON.stringify(value, null, 1)], { type: 'application/json' }), `${safe}.json`);
}

/** A picture as a `data:` address (the server checks its bytes). */
export async function dataUrlOf(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:${file.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}
