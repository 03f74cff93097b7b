/**
 * Bulk re-bind: point a selection's bindings from one equipment to another (typically a second
 * device of the same template). Signals are mapped by the caller's table (old signal id → new
 * signal id and title); a signal of the old equipment without a mapping is cleared, since a
 * binding whose equipment differs from its signal's is invalid (docs/requirements/pages-and-designer.md §7.1,
 * §7.3).
 */
import type { Widget } from './document';
import { clearedRef, mapSignalRefs } from './signalRefs';

/** Where a re-bind goes. */
export interface RebindTarget {
  fromEquipId: string;
  toEquipId: string;
  /** The new equipment's title (written to subTitle and page references' equipTitle). */
  toEquipTitle: string;
  /** Old signal id → the new equipment's matching signal. */
  signals: Record<string, { signalId: string; title: string }>;
}

/** The widget with its references to `fromEquipId` moved to `toEquipId`. */
export function rebindWidget(widget: Widget, target: RebindTarget): Widget {
  if (target.fromEquipId === target.toEquipId) return widget;
  let out = mapSignalRefs(widget, (ref) => {
    if (ref.equipId !== target.fromEquipId) return ref;
    const mapped = Object.hasOwn(target.signals, ref.signalId) ? target.signals[ref.signalId] : undefined;
    if (!mapped) return clearedRef(ref);
    return {
      ...ref,
      signalId: mapped.signalId,
      title: mapped.title,
      equipId: target.toEquipId,
      subTitle: target.toEquipTitle,
    };
  });
  const page = out.clickEvent.config.page;
  if (page.equipId === target.fromEquipId) {
    out = {
      ...out,
      clickEvent: {
        ...out.clickEvent,
        config: {
          ...out.clickEvent.config,
          page: { ...page, equipId: target.toEquipId, equipTitle: target.toEquipTitle },
        },
      },
    };
  }
  return out;
}
