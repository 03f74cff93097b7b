/** Test helpers: small pages built from default widgets (used by the unit and property tests). */
import { defaultWidget } from './defaults';
import { emptyPage, type PageDocument, type Widget, type WidgetGroup } from './document';

/** A rectangle widget at (x, y) of size w×h. */
export function rect(id: string, x: number, y: number, w = 100, h = 50, extra: Partial<Widget> = {}): Widget {
  const base = defaultWidget('ShapeRect', { id, x, y, width: w, height: h });
  return { ...base, ...extra, position: { ...base.position, ...extra.position } };
}

/** A page holding these widgets and groups (group membership set from the groups). */
export function pageOf(widgets: Widget[], groups: WidgetGroup[] = []): PageDocument {
  const member = new Map(groups.flatMap((g) => g.children.map((c) => [c, g.id] as const)));
  return {
    ...emptyPage(),
    widgets: widgets.map((w) => (member.has(w.id) ? { ...w, groupId: member.get(w.id)! } : w)),
    groups,
  };
}

/** A group entry. */
export function group(id: string, children: string[], posLock = false): WidgetGroup {
  return { id, widgetType: 'WidgetGroup', widgetName: id, posLock, children };
}
