/**
 * The column chooser of the history report tables (docs/requirements/widgets.md §4.8, its "columns"
 * button): the reader hides and shows columns for the session; the table's heading column (the
 * time, or the variable in the turned-over grid) always stays. Pure.
 */
import type { Widget } from '@fieldhub/hmi';

/** A column the chooser offers: its key and its label. */
export interface ChoosableColumn {
  key: string;
  label: string;
}

/** Whether the table offers the chooser (shown unless the widget turns its button off). */
export const chooserShown = (w: Widget): boolean =>
  (w.style as Record<string, unknown>)['columnsButton'] !== false;

/** The columns shown, in their order: every one not hidden. */
export function shownColumns<T extends { key: string }>(
  columns: readonly T[],
  hidden: ReadonlySet<string>,
): T[] {
  return columns.filter((c) => !hidden.has(c.key));
}

/** The hidden set after the chooser's tick list became `ticked` (keys of columns no longer offered dropped). */
export function hiddenAfter(
  columns: readonly ChoosableColumn[],
  ticked: readonly string[],
): ReadonlySet<string> {
  return new Set(columns.map((c) => c.key).filter((k) => !ticked.includes(k)));
}
