/**
 * Designer operations as data. `apply(doc, cmd)` is pure and returns the new document and the
 * command that undoes it. Documents are immutable and structurally shared: a command copies the
 * widgets array once and replaces only the widgets it changes; the inverse of a geometry or
 * property edit holds only the previous versions of those widgets.
 *
 * Locked widgets (posLock, or a member of a locked group) are never moved, resized, rotated,
 * aligned, distributed or grouped; in groups, locked children are skipped
 * (docs/requirements/pages-and-designer.md §4.3).
 */
import { copyBlockReason, type CopyBlockReason } from './clipboard';
import type { PageDocument, PageOptions, Position, Widget, WidgetGroup } from './document';
import {
  type AlignEdge,
  type DistributeAxis,
  type Rect,
  alignOffsets,
  distributeOffsets,
  isAtLeastMinSize,
  normalizeAngle,
  scaleInto,
  unionRects,
  widgetBounds,
} from './geometry';
import { insertLineVertex, moveLineVertex, removeLineVertex } from './lineVertices';
import { findWidget, replaceWidgets, selectionUnits, type SelectionUnit } from './pageIndex';
import { rebindWidget, type RebindTarget } from './rebind';
import {
  applyGroup,
  applyLayerMove,
  applyUngroup,
  applyZOrder,
  removeWidgets,
  type LayerPlace,
  type ZOrderOp,
} from './structure';

/** The widget fields a property edit may replace (position has its own commands). */
export type WidgetPatch = Partial<
  Pick<
    Widget,
    'style' | 'data' | 'animation' | 'clickEvent' | 'items' | 'authRegion' | 'widgetName' | 'hidden' | 'ref'
  >
>;

/** Every designer operation. The last three are the inverses the others produce. */
export type Command =
  | { type: 'add'; widgets: Widget[]; groups?: WidgetGroup[] }
  | { type: 'paste'; widgets: Widget[]; groups: WidgetGroup[] }
  | { type: 'import'; widgets: Widget[]; groups: WidgetGroup[] }
  | { type: 'delete'; ids: string[] }
  | { type: 'move'; ids: string[]; dx: number; dy: number }
  /** Resize a widget or a group (by id) to `rect`, in the unrotated frame. */
  | { type: 'resize'; id: string; rect: Rect }
  /** 'by' rotates by `angle` (groups about their centre); 'to' sets each widget's angle. */
  | { type: 'rotate'; ids: string[]; angle: number; mode: 'by' | 'to' }
  | { type: 'setProperty'; ids: string[]; patch: WidgetPatch }
  | { type: 'group'; ids: string[]; groupId: string; widgetName?: string }
  | { type: 'ungroup'; ids: string[] }
  | { type: 'lock'; ids: string[]; locked: boolean }
  | { type: 'zorder'; ids: string[]; op: ZOrderOp }
  /** Drag a layer (widget or group id) just above or below another in the paint order. */
  | { type: 'layerMove'; id: string; target: string; place: LayerPlace }
  /** Move vertex `index` of a line widget to the page point (x, y); its box refits. */
  | { type: 'lineVertex'; id: string; index: number; x: number; y: number }
  /** Add a vertex in the middle of segment `index` of a line widget, or remove vertex `index`. */
  | { type: 'lineVertexEdit'; id: string; index: number; op: 'insert' | 'remove' }
  | { type: 'align'; ids: string[]; edge: AlignEdge }
  | { type: 'distribute'; ids: string[]; axis: DistributeAxis }
  | { type: 'rebind'; ids: string[]; target: RebindTarget }
  | { type: 'pageOptions'; patch: Partial<PageOptions> }
  /** Replace widgets by id with these versions (inverse of edits). */
  | { type: 'updateWidgets'; widgets: Widget[] }
  /** Put back the previous widget and group lists (inverse of structural changes; shared, not copied). */
  | { type: 'restore'; widgets: Widget[]; groups: WidgetGroup[] };

/** The result of applying a command. */
export interface ApplyResult {
  doc: PageDocument;
  /** Applying it to `doc` gives back the document the command was applied to. */
  inverse: Command;
  /** False when the command changed nothing (history does not record it). */
  changed: boolean;
  /** Set when an add, paste or import was refused by a copy limit. */
  blocked?: CopyBlockReason;
}

const unchanged = (doc: PageDocument): ApplyResult => ({
  doc,
  inverse: { type: 'updateWidgets', widgets: [] },
  changed: false,
});

/** An edit of some widgets: new doc, inverse holding the previous versions. */
function edit(doc: PageDocument, next: Widget[]): ApplyResult {
  const prev: Widget[] = [];
  const changed: Widget[] = [];
  for (const w of next) {
    const old = findWidget(doc, w.id);
    if (old && old !== w) {
      prev.push(old);
      changed.push(w);
    }
  }
  if (changed.length === 0) return unchanged(doc);
  return {
    doc: replaceWidgets(doc, changed),
    inverse: { type: 'updateWidgets', widgets: prev },
    changed: true,
  };
}

/** A structural change: inverse restores the previous lists (old arrays, no copy). */
function structural(doc: PageDocument, next: PageDocument): ApplyResult {
  if (next.widgets === doc.widgets && next.groups === doc.groups) return unchanged(doc);
  return {
    doc: next,
    inverse: { type: 'restore', widgets: doc.widgets, groups: doc.groups },
    changed: true,
  };
}

function moved(w: Widget, dx: number, dy: number): Widget {
  return { ...w, position: { ...w.position, x: w.position.x + dx, y: w.position.y + dy } };
}

function unitRect(u: SelectionUnit): Rect | null {
  return unionRects(u.members.map((w) => widgetBounds(w.position)));
}

function offsetUnits(units: SelectionUnit[], offsets: { dx: number; dy: number }[]): Widget[] {
  return units.flatMap((u, i) => {
    const o = offsets[i]!;
    if (o.dx === 0 && o.dy === 0) return [];
    return u.movable.map((w) => moved(w, o.dx, o.dy));
  });
}

function rotateAbout(w: Widget, cx: number, cy: number, deg: number): Widget {
  const rad = (deg * Math.PI) / 180;
  const wx = w.position.x + w.position.width / 2 - cx;
  const wy = w.position.y + w.position.height / 2 - cy;
  const nx = cx + wx * Math.cos(rad) - wy * Math.sin(rad);
  const ny = cy + wx * Math.sin(rad) + wy * Math.cos(rad);
  const position: Position = {
    ...w.position,
    x: nx - w.position.width / 2,
    y: ny - w.position.height / 2,
    rotate: normalizeAngle(w.position.rotate + deg),
  };
  return { ...w, position };
}

function rotate(doc: PageDocument, ids: string[], angle: number, mode: 'by' | 'to'): ApplyResult {
  const next: Widget[] = [];
  for (const u of selectionUnits(doc, ids)) {
    if (mode === 'to') {
      const a = normalizeAngle(angle);
      for (const w of u.movable) {
        if (w.position.rotate !== a) next.push({ ...w, position: { ...w.position, rotate: a } });
      }
      continue;
    }
    if (normalizeAngle(angle) === 0 || u.movable.length === 0) continue;
    const r = u.group ? unitRect(u) : null;
    for (const w of u.movable) {
      // A lone widget turns about its own centre: only its angle changes (no float drift of x, y).
      if (!r) {
        next.push({
          ...w,
          position: { ...w.position, rotate: normalizeAngle(w.position.rotate + angle) },
        });
      } else next.push(rotateAbout(w, r.x + r.width / 2, r.y + r.height / 2, angle));
    }
  }
  return edit(doc, next);
}

function resize(doc: PageDocument, id: string, rect: Rect): ApplyResult {
  // Below the minimum size (2 units) the resize is ignored, for widgets and groups alike.
  if (!isAtLeastMinSize(rect)) return unchanged(doc);
  const [u] = selectionUnits(doc, [id]);
  if (!u || u.movable.length === 0) return unchanged(doc);
  if (!u.group) {
    const w = u.movable[0]!;
    return edit(doc, [{ ...w, position: { ...w.position, ...rect } }]);
  }
  const from = unitRect(u);
  if (!from) return unchanged(doc);
  return edit(
    doc,
    u.movable.map((w) => ({ ...w, position: scaleInto(w.position, from, rect) })),
  );
}

function lock(doc: PageDocument, ids: string[], locked: boolean): ApplyResult {
  const groupIds = new Set(doc.groups.map((g) => g.id));
  const widgetEdits: Widget[] = [];
  let groups = doc.groups;
  for (const id of ids) {
    if (groupIds.has(id)) {
      const i = groups.findIndex((g) => g.id === id);
      if (i >= 0 && groups[i]!.posLock !== locked) {
        if (groups === doc.groups) groups = doc.groups.slice();
        groups[i] = { ...groups[i]!, posLock: locked };
      }
      continue;
    }
    const w = findWidget(doc, id);
    if (w && w.posLock !== locked) widgetEdits.push({ ...w, posLock: locked });
  }
  if (groups === doc.groups) return edit(doc, widgetEdits);
  return structural(doc, { ...replaceWidgets(doc, widgetEdits), groups });
}

function insert(doc: PageDocument, widgets: Widget[], groups: WidgetGroup[] = []): ApplyResult {
  if (widgets.length === 0) return unchanged(doc);
  const blocked = copyBlockReason(doc, widgets);
  if (blocked) return { ...unchanged(doc), blocked };
  // Ids must be new and unique, across widgets and groups.
  const taken = new Set([...doc.widgets.map((w) => w.id), ...doc.groups.map((g) => g.id)]);
  for (const item of [...widgets, ...groups]) {
    if (taken.has(item.id)) return unchanged(doc);
    taken.add(item.id);
  }
  return structural(doc, {
    ...doc,
    widgets: [...doc.widgets, ...widgets],
    groups: groups.length ? [...doc.groups, ...groups] : doc.groups,
  });
}

function pageOptions(doc: PageDocument, patch: Partial<PageOptions>): ApplyResult {
  const old: Partial<PageOptions> = {};
  let changed = false;
  for (const key of Object.keys(patch) as (keyof PageOptions)[]) {
    if (patch[key] === undefined || patch[key] === doc.options[key]) continue;
    (old as Record<string, unknown>)[key] = doc.options[key];
    changed = true;
  }
  if (!changed) return unchanged(doc);
  return {
    doc: { ...doc, options: { ...doc.options, ...patch } },
    inverse: { type: 'pageOptions', patch: old },
    changed: true,
  };
}

/** Applies a command; pure. */
export function apply(doc: PageDocument, cmd: Command): ApplyResult {
  switch (cmd.type) {
    case 'add':
      return insert(doc, cmd.widgets, cmd.groups);
    case 'paste':
    case 'import':
      return insert(doc, cmd.widgets, cmd.groups);
    case 'delete':
      return structural(doc, removeWidgets(doc, cmd.ids));
    case 'move': {
      if (cmd.dx === 0 && cmd.dy === 0) return unchanged(doc);
      const units = selectionUnits(doc, cmd.ids);
      return edit(
        doc,
        offsetUnits(
          units,
          units.map(() => ({ dx: cmd.dx, dy: cmd.dy })),
        ),
      );
    }
    case 'resize':
      return resize(doc, cmd.id, cmd.rect);
    case 'rotate':
      return rotate(doc, cmd.ids, cmd.angle, cmd.mode);
    case 'setProperty': {
      const next: Widget[] = [];
      for (const id of cmd.ids) {
        const w = findWidget(doc, id);
        if (w) next.push({ ...w, ...cmd.patch });
      }
      return edit(doc, next);
    }
    case 'group':
      return structural(doc, applyGroup(doc, cmd.ids, cmd.groupId, cmd.widgetName ?? ''));
    case 'ungroup':
      return structural(doc, applyUngroup(doc, cmd.ids));
    case 'lock':
      return lock(doc, cmd.ids, cmd.locked);
    case 'zorder':
      return structural(doc, applyZOrder(doc, cmd.ids, cmd.op));
    case 'layerMove':
      return structural(doc, applyLayerMove(doc, cmd.id, cmd.target, cmd.place));
    case 'lineVertex': {
      // a locked line (or one in a locked group) keeps its vertices (§4.3)
      const w = selectionUnits(doc, [cmd.id])[0]?.movable.find((m) => m.id === cmd.id);
      const next = w ? moveLineVertex(w, cmd.index, { x: cmd.x, y: cmd.y }) : null;
      return next ? edit(doc, [next]) : unchanged(doc);
    }
    case 'lineVertexEdit': {
      const w = selectionUnits(doc, [cmd.id])[0]?.movable.find((m) => m.id === cmd.id);
      const next = !w
        ? null
        : cmd.op === 'insert'
          ? insertLineVertex(w, cmd.index)
          : removeLineVertex(w, cmd.index);
      return next ? edit(doc, [next]) : unchanged(doc);
    }
    case 'align': {
      const units = selectionUnits(doc, cmd.ids).filter((u) => u.movable.length > 0);
      const rects = units.map((u) => unionRects(u.movable.map((w) => widgetBounds(w.position)))!);
      return edit(doc, offsetUnits(units, alignOffsets(rects, cmd.edge)));
    }
    case 'distribute': {
      const units = selectionUnits(doc, cmd.ids).filter((u) => u.movable.length > 0);
      const rects = units.map((u) => unionRects(u.movable.map((w) => widgetBounds(w.position)))!);
      return edit(doc, offsetUnits(units, distributeOffsets(rects, cmd.axis)));
    }
    case 'rebind': {
      const units = selectionUnits(doc, cmd.ids);
      return edit(
        doc,
        units.flatMap((u) => u.members.map((w) => rebindWidget(w, cmd.target))),
      );
    }
    case 'pageOptions':
      return pageOptions(doc, cmd.patch);
    case 'updateWidgets':
      return edit(doc, cmd.widgets);
    case 'restore':
      return structural(doc, { ...doc, widgets: cmd.widgets, groups: cmd.groups });
  }
}
