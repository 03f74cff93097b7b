/**
 * What an uploaded material is (docs/requirements/pages-and-designer.md §12.1): the type read from
 * the bytes, never from the name or the declared type; an SVG stored sanitised, so that it cannot
 * run anything or reach outside itself.
 */
import type { LocalizedText } from '@fieldhub/shared';
import { runBoundedWorker } from '../bulk/boundedWorker';
import { withParser } from '../bulk/workbookReader';
import {
  SANITISE_LIMITS,
  type SanitiseLimits,
  type SanitiseRefusal,
  type SanitisedSvg,
} from './svgSanitiser.mjs';

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
  // an SVG: UTF-8 text (an optional BOM, XML declaration, comments and document type) whose first
  // element is <svg; the sanitiser refuses the document type with its own reason
  const text = b.toString('utf8', 0, Math.min(b.length, 4096)).replace(/^\uFEFF/, '');
  const rest = text.replace(
    /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>\s*)?(<!--[\s\S]*?-->\s*)*/,
    '',
  );
  if (/^<svg[\s/>]/i.test(rest)) return { mime: 'image/svg+xml', ext: 'svg' };
  return null;
}

/** Why an SVG is refused, in both languages. */
export const SVG_REFUSALS: Record<SanitiseRefusal, LocalizedText> = {
  encoding: { 'zh-CN': '不是 UTF-8 文本', 'en-US': 'not UTF-8 text' },
  entity: { 'zh-CN': '文档类型或实体', 'en-US': 'a document type or entity' },
  format: { 'zh-CN': '不是格式正确的 SVG', 'en-US': 'not a well-formed SVG' },
  tooDeep: { 'zh-CN': '元素嵌套过深', 'en-US': 'elements nested too deeply' },
  tooLarge: { 'zh-CN': '元素过多', 'en-US': 'too many elements' },
};

/** Limits of the sanitising worker: its heap and time (10007 beyond the time, 10008 beyond the heap). */
export const SANITISE_WORKER = { heapMb: 128, timeMs: 10_000 };

const WORKER_URL = new URL('./svgSanitiserWorker.mjs', import.meta.url);

function sanitiseInWorker(content: Buffer, limits: SanitiseLimits): Promise<SanitisedSvg> {
  return runBoundedWorker<SanitisedSvg>(
    WORKER_URL,
    { content, limits },
    { heapMb: SANITISE_WORKER.heapMb, youngMb: 16, timeMs: SANITISE_WORKER.timeMs },
  );
}

/**
 * An uploaded SVG sanitised (svgSanitiser.mjs) in a worker thread with a heap and a time limit;
 * it shares the upload parser slots of bulk/workbookReader.ts, so uploads never take every core.
 */
export function sanitiseSvgOffThread(
  content: Buffer,
  limits: SanitiseLimits = SANITISE_LIMITS,
): Promise<SanitisedSvg> {
  return withParser(() => sanitiseInWorker(content, limits));
}
