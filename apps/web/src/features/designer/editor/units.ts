/**
 * The selectable units of a page for the pointer machine: each lone widget, and each group as the
 * bounds of its members (selecting any member selects its group, as `selectionUnits` reads it).
 */
import { unionRects, widgetBounds, type PageDocument } from '@fieldhub/hmi';
import type { PointerWidget } from '../pointer/pointerMachine';

const cache = new WeakMap<
  PageDocument['widgets'],
  { groups: PageDocument['groups']; units: Map<string, PointerWidget> }
>();

export function pointerUnits(doc: PageDocument): ReadonlyMap<string, PointerWidget> {
  const hit = cache.get(doc.widgets);
  if (hit && hit.groups === doc.groups) return hit.units;
  const units = new Map<string, PointerWidget>();
  const groupLocked = new Map(doc.groups.map((g) => [g.id, g.posLock]));
  const members = new Map<string, PageDocument['widgets']>();
  for (const w of doc.widgets) {
    if (w.hidden) continue;
    if (w.groupId && groupLocked.has(w.groupId)) {
      let list = members.get(w.groupId);
      if (!list) members.set(w.groupId, (list = []));
      list.push(w);
      continue;
    }
    const { x, y, width, height, rotate } = w.position;
    units.set(w.id, { id: w.id, rect: { x, y, width, height }, rotate, locked: w.posLock });
  }
  for (const [groupId, list] of members) {
    const rect = unionRects(list.map((w) => widgetBounds(w.position)));
    if (!rect) continue;
    const locked = groupLocked.get(groupId) === true || list.every((w) => w.posLock);
    units.set(groupId, { id: groupId, rect, rotate: 0, locked });
  }
  cache.set(doc.widgets, { groups: doc.groups, units });
  return units;
}

/** The unit a widget belongs to (its group, or itself). */
export function unitOf(doc: PageDocument, widgetId: string, groupId: string | null): string {
  return groupId && doc.groups.some((g) => g.id === groupId) ? groupId : widgetId;
}
