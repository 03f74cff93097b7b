/**
 * The value a write click sends (docs/requirements/pages-and-designer.md §8.2–§8.4): a fixed value,
 * a toggle between two values, a step added to the current value, or press-and-hold (one value on
 * press, another on release), each checked against the click's own limits before the write. The
 * variable's write limits are checked after this by the viewer, and again by the server.
 */
import type { ClickConfig } from './document';

/** Write types the editor offers; `choose` (a combo box's options) is set by controls only. */
export const WRITE_TYPES = ['fixed', 'input', 'toggle', 'step', 'press'] as const;
export type WriteType = (typeof WRITE_TYPES)[number];

/** Press-and-hold pairs: press 1 / release 0, press 0 / release 1, or the click's on/off values. */
export const PRESS_TYPES = ['set1', 'set0', 'custom'] as const;
export type PressType = (typeof PRESS_TYPES)[number];

/** Why a write click writes nothing. */
export type ClickWriteProblem =
  /** a step needs the current value, and there is none yet */
  | { kind: 'no-current' }
  /** limits (or a step) need a number */
  | { kind: 'not-number'; value: string }
  | { kind: 'below-min'; value: string; min: number }
  | { kind: 'above-max'; value: string; max: number }
  /** a step would leave the limits and the value already sits on the limit */
  | { kind: 'at-min'; min: number }
  | { kind: 'at-max'; max: number };

export type ClickWrite = { ok: true; value: string } | { ok: false; problem: ClickWriteProblem };

type WriteConfig = Pick<
  ClickConfig,
  'writeType' | 'pressType' | 'writeValue' | 'onValue' | 'offValue' | 'stepValue' | 'limit'
>;

/** A number as the value holds it, or null (an empty text is no number). */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Whether the current value is `value`: numerically when both are numbers, else as texts. */
function sameValue(current: unknown, value: string): boolean {
  const a = numberOf(current);
  const b = numberOf(value);
  if (a !== null && b !== null) return a === b;
  return current !== null && current !== undefined && String(current) === value;
}

/** The value of `a + b` without the binary noise of decimal steps (0.1 + 0.2 is 0.3). */
function sum(a: number, b: number): number {
  return Number((a + b).toPrecision(12));
}

/** The value checked against the click's limits (when they are on). */
export function checkClickLimits(config: Pick<WriteConfig, 'limit'>, value: string): ClickWrite {
  if (!config.limit.enable) return { ok: true, value };
  const n = numberOf(value);
  if (n === null) return { ok: false, problem: { kind: 'not-number', value } };
  if (n < config.limit.min)
    return { ok: false, problem: { kind: 'below-min', value, min: config.limit.min } };
  if (n > config.limit.max)
    return { ok: false, problem: { kind: 'above-max', value, max: config.limit.max } };
  return { ok: true, value };
}

/** A toggle writes its off value while the variable holds its on value, else its on value. */
export function toggleValue(config: Pick<WriteConfig, 'onValue' | 'offValue'>, current: unknown): string {
  return sameValue(current, config.onValue) ? config.offValue : config.onValue;
}

/**
 * A step adds `stepValue` to the current value. With limits on, a step past a limit stops on the
 * limit; a step from the limit itself (or beyond it) outwards writes nothing.
 */
export function stepWrite(config: Pick<WriteConfig, 'stepValue' | 'limit'>, current: unknown): ClickWrite {
  if (current === null || current === undefined) return { ok: false, problem: { kind: 'no-current' } };
  const now = numberOf(current);
  if (now === null) return { ok: false, problem: { kind: 'not-number', value: String(current) } };
  const next = sum(now, config.stepValue);
  const { enable, min, max } = config.limit;
  // a step outwards from the limit is refused; one that lands past it (or comes back from beyond it) stops on it
  if (enable && next > max) {
    if (now >= max && next >= now) return { ok: false, problem: { kind: 'at-max', max } };
    return { ok: true, value: String(max) };
  }
  if (enable && next < min) {
    if (now <= min && next <= now) return { ok: false, problem: { kind: 'at-min', min } };
    return { ok: true, value: String(min) };
  }
  return { ok: true, value: String(next) };
}

/** What press-and-hold writes on press and on release. */
export function pressValues(config: Pick<WriteConfig, 'pressType' | 'onValue' | 'offValue'>): {
  press: string;
  release: string;
} {
  if (config.pressType === 'set0') return { press: '0', release: '1' };
  if (config.pressType === 'custom') return { press: config.onValue, release: config.offValue };
  return { press: '1', release: '0' };
}

/**
 * The value a click writes for the write types decided on click (fixed, toggle, step), checked
 * against the click's limits; null for the types that ask the user (input, choose) or act on
 * press and release (press).
 */
export function clickWriteValue(config: WriteConfig, current: unknown): ClickWrite | null {
  switch (config.writeType) {
    case 'fixed':
      return checkClickLimits(config, config.writeValue);
    case 'toggle':
      return checkClickLimits(config, toggleValue(config, current));
    case 'step':
      return stepWrite(config, current);
    default:
      return null;
  }
}

/** Whether a click config writes on press and release instead of on click. */
export const isPressWrite = (config: Pick<ClickConfig, 'action' | 'writeType'>): boolean =>
  config.action === 'write' && config.writeType === 'press';
