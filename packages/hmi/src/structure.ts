/**
 * Structural edits of the widget and group lists: delete, group, ungroup, z-order. Each returns
 * the next document, or the same one when nothing changes; `commands.ts` wraps them with inverses.
 */
import { GROUP_MIN_MEMBERS } from './constants';
import type { PageDocument, Widget, WidgetGroup } from './document';
import { findGroup, findWidget, selectionUnits } from './pageIndex';

/** Z-order operations: to the top, to the bottom, one step up, one step down. */
export type ZOrderOp = 'front' | 'back' | 'up' | 'down';

/**
 * Keeps groups consistent after members left: a group with fewer than 2 members is dissolved
 * (its remaining member becomes a lone widget).
 */
function settleGroups(
  widgets: Widget[],
  groups: readonly WidgetGroup[],
  removed: ReadonlySet<string>,
): { widgets: Widget[]; groups: WidgetGroup[] } {
  const dissolved = new Set<string>();
  const nextGroups: WidgetGroup[] = [];
  for (const g of groups) {
    const children = g.children.filter((c) => !removed.has(c));
    if (children.length >= GROUP_MIN_MEMBERS) {
      nextGroups.push(children.length === g.children.length ? g : { ...g, children });
    } else dissolved.add(g.id);
  }
  const nextWidgets =
    dissolved.size === 0
      ? widgets
      : widgets.map((w) => (w.groupId && dissolved.has(w.groupId) ? { ...w, groupId: null } : w));
  return { widgets: nextWidgets, groups: nextGroups };
}

/** Deletes widgets (a group id deletes its members). */
export function removeWidgets(doc: PageDocument, ids: readonly string[]): PageDocument {
  const removed = new Set<string>();
  for (const id of ids) {
    const g = findGroup(doc, id);
    if (g) g.children.forEach((c) => removed.add(c));
    else if (findWidget(doc, id)) removed.add(id);
  }
  if (removed.size === 0) return doc;
  const kept = doc.widgets.filter((w) => !removed.has(w.id));
  const touched = doc.groups.some((g) => g.children.some((c) => removed.has(c)));
  if (!touched) return { ...doc, widgets: kept };
  return { ...doc, ...settleGroups(kept, doc.groups, removed) };
}

/**
 * Groups 2 or more unlocked selected units under `groupId`. Selected groups merge into the new
 * one (groups are one level deep); locked widgets and locked groups stay out.
 */
export function applyGroup(
  doc: PageDocument,
  ids: readonly string[],
  groupId: string,
  widgetName: string,
): PageDocument {
  if (findGroup(doc, groupId) || findWidget(doc, groupId)) return doc;
  const units = selectionUnits(doc, ids).filter((u) => !u.locked);
  if (units.length < GROUP_MIN_MEMBERS) return doc;
  const memberIds = new Set(units.flatMap((u) => u.members.map((w) => w.id)));
  const absorbed = new Set(units.flatMap((u) => (u.group ? [u.group.id] : [])));
  const widgets = doc.widgets.map((w) => (memberIds.has(w.id) ? { ...w, groupId } : w));
  const children = doc.widgets.filter((w) => memberIds.has(w.id)).map((w) => w.id);
  const group: WidgetGroup = {
    id: groupId,
    widgetType: 'WidgetGroup',
    widgetName,
    posLock: false,
    children,
  };
  return { ...doc, widgets, groups: [...doc.groups.filter((g) => !absorbed.has(g.id)), group] };
}

/** Dissolves the groups named (by group id or a member's id); members keep their places. */
export function applyUngroup(doc: PageDocument, ids: readonly string[]): PageDocument {
  const gone = new Set(selectionUnits(doc, ids).flatMap((u) => (u.group ? [u.group.id] : [])));
  if (gone.size === 0) return doc;
  return {
    ...doc,
    widgets: doc.widgets.map((w) => (w.groupId && gone.has(w.groupId) ? { ...w, groupId: null } : w)),
    groups: doc.groups.filter((g) => !gone.has(g.id)),
  };
}

/** Reorders the paint order: selected widgets (groups as a whole) to front/back or one step. */
export function applyZOrder(doc: PageDocument, ids: readonly string[], op: ZOrderOp): PageDocument {
  const selected = new Set(selectionUnits(doc, ids).flatMap((u) => u.members.map((w) => w.id)));
  if (selected.size === 0) return doc;
  const isSel = (w: Widget) => selected.has(w.id);
  let next: Widget[];
  switch (op) {
    case 'front':
      next = [...doc.widgets.filter((w) => !isSel(w)), ...doc.widgets.filter(isSel)];
      break;
    case 'back':
      next = [...doc.widgets.filter(isSel), ...doc.widgets.filter((w) => !isSel(w))];
      break;
    case 'up':
      next = doc.widgets.slice();
      for (let i = next.length - 2; i >= 0; i--) {
        if (isSel(next[i]!) && !isSel(next[i + 1]!)) [next[i], next[i + 1]] = [next[i + 1]!, next[i]!];
      }
      break;
    case 'down':
      next = doc.widgets.slice();
      for (let i = 1; i < next.length; i++) {
        if (isSel(next[i]!) && !isSel(next[i - 1]!)) [next[i], next[i - 1]] = [next[i - 1]!, next[i]!];
      }
      break;
  }
  if (next.every((w, i) => w === doc.widgets[i])) return doc;
  return { ...doc, widgets: next };
}

/** Where a dragged layer lands relative to the target row: painted just above or just below it. */
export type LayerPlace = 'above' | 'below';

/**
 * Moves one layer of the layers panel next to another (docs/requirements/pages-and-designer.md
 * §4.9). A group id moves all its members; a group member moves alone when dropped on a member of
 * its own group, else its whole group moves. The moved widgets keep their relative order.
 */
export function applyLayerMove(
  doc: PageDocument,
  id: string,
  target: string,
  place: LayerPlace,
): PageDocument {
  const source = findWidget(doc, id);
  const targetWidget = findWidget(doc, target);
  const sameGroup = !!source?.groupId && source.groupId === targetWidget?.groupId && !findGroup(doc, id);
  const moving = new Set(
    sameGroup ? [id] : selectionUnits(doc, [id]).flatMap((u) => u.members.map((w) => w.id)),
  );
  const anchors = new Set(
    sameGroup ? [target] : selectionUnits(doc, [target]).flatMap((u) => u.members.map((w) => w.id)),
  );
  if (moving.size === 0 || anchors.size === 0 || [...anchors].some((a) => moving.has(a))) return doc;
  const rest = doc.widgets.filter((w) => !moving.has(w.id));
  const moved = doc.widgets.filter((w) => moving.has(w.id));
  let at: number;
  if (place === 'above') {
    at = rest.length;
    while (at > 0 && !anchors.has(rest[at - 1]!.id)) at--;
  } else {
    at = rest.findIndex((w) => anchors.has(w.id));
  }
  const next = [...rest.slice(0, at), ...moved, ...rest.slice(at)];
  if (next.every((w, i) => w === doc.widgets[i])) return doc;
  return { ...doc, widgets: next };
}
