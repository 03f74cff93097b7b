/**
 * How a data text shows its live value (docs/requirements/widgets.md §3.2), and on a project page
 * a failed reading by the project's rule (docs/requirements/projects.md §2.1): `custom` shows the
 * project's default text (errorDefaultVal) for a value that is bad (a non-zero quality) or missing,
 * `last` the last value read before it failed. Outside a project a missing value is '--'.
 */
import type { Widget } from '@fieldhub/hmi';
import type { FailedReadingRule, RuntimeValue } from './runtime';
import { dataOf, num } from './styleOf';

function formatted(widget: Widget, value: number | string): string {
  const decimals = num(dataOf(widget, 'decimals'), -1);
  if (typeof value === 'number' && decimals >= 0) return value.toFixed(Math.min(decimals, 10));
  return String(value);
}

/** Whether a held value is a failed reading: none yet, none in it, or a bad quality. */
export const isFailedReading = (live: RuntimeValue | undefined): boolean =>
  !live || live.value === null || live.quality !== 0;

/** The text of a live value: numbers with the widget's decimals; a failed reading by the rule, else '--'. */
export function liveText(
  widget: Widget,
  live: RuntimeValue | undefined,
  rule?: FailedReadingRule | undefined,
): string {
  if (rule && isFailedReading(live)) {
    if (rule.show === 'custom') return rule.text;
    const last = live?.last ?? live?.value ?? null;
    return last === null ? '--' : formatted(widget, last);
  }
  if (!live || live.value === null) return '--';
  return formatted(widget, live.value);
}
