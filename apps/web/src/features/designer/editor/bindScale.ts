/** What binding a variable changes of a widget beyond the binding itself (pure; DataSection binds). */
import type { Binding, Widget } from '@fieldhub/hmi';
import type { SignalScale } from '../../../app/signals/signalScale';

/** Widgets drawn against a scale: the gauge and the percent fill (tank). */
const SCALED_TYPES: readonly string[] = ['UsualDashboard', 'UsualPercentFill'];

/**
 * The data of a widget once bound: `bound` (its binding to the variable), and for a gauge or a tank
 * the variable's range as its scale (docs/requirements/pages-and-designer.md §6.4), the default the
 * designer may change afterwards. A variable without a range leaves the scale as it was.
 */
export function scaledToSignal(widget: Widget, bound: Binding, scale: SignalScale | null): Binding {
  if (!scale || !SCALED_TYPES.includes(widget.widgetType)) return bound;
  return { ...bound, minVal: scale.min, maxVal: scale.max };
}
