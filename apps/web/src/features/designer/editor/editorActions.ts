/**
 * Editor operations the toolbar, the keyboard and the canvas share, each one hmi command on the
 * current selection. Answers an i18n key of the reason when the operation cannot run, else null.
 */
import {
  DISTRIBUTE_MIN_WIDGETS,
  GROUP_MIN_MEMBERS,
  defaultWidget,
  isCreatableType,
  keepInMargin,
  newId,
  selectionUnits,
  unionRects,
  widgetBounds,
  stepRotation,
  type AlignEdge,
  type CopyBlockReason,
  type DistributeAxis,
  type WidgetType,
  type ZOrderOp,
} from '@fieldhub/hmi';
import type { KeyIn } from '../../../app/useT';
import type { EditorStore } from './editorStore';

/** i18n key (designer namespace) of a refusal, or null when the operation ran. */
export type Refusal = KeyIn<'designer'> | null;

export const blockKey = (reason: CopyBlockReason) => `copy-block.${reason}` as const;

/** Adds a widget of `type` centred on (cx, cy) and selects it. */
export function addWidgetAt(
  store: EditorStore,
  type: WidgetType,
  cx: number,
  cy: number,
  name: string,
): Refusal {
  if (!isCreatableType(type)) return 'message.not-creatable';
  const probe = defaultWidget(type, { id: 'probe' });
  const { width, height } = probe.position;
  const s = store.getState();
  const x = Math.max(0, Math.round(cx - width / 2));
  const y = Math.max(0, Math.round(cy - height / 2));
  const widget = defaultWidget(type, { id: newId('w'), x, y, widgetName: name });
  const blocked = s.run({ type: 'add', widgets: [widget] });
  if (blocked) return blockKey(blocked);
  store.getState().select([widget.id]);
  return null;
}

function ids(store: EditorStore): string[] {
  return store.getState().selection;
}

/** The selected units that may change (not locked). */
function movableCount(store: EditorStore): number {
  const s = store.getState();
  return selectionUnits(s.doc, s.selection).filter((u) => !u.locked && u.movable.length > 0).length;
}

export function groupSelection(store: EditorStore): Refusal {
  if (movableCount(store) < GROUP_MIN_MEMBERS) return 'message.group-needs-two';
  const groupId = newId('g');
  store.getState().run({ type: 'group', ids: ids(store), groupId });
  if (store.getState().doc.groups.some((g) => g.id === groupId)) store.getState().select([groupId]);
  return null;
}

export function ungroupSelection(store: EditorStore): Refusal {
  const s = store.getState();
  const groups = selectionUnits(s.doc, s.selection).filter((u) => u.group);
  if (!groups.length) return 'message.no-group';
  const members = groups.flatMap((u) => u.members.map((w) => w.id));
  s.run({ type: 'ungroup', ids: groups.map((u) => u.id) });
  store.getState().select(members);
  return null;
}

export function alignSelection(store: EditorStore, edge: AlignEdge): Refusal {
  if (movableCount(store) < 2) return 'message.align-needs-two';
  store.getState().run({ type: 'align', ids: ids(store), edge });
  return null;
}

export function distributeSelection(store: EditorStore, axis: DistributeAxis): Refusal {
  if (movableCount(store) < DISTRIBUTE_MIN_WIDGETS) return 'message.distribute-needs-three';
  store.getState().run({ type: 'distribute', ids: ids(store), axis });
  return null;
}

export function zorderSelection(store: EditorStore, op: ZOrderOp): Refusal {
  if (!ids(store).length) return 'message.nothing-selected';
  store.getState().run({ type: 'zorder', ids: ids(store), op });
  return null;
}

/** Locks the selection, or unlocks it when every selected unit is locked already. */
export function toggleLock(store: EditorStore): Refusal {
  const s = store.getState();
  const units = selectionUnits(s.doc, s.selection);
  if (!units.length) return 'message.nothing-selected';
  const locked = !units.every((u) => u.locked);
  s.run({ type: 'lock', ids: units.map((u) => u.id), locked });
  return null;
}

/** Moves the selection by the arrow keys; it stops at the page's edge margin (§4.4). */
export function nudgeSelection(store: EditorStore, dx: number, dy: number): Refusal {
  if (!ids(store).length) return null;
  const { doc } = store.getState();
  const moved = selectionUnits(doc, ids(store)).flatMap((u) => u.movable);
  const bounds = unionRects(moved.map((w) => widgetBounds(w.position)));
  if (!bounds) return null;
  const kept = keepInMargin(bounds, dx, dy, doc.options);
  store.getState().run({ type: 'move', ids: ids(store), dx: kept.dx, dy: kept.dy });
  return null;
}

/**
 * Turns each selected widget to the next 90° step (docs/requirements/pages-and-designer.md §4.1 rotation
 * step).
 */
export function rotateStep(store: EditorStore, direction: 1 | -1): Refusal {
  const s = store.getState();
  const units = selectionUnits(s.doc, s.selection);
  if (!units.length) return 'message.nothing-selected';
  for (const u of units) {
    if (u.group) {
      s.run({ type: 'rotate', ids: [u.id], angle: 90 * direction, mode: 'by' });
    } else {
      const w = u.members[0]!;
      store
        .getState()
        .run({ type: 'rotate', ids: [w.id], angle: stepRotation(w.position.rotate, direction), mode: 'to' });
    }
  }
  return null;
}

export function copyBlocked(reason: CopyBlockReason | null): Refusal {
  return reason ? blockKey(reason) : null;
}
