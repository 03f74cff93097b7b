/**
 * O(1) lookup of widgets and groups by id. The index is cached per widgets array (documents are
 * immutable, so an array never changes once built) and built once, in O(n), on first use.
 */
import type { PageDocument, Widget, WidgetGroup } from './document';

const widgetIndexes = new WeakMap<readonly Widget[], Map<string, number>>();
const groupIndexes = new WeakMap<readonly WidgetGroup[], Map<string, number>>();

/** Position of each widget id in `page.widgets` (its paint order). */
export function widgetIndex(widgets: readonly Widget[]): ReadonlyMap<string, number> {
  let index = widgetIndexes.get(widgets);
  if (!index) {
    index = new Map();
    for (let i = 0; i < widgets.length; i++) index.set(widgets[i]!.id, i);
    widgetIndexes.set(widgets, index);
  }
  return index;
}

function groupIndex(groups: readonly WidgetGroup[]): ReadonlyMap<string, number> {
  let index = groupIndexes.get(groups);
  if (!index) {
    index = new Map();
    for (let i = 0; i < groups.length; i++) index.set(groups[i]!.id, i);
    groupIndexes.set(groups, index);
  }
  return index;
}

/** The widget with this id, or undefined. */
export function findWidget(page: PageDocument, id: string): Widget | undefined {
  const i = widgetIndex(page.widgets).get(id);
  return i === undefined ? undefined : page.widgets[i];
}

/** The group with this id, or undefined. */
export function findGroup(page: PageDocument, id: string): WidgetGroup | undefined {
  const i = groupIndex(page.groups).get(id);
  return i === undefined ? undefined : page.groups[i];
}

/**
 * Replaces widgets by id, keeping every other widget object (structural sharing). Copies the
 * array once; ids not on the page are ignored.
 */
export function replaceWidgets(page: PageDocument, changed: readonly Widget[]): PageDocument {
  if (changed.length === 0) return page;
  const index = widgetIndex(page.widgets);
  const widgets = page.widgets.slice();
  let touched = false;
  for (const w of changed) {
    const i = index.get(w.id);
    if (i === undefined || widgets[i] === w) continue;
    widgets[i] = w;
    touched = true;
  }
  if (!touched) return page;
  // Same ids in the same order: the new array can reuse the old index.
  widgetIndexes.set(widgets, index as Map<string, number>);
  return { ...page, widgets };
}

/**
 * A unit of a selection: what moves together. A group (by its id, or by any member's id) is one
 * unit of its members; a lone widget is a unit of itself. `locked` units are never changed.
 */
export interface SelectionUnit {
  /** The group id, or the widget id. */
  id: string;
  group: WidgetGroup | null;
  /** Members that may change: the unlocked ones (locked children of a group are skipped). */
  movable: Widget[];
  /** Every member, locked or not. */
  members: Widget[];
  /** The unit itself is locked (widget posLock, or group posLock). */
  locked: boolean;
}

/** Resolves selected ids (widget or group ids) to units, each once, in selection order. */
export function selectionUnits(page: PageDocument, ids: readonly string[]): SelectionUnit[] {
  const seen = new Set<string>();
  const units: SelectionUnit[] = [];
  for (const id of ids) {
    const asGroup = findGroup(page, id);
    const widget = asGroup ? undefined : findWidget(page, id);
    const group = asGroup ?? (widget?.groupId ? findGroup(page, widget.groupId) : undefined);
    if (group) {
      if (seen.has(group.id)) continue;
      seen.add(group.id);
      const members = group.children
        .map((c) => findWidget(page, c))
        .filter((w): w is Widget => w !== undefined);
      units.push({
        id: group.id,
        group,
        members,
        movable: group.posLock ? [] : members.filter((w) => !w.posLock),
        locked: group.posLock,
      });
    } else if (widget) {
      if (seen.has(widget.id)) continue;
      seen.add(widget.id);
      units.push({
        id: widget.id,
        group: null,
        members: [widget],
        movable: widget.posLock ? [] : [widget],
        locked: widget.posLock,
      });
    }
  }
  return units;
}
