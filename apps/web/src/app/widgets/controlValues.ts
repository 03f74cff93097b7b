/**
 * The value logic of the controls that write from their own body and of the frame animation
 * (docs/requirements/widgets.md §3.2, §3.4): the scroll bar's range and snapping, the time selector's
 * reading and writing of a time, and the frame an animation shows for its bound value.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { Widget } from '@fieldhub/hmi';
import { dataOf, num, obj, str } from './styleOf';

dayjs.extend(customParseFormat);

export interface ScrollRange {
  min: number;
  max: number;
  step: number;
}

/** The scroll bar's min, max and step (max above min, a positive step; defaults 0, 100, 1). */
export function scrollRange(widget: Widget): ScrollRange {
  const min = num(dataOf(widget, 'minVal'), 0);
  let max = num(dataOf(widget, 'maxVal'), 100);
  if (!(max > min)) max = min + 100;
  let step = num(dataOf(widget, 'step'), 1);
  if (!(step > 0)) step = 1;
  return { min, max, step };
}

/** Decimals of a step, so 0.1 steps give 0.3 and not 0.30000000000000004. */
function decimalsOf(step: number): number {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : Math.min(10, text.length - dot - 1);
}

/** The value at `ratio` (0..1) of the track, snapped to the step and kept within the range. */
export function valueAtRatio(ratio: number, range: ScrollRange): number {
  const r = Math.min(1, Math.max(0, Number.isFinite(ratio) ? ratio : 0));
  const steps = Math.round(((range.max - range.min) * r) / range.step);
  const value = Math.min(range.max, range.min + steps * range.step);
  return Number(value.toFixed(decimalsOf(range.step)));
}

/** Where a value sits on the track (0..1); null for a value that is not a number. */
export function ratioOfValue(value: unknown, range: ScrollRange): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  if (!Number.isFinite(n)) return null;
  return Math.min(1, Math.max(0, (n - range.min) / (range.max - range.min)));
}

/** The time format of a time selector (default YYYY-MM-DD HH:mm:ss). */
export function timeFormat(widget: Widget): string {
  return str(dataOf(widget, 'format'), 'YYYY-MM-DD HH:mm:ss') || 'YYYY-MM-DD HH:mm:ss';
}

/** Whether the format names no date part (then the selector picks a time of day). */
export function isTimeOnly(format: string): boolean {
  return !/[YMDd]/.test(format);
}

/**
 * The bound value as a time: a number is a Unix time (seconds below 10^11, else milliseconds), a
 * text is read in the widget's format, then as an ISO time. Null when it is neither.
 */
export function timeOfValue(value: unknown, format: string): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()))) {
    const n = Number(value);
    if (!Number.isFinite(n)) return null;
    return dayjs(n < 1e11 ? n * 1000 : n);
  }
  if (typeof value !== 'string') return null;
  const own = dayjs(value, format, true);
  if (own.isValid()) return own;
  const iso = dayjs(value);
  return iso.isValid() ? iso : null;
}

/**
 * What the selector writes for a time picked: a Unix time in seconds when the bound value is a
 * number (a numeric variable), else the time in the widget's format.
 */
export function timeToWrite(picked: dayjs.Dayjs, format: string, current: unknown): string {
  if (typeof current === 'number') return String(picked.unix());
  return picked.format(format);
}

/** The image addresses of an animation's frames (a frame is an address or `{ imgUrl }`). */
export function animationFrames(widget: Widget): string[] {
  const frames = dataOf(widget, 'frames');
  if (!Array.isArray(frames)) return [];
  return frames.map((f) => (typeof f === 'string' ? f : str(obj(f)['imgUrl'], ''))).filter(Boolean);
}

/** The animation's interval between frames in ms (default 1000, at least 50). */
export function animationInterval(widget: Widget): number {
  return Math.max(50, num(dataOf(widget, 'interval'), 1000));
}

/**
 * How a bound value drives the animation (`data.driveMode`): `play` runs the frames while the value is
 * truthy (a number other than 0, a text other than '', '0' or 'false') and holds the first frame
 * otherwise; `frame` shows frame number `value` (0-based, wrapped). Unbound, it plays.
 */
export type AnimationDrive = { kind: 'play' } | { kind: 'stop' } | { kind: 'frame'; index: number };

export function animationDrive(
  widget: Widget,
  bound: boolean,
  value: unknown,
  count: number,
): AnimationDrive {
  if (!bound) return { kind: 'play' };
  if (str(dataOf(widget, 'driveMode'), 'play') === 'frame') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n) || count === 0) return { kind: 'frame', index: 0 };
    const i = Math.trunc(n) % count;
    return { kind: 'frame', index: i < 0 ? i + count : i };
  }
  const truthy =
    typeof value === 'number'
      ? value !== 0
      : typeof value === 'string'
        ? value !== '' && value !== '0' && value.toLowerCase() !== 'false'
        : false;
  return truthy ? { kind: 'play' } : { kind: 'stop' };
}
