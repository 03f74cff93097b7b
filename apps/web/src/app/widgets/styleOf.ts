/**
 * Reading the loose style and data objects of a widget (packages/hmi keeps widget-specific fields
 * untyped) into what the renderers draw, with the hmi defaults as fallbacks.
 */
import type { CSSProperties } from 'react';
import type { Widget } from '@fieldhub/hmi';

type Loose = Record<string, unknown>;

export const str = (v: unknown, fallback: string): string =>
  typeof v === 'string' && v !== '' ? v : fallback;
export const num = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;
export const obj = (v: unknown): Loose => (v && typeof v === 'object' ? (v as Loose) : {});

export interface StrokeStyle {
  color: string;
  width: number;
  dasharray: string | undefined;
}

function dashOf(dash: unknown, width: number): string | undefined {
  if (dash === 'dashed') return `${width * 4} ${width * 2}`;
  if (dash === 'dotted') return `${width} ${width * 2}`;
  return undefined;
}

/** The outline of a shape (style.stroke) or of a line (style.line). */
export function strokeOf(w: Widget, key: 'stroke' | 'line' = 'stroke'): StrokeStyle {
  const s = obj(w.style[key]);
  const width = num(s['width'], key === 'line' ? 2 : 1);
  return {
    color: str(s['color'], key === 'line' ? '#1890FF' : '#000000'),
    width,
    dasharray: dashOf(s['dash'], width),
  };
}

/** Font and text colour of a text-like widget. */
export function textStyleOf(w: Widget): CSSProperties {
  const f = obj(w.style.font);
  const align = str(w.style.align, 'center');
  return {
    fontFamily: `${str(f['family'], 'Microsoft YaHei')}, "PingFang SC", "Noto Sans CJK SC", sans-serif`,
    fontSize: num(f['size'], 14),
    fontWeight: str(f['weight'], 'normal') as CSSProperties['fontWeight'],
    fontStyle: f['italic'] === true ? 'italic' : 'normal',
    color: str(w.style.color, '#000000'),
    justifyContent: align === 'left' ? 'flex-start' : align === 'right' ? 'flex-end' : 'center',
    textAlign: align === 'left' || align === 'right' ? align : 'center',
  };
}

/** Mirroring of style.flip as a CSS transform of the widget body. */
export function flipOf(w: Widget): string | undefined {
  const f = obj(w.style.flip);
  const x = f['x'] === true;
  const y = f['y'] === true;
  return x || y ? `scale(${x ? -1 : 1}, ${y ? -1 : 1})` : undefined;
}

/** A data field of the widget (widget-specific, loose). */
export function dataOf(w: Widget, key: string): unknown {
  return (w.data as Loose)[key];
}

/** Options (text, value) of a combo box or radio group. */
export function optionsOf(w: Widget): { text: string; value: string }[] {
  const raw = dataOf(w, 'options');
  if (!Array.isArray(raw)) return [];
  return raw.map((o) => {
    const item = obj(o);
    return { text: String(item['text'] ?? ''), value: String(item['value'] ?? '') };
  });
}
