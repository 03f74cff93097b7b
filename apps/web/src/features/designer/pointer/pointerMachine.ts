/**
 * The designer's pointer interaction as a pure state machine (STYLE.md: pointer interaction as
 * small state machines). Events carry page coordinates; the reducer answers the next state and,
 * on release, at most one commit (select, move, resize, rotate) that the editor turns into one
 * command. Nothing here touches the DOM, so a drag costs no React render until it is committed.
 *
 * Geometry comes from packages/hmi (docs/requirements/pages-and-designer.md §4.1, §4.4, §4.7: edge-drag
 * tolerance 3, minimum size 2, snap tolerance 5 with adsorb else 1, rotation step 90°).
 */
import {
  EDGE_DRAG_TOLERANCE,
  ROTATION_STEP,
  hitHandle,
  keepInMargin,
  normalizeAngle,
  resizeByHandle,
  snapMove,
  snapTolerance,
  unionRects,
  type Handle,
  type Rect,
} from '@fieldhub/hmi';

export type { Handle, Rect };
/** screen pixels a press must travel before it becomes a drag (a click stays a click) */
export const DRAG_THRESHOLD = 3;

export interface Point {
  x: number;
  y: number;
}

/** A guide line met by a snapped move: vertical at x (axis 'x') or horizontal at y. */
export interface SnapGuide {
  axis: 'x' | 'y';
  at: number;
}

/**
 * What the pointer machine needs to know of a selectable unit: a lone widget, or a group (the
 * bounds of its members) — the units of `selectionUnits` in packages/hmi.
 */
export interface PointerWidget {
  /** widget id, or group id for a group */
  id: string;
  rect: Rect;
  /** degrees, clockwise */
  rotate: number;
  locked: boolean;
}

/** What lies under the pointer at a press. */
export type PointerTarget =
  | { kind: 'widget'; id: string }
  | { kind: 'handle'; id: string; handle: Handle }
  | { kind: 'rotate'; id: string }
  | { kind: 'canvas' };

export interface Modifiers {
  shift: boolean;
  /** Ctrl or Cmd */
  ctrl: boolean;
  /** Alt at the press: the drag copies instead of moving */
  alt?: boolean;
}

export type PointerEvent =
  | ({ type: 'down'; point: Point; target: PointerTarget } & Modifiers)
  | ({ type: 'move'; point: Point } & Modifiers)
  | { type: 'up' }
  | { type: 'cancel' };

export type PointerState =
  | { kind: 'idle' }
  /** pressed on a widget or the canvas, not yet travelled past the drag threshold */
  | {
      kind: 'pressing';
      origin: Point;
      target: PointerTarget;
      additive: boolean;
      /** the selection after the press (the press selects at once) */
      selection: string[];
      /** Alt was held: a drag copies */
      copy: boolean;
    }
  | {
      kind: 'moving';
      origin: Point;
      ids: string[];
      /** union of the moved widgets at the start */
      bounds: Rect;
      /** the other units and the page, to snap to */
      targets: Rect[];
      dx: number;
      dy: number;
      guides: SnapGuide[];
      /** drop copies at the new place and leave the originals */
      copy: boolean;
    }
  | { kind: 'marquee'; origin: Point; current: Point; additive: boolean; base: string[] }
  | { kind: 'resizing'; id: string; handle: Handle; origin: Point; start: Rect; rotate: number; rect: Rect }
  | { kind: 'rotating'; id: string; center: Point; startAngle: number; start: number; rotate: number };

/** The commit a finished gesture asks for. */
export type PointerCommit =
  | { kind: 'select'; ids: string[] }
  | { kind: 'move'; ids: string[]; dx: number; dy: number }
  /** copy-drag (Alt): copies of the units, offset by (dx, dy) */
  | { kind: 'copy'; ids: string[]; dx: number; dy: number }
  | { kind: 'resize'; id: string; rect: Rect }
  | { kind: 'rotate'; id: string; rotate: number };

/** The world the machine reads: widgets by id, the current selection, the settings. */
export interface PointerContext {
  widgets: ReadonlyMap<string, PointerWidget>;
  selection: readonly string[];
  /**
   * designer settings (docs/requirements/pages-and-designer.md §4.7, §10.1): adsorb widens the snap tolerance
   * to 5
   */
  adsorb: boolean;
  /** canvas zoom (screen pixels per page unit): thresholds are in screen pixels */
  zoom: number;
  /** the page itself, a snap target */
  page: Rect;
}

export interface PointerResult {
  state: PointerState;
  /** the selection to show now, when it changes */
  selection?: string[];
  commit?: PointerCommit;
}

export const idle: PointerState = { kind: 'idle' };

export function reducePointer(state: PointerState, event: PointerEvent, ctx: PointerContext): PointerResult {
  if (event.type === 'cancel') return { state: idle };
  switch (state.kind) {
    case 'idle':
      return event.type === 'down' ? press(event, ctx) : { state };
    case 'pressing':
      return fromPressing(state, event, ctx);
    case 'moving':
      return fromMoving(state, event, ctx);
    case 'marquee':
      return fromMarquee(state, event, ctx);
    case 'resizing':
      return fromResizing(state, event, ctx);
    case 'rotating':
      return fromRotating(state, event);
    default:
      return assertNever(state);
  }
}

function assertNever(x: never): never {
  throw new Error(`unexpected pointer state ${JSON.stringify(x)}`);
}

function press(event: Extract<PointerEvent, { type: 'down' }>, ctx: PointerContext): PointerResult {
  const additive = event.shift || event.ctrl;
  const { target } = event;
  switch (target.kind) {
    case 'handle': {
      const w = ctx.widgets.get(target.id);
      if (!w || w.locked) return { state: idle };
      return {
        state: {
          kind: 'resizing',
          id: w.id,
          handle: target.handle,
          origin: event.point,
          start: w.rect,
          rotate: w.rotate,
          rect: w.rect,
        },
      };
    }
    case 'rotate': {
      const w = ctx.widgets.get(target.id);
      if (!w || w.locked) return { state: idle };
      const center = centerOf(w.rect);
      return {
        state: {
          kind: 'rotating',
          id: w.id,
          center,
          startAngle: angleOf(center, event.point),
          start: w.rotate,
          rotate: w.rotate,
        },
      };
    }
    case 'widget': {
      const has = ctx.selection.includes(target.id);
      let selection: string[];
      if (additive) {
        // shift/ctrl toggles the widget in or out of the selection
        selection = has ? ctx.selection.filter((id) => id !== target.id) : [...ctx.selection, target.id];
      } else {
        // a press inside the selection keeps it, so the whole selection can be dragged
        selection = has ? [...ctx.selection] : [target.id];
      }
      return {
        state: {
          kind: 'pressing',
          origin: event.point,
          target,
          additive,
          selection,
          copy: event.alt === true,
        },
        selection,
      };
    }
    case 'canvas': {
      const selection = additive ? [...ctx.selection] : [];
      return {
        state: { kind: 'pressing', origin: event.point, target, additive, selection, copy: false },
        selection,
      };
    }
    default:
      return assertNever(target);
  }
}

function fromPressing(
  state: Extract<PointerState, { kind: 'pressing' }>,
  event: PointerEvent,
  ctx: PointerContext,
): PointerResult {
  if (event.type === 'up') {
    // a plain click on a selected widget among several narrows the selection to it
    const { target } = state;
    if (target.kind === 'widget' && !state.additive && state.selection.length > 1) {
      return { state: idle, selection: [target.id], commit: { kind: 'select', ids: [target.id] } };
    }
    return { state: idle, commit: { kind: 'select', ids: state.selection } };
  }
  if (event.type !== 'move') return { state };
  const travelled = Math.hypot(event.point.x - state.origin.x, event.point.y - state.origin.y) * ctx.zoom;
  if (travelled < DRAG_THRESHOLD) return { state };
  if (state.target.kind === 'canvas') {
    return fromMarquee(
      {
        kind: 'marquee',
        origin: state.origin,
        current: state.origin,
        additive: state.additive,
        base: state.selection,
      },
      event,
      ctx,
    );
  }
  if (state.target.kind === 'widget' && state.additive && !state.selection.includes(state.target.id)) {
    // shift-press that removed the widget: no drag of what was just deselected
    return { state };
  }
  const ids = state.selection.filter((id) => {
    const w = ctx.widgets.get(id);
    return w !== undefined && !w.locked;
  });
  if (!ids.length) return { state: { ...state, origin: event.point } };
  const bounds = unionRects(ids.map((id) => ctx.widgets.get(id)!.rect))!;
  const moving = new Set(ids);
  const targets = [ctx.page];
  for (const w of ctx.widgets.values()) if (!moving.has(w.id)) targets.push(w.rect);
  return fromMoving(
    {
      kind: 'moving',
      origin: state.origin,
      ids,
      bounds,
      targets,
      dx: 0,
      dy: 0,
      guides: [],
      copy: state.copy,
    },
    event,
    ctx,
  );
}

function fromMoving(
  state: Extract<PointerState, { kind: 'moving' }>,
  event: PointerEvent,
  ctx: PointerContext,
): PointerResult {
  if (event.type === 'up') {
    if (state.dx === 0 && state.dy === 0) return { state: idle };
    return {
      state: idle,
      commit: { kind: state.copy ? 'copy' : 'move', ids: state.ids, dx: state.dx, dy: state.dy },
    };
  }
  if (event.type !== 'move') return { state };
  let rawDx = event.point.x - state.origin.x;
  let rawDy = event.point.y - state.origin.y;
  // shift keeps the move on one axis
  if (event.shift) {
    if (Math.abs(rawDx) >= Math.abs(rawDy)) rawDy = 0;
    else rawDx = 0;
  }
  const snapped = snapMove(
    state.bounds,
    Math.round(rawDx),
    Math.round(rawDy),
    state.targets,
    snapTolerance(ctx.adsorb),
  );
  const guides: SnapGuide[] = [
    ...snapped.guidesX.map((at) => ({ axis: 'x' as const, at })),
    ...snapped.guidesY.map((at) => ({ axis: 'y' as const, at })),
  ];
  // the move stops at the page's edge margin (docs/requirements/pages-and-designer.md §4.4)
  const kept = keepInMargin(state.bounds, Math.round(snapped.dx), Math.round(snapped.dy), ctx.page);
  return { state: { ...state, dx: kept.dx, dy: kept.dy, guides } };
}

function fromMarquee(
  state: Extract<PointerState, { kind: 'marquee' }>,
  event: PointerEvent,
  ctx: PointerContext,
): PointerResult {
  if (event.type === 'up') {
    const selection = marqueeSelection(state, ctx);
    return { state: idle, selection, commit: { kind: 'select', ids: selection } };
  }
  if (event.type !== 'move') return { state };
  const next = { ...state, current: event.point };
  return { state: next, selection: marqueeSelection(next, ctx) };
}

/** Widgets wholly inside the marquee, added to the base selection when additive. */
export function marqueeSelection(
  state: Extract<PointerState, { kind: 'marquee' }>,
  ctx: PointerContext,
): string[] {
  const box = rectOf(state.origin, state.current);
  const inside: string[] = [];
  for (const w of ctx.widgets.values()) {
    const r = w.rect;
    if (
      r.x >= box.x &&
      r.y >= box.y &&
      r.x + r.width <= box.x + box.width &&
      r.y + r.height <= box.y + box.height
    ) {
      inside.push(w.id);
    }
  }
  if (!state.additive) return inside;
  const out = [...state.base];
  for (const id of inside) if (!out.includes(id)) out.push(id);
  return out;
}

function fromResizing(
  state: Extract<PointerState, { kind: 'resizing' }>,
  event: PointerEvent,
  ctx: PointerContext,
): PointerResult {
  if (event.type === 'up') {
    const same =
      state.rect.x === state.start.x &&
      state.rect.y === state.start.y &&
      state.rect.width === state.start.width &&
      state.rect.height === state.start.height;
    return same
      ? { state: idle }
      : { state: idle, commit: { kind: 'resize', id: state.id, rect: state.rect } };
  }
  if (event.type !== 'move') return { state };
  const next = resizeRect(
    state.start,
    state.rotate,
    state.handle,
    { x: event.point.x - state.origin.x, y: event.point.y - state.origin.y },
    event.shift,
  );
  // a resize below the minimum is ignored: the last valid rectangle stays
  // (docs/requirements/pages-and-designer.md §4.4)
  if (!next) return { state };
  void ctx;
  return { state: { ...state, rect: next } };
}

function fromRotating(
  state: Extract<PointerState, { kind: 'rotating' }>,
  event: PointerEvent,
): PointerResult {
  if (event.type === 'up') {
    return state.rotate === state.start
      ? { state: idle }
      : { state: idle, commit: { kind: 'rotate', id: state.id, rotate: state.rotate } };
  }
  if (event.type !== 'move') return { state };
  const turned = angleOf(state.center, event.point) - state.startAngle;
  let rotate = normalizeAngle(state.start + turned);
  // shift turns in 90° steps (docs/requirements/pages-and-designer.md §4.1 rotation step); free turns land on
  // whole degrees
  rotate = event.shift
    ? normalizeAngle(Math.round(rotate / ROTATION_STEP) * ROTATION_STEP)
    : Math.round(rotate);
  return { state: { ...state, rotate } };
}

/**
 * The rectangle after dragging `handle` by `delta` (page units): the drag is read in the widget's
 * own (rotated) frame and resized by the hmi kernel (`resizeByHandle`, minimum size 2), then the
 * box is shifted so the opposite edge or corner stays where it is on the page even when rotated.
 * Shift keeps the aspect ratio on corner handles. Answers null when the kernel refuses the size.
 */
export function resizeRect(
  start: Rect,
  rotate: number,
  handle: Handle,
  delta: Point,
  keepRatio = false,
): Rect | null {
  const rad = (rotate * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  let lx = delta.x * cos + delta.y * sin;
  let ly = -delta.x * sin + delta.y * cos;
  const east = handle.includes('e');
  const west = handle.includes('w');
  const south = handle.includes('s');
  const north = handle.includes('n');
  if (keepRatio && (east || west) && (north || south) && start.width > 0 && start.height > 0) {
    const grow = Math.max((east ? lx : -lx) / start.width, (south ? ly : -ly) / start.height);
    lx = (east ? 1 : -1) * grow * start.width;
    ly = (south ? 1 : -1) * grow * start.height;
  }
  const local = resizeByHandle(start, handle, Math.round(lx), Math.round(ly));
  if (!local) return null;
  if (rotate === 0) return local;
  // the fixed point (opposite side) measured from the centre, in the widget's frame
  const ax = east ? -start.width / 2 : west ? start.width / 2 : 0;
  const ay = south ? -start.height / 2 : north ? start.height / 2 : 0;
  const c0 = centerOf(start);
  const anchor = { x: c0.x + ax * cos - ay * sin, y: c0.y + ax * sin + ay * cos };
  const bx = east ? local.width / 2 : west ? -local.width / 2 : 0;
  const by = south ? local.height / 2 : north ? -local.height / 2 : 0;
  const cx = anchor.x + bx * cos - by * sin;
  const cy = anchor.y + bx * sin + by * cos;
  return {
    x: Math.round(cx - local.width / 2),
    y: Math.round(cy - local.height / 2),
    width: local.width,
    height: local.height,
  };
}

/** The handle under `point`: within the 3 px edge-drag tolerance (screen pixels) of an edge. */
export function handleAt(w: PointerWidget, point: Point, zoom: number): Handle | null {
  return hitHandle({ ...w.rect, rotate: w.rotate }, point.x, point.y, EDGE_DRAG_TOLERANCE / zoom);
}

export function centerOf(r: Rect): Point {
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

export function rectOf(a: Point, b: Point): Rect {
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
  };
}

/** Degrees of the line centre → point, clockwise from the top (screen y grows downwards). */
function angleOf(center: Point, p: Point): number {
  return (Math.atan2(p.x - center.x, -(p.y - center.y)) * 180) / Math.PI;
}
